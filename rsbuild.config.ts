import path from 'node:path';
import { defineConfig, rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { resolveSettings } from './deploy/settings';
import { lazyIntlPlugin } from './scripts/lazy-intl';
import { moduleGraphPlugin } from './scripts/module-graph';
import { unbuiltRoutes } from './scripts/screen-names';
import packageJson from './package.json';

/**
 * One code base, two bundles (ARCHITECTURE.md "Build"): the `wechat` and `alipay` environments share this config
 * and differ only in their entry and output folder. Assets of each bundle live under /<platform>/ so that one origin
 * (the sandbox, or nginx in production) serves both; the HTML of the bundle matching the user agent is served at
 * every app route.
 */
export default defineConfig(({ envMode }) => {
  const vars = resolveSettings(envMode, process.env, path.resolve('deploy/env'));
  const define: Record<string, string> = {};
  for (const [key, value] of Object.entries(vars)) {
    define[`import.meta.env.${key}`] = JSON.stringify(value);
  }
  // The routes without a screen yet (src/app/routes.ts; scripts/screen-names.ts).
  define.__UNBUILT_ROUTES__ = JSON.stringify(unbuiltRoutes());
  // The app's version (package.json), shown by the settings centre's 关于.
  define.__APP_VERSION__ = JSON.stringify(packageJson.version);
  const assetBase = vars.PUBLIC_ASSET_PREFIX?.replace(/\/$/, '') ?? '';
  const environment = (name: 'wechat' | 'alipay') => ({
    source: { entry: { index: `./entries/${name}.tsx` } },
    output: {
      // DIST_DIR lets parallel builds (e.g. several worktrees' tests) use their own output folder.
      // The favicon beside the other static files (served by the sandbox and by nginx's /<bundle>/static/ location).
      distPath: { root: `${process.env.DIST_DIR ?? 'dist'}/${name}`, favicon: 'static/image' },
      cleanDistPath: true,
      assetPrefix: `${assetBase}/${name}/`,
    },
  });
  return {
    // The syntax of dist/ is checked against the webviews by scripts/check-dist.mjs (part of npm test).
    // uPlot without Intl at load (scripts/lazy-intl.ts).
    plugins: [pluginReact(), lazyIntlPlugin()],
    resolve: {
      // React Router 7's package exports resolve to its development build in every build (remix-run/react-router#14102:
      // dev warnings and checks, more bytes and more work at startup); production builds use its production build.
      alias: {
        'react-router$': path.resolve('node_modules/react-router/dist/production/index.mjs'),
      },
    },
    source: {
      define,
      // Dependencies that ship syntax newer than the webviews' (see package.json browserslist); the syntax check
      // of dist/ (scripts/check-dist.mjs) fails when one is missing here.
      include: [
        /node_modules[\\/](antd-mobile|@react-spring|@use-gesture|alova|@alova|react-router|dompurify|zod|uplot|@tanstack|hls\.js|gcoord|@vant|@amap)[\\/]/,
      ],
    },
    environments: {
      wechat: environment('wechat'),
      alipay: environment('alipay'),
      // Only for npm run bench (BENCH_LIST=1): the 5 000-row list page, never part of an app bundle.
      ...(process.env.BENCH_LIST === '1'
        ? {
            bench: {
              source: { entry: { index: './scripts/bench/list-page.tsx' } },
              output: {
                distPath: { root: `${process.env.DIST_DIR ?? 'dist'}/bench` },
                assetPrefix: '/',
                cleanDistPath: true,
              },
            },
          }
        : {}),
    },
    html: {
      template: './src/app/index.html',
      title: '充电运营管理平台',
      // The build's mode, read by npm start and the sandbox: they never serve a production build (scripts/sandbox-build.mjs).
      meta: { 'app-env': envMode ?? '' },
      // The app's icon as the favicon (a request for /favicon.ico on every load answered 404 before).
      favicon: './src/assets/logo.svg',
    },
    output: {
      polyfill: 'usage',
      legalComments: 'none',
      // 8 hex digits (not 10) name a file version well enough for caching, and the startup code carries one per lazy
      // chunk (the chunk loader's name tables), so each saved digit is startup bytes (issue 14: 160 kB).
      filenameHash: 'contenthash:8',
      sourceMap: { js: process.env.SOURCE_MAP ? 'source-map' : false },
    },
    tools: {
      // antd-mobile marks its barrel (es/index.js) as having side effects only because it imports its global styles;
      // that pins every component imported anywhere into the first chunk. The barrel is declared side-effect free
      // here and boot imports antd-mobile/es/global itself, so each screen carries only the components it uses.
      rspack: {
        // Each build writes its module graph beside the bundles (<dist>/module-graph/<environment>.json): the startup
        // rule of npm test (no screen code at startup) and npm run bench's bytes per route read it.
        plugins: [
          moduleGraphPlugin(path.resolve(process.env.DIST_DIR ?? 'dist')),
          // Explicit compile hints (V8, Chromium 136+; older engines read a comment): every function of a bundle is
          // compiled while the script streams in, on a background thread, instead of on the main thread when first
          // called. Startup calls most of each startup bundle, and a lazy chunk is loaded to run its screen. Issue 14:
          // in bench:trace the compiling of module factories was the largest part of evaluating each bundle (10–24 ms
          // unthrottled). The line goes on after minifying (which drops comments), before the source maps are made.
          new rspack.BannerPlugin({
            banner: '//# allFunctionsCalledOnLoad',
            raw: true,
            test: /\.js$/,
            stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
          }),
        ],
        module: {
          rules: [{ test: /node_modules[\\/]antd-mobile[\\/]es[\\/]index\.js$/, sideEffects: false }],
        },
      },
      // Polyfills by usage for the stable language only: Rsbuild turns on shippedProposals in usage mode, which pulls
      // in core-js's proposal modules (esnext.set.*, esnext.map.* ...) for every `.filter(`/`.map(` call site.
      // It also matches method names, not types: `.filter(` adds Iterator helpers, `.sort(` typed-array sorting, and
      // so on. The families below are such false positives for this code base (no iterator helpers, typed arrays,
      // Set methods or structuredClone are called; URL/URLSearchParams are used only in forms Chromium 69 and
      // iOS 12 implement natively), excluded to keep the first screen within its byte budget (README "Numbers").
      // The last four fix what this code never does (push onto an array-like of length 2^53 or a frozen length,
      // `with` over an array, read a DOMException's stack); each ran its feature test, one by throwing, at startup.
      swc(config) {
        if (!config.env) return;
        config.env.shippedProposals = false;
        config.env.exclude = [
          ...(config.env.exclude ?? []),
          'es.iterator.constructor',
          'es.iterator.every',
          'es.iterator.filter',
          'es.iterator.find',
          'es.iterator.flat-map',
          'es.iterator.for-each',
          'es.iterator.map',
          'es.iterator.reduce',
          'es.iterator.some',
          'es.iterator.to-array',
          'es.iterator.drop',
          'es.iterator.take',
          'es.iterator.from',
          'es.iterator.dispose',
          'es.typed-array.at',
          'es.typed-array.fill',
          'es.typed-array.find-last-index',
          'es.typed-array.find-last',
          'es.typed-array.set',
          'es.typed-array.sort',
          'es.typed-array.to-reversed',
          'es.typed-array.to-sorted',
          'es.typed-array.uint8-array',
          'es.typed-array.with',
          'es.typed-array.includes',
          'es.typed-array.iterator',
          'es.typed-array.to-locale-string',
          'es.typed-array.float32-array',
          'es.typed-array.float64-array',
          'es.typed-array.int8-array',
          'es.typed-array.int16-array',
          'es.typed-array.int32-array',
          'es.typed-array.uint8-clamped-array',
          'es.typed-array.uint16-array',
          'es.typed-array.uint32-array',
          'es.array-buffer.detached',
          'es.array-buffer.slice',
          'es.array-buffer.transfer-to-fixed-length',
          'es.array-buffer.transfer',
          'es.set.difference.v2',
          'es.set.intersection.v2',
          'es.set.is-disjoint-from.v2',
          'es.set.is-subset-of.v2',
          'es.set.is-superset-of.v2',
          'es.set.symmetric-difference.v2',
          'es.set.union.v2',
          'web.structured-clone',
          'web.url',
          'web.url.can-parse',
          'web.url.parse',
          'web.url.to-json',
          'web.url-search-params',
          'web.url-search-params.delete',
          'web.url-search-params.has',
          'web.url-search-params.size',
          'es.array.push',
          'es.array.unscopables.flat',
          'es.array.unscopables.flat-map',
          'web.dom-exception.stack',
        ];
      },
    },
    performance: {
      chunkSplit: {
        strategy: 'split-by-experience',
        // Libraries loaded only where they are used get a recognisable name: they are the documented exceptions of
        // the per-chunk byte budget (scripts/budget.mjs, README "Numbers").
        forceSplitting: {
          'lib-chart': /node_modules[\\/]uplot[\\/]/,
          // The list virtualiser, shared by every list screen and rarely changing: cached on its own.
          'lib-virtual': /node_modules[\\/]@tanstack[\\/]/,
          // The map SDK loader, coordinate conversion and the mainland region data: only the location screens.
          'lib-map': /node_modules[\\/](@amap|@vant[\\/]area-data|gcoord)[\\/]/,
          // The HLS player: only the camera live view.
          'lib-video': /node_modules[\\/]hls\.js[\\/]/,
        },
        // Polyfills that only lazy chunks need travel with them, not in the first bytes.
        override: {
          cacheGroups: {
            'lib-polyfill': {
              name: 'lib-polyfill',
              test: /node_modules[\\/](?:tslib|core-js|@swc[\\/]helpers)[\\/]/,
              chunks: 'initial',
              priority: 0,
            },
          },
        },
      },
    },
    server: { port: Number(process.env.PORT ?? 8080) },
  };
});
