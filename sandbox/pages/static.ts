import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { SandboxConfig } from '../config';

/**
 * Serves the two bundles as production will (ARCHITECTURE.md; issue "npm start"): the app's HTML of the bundle that
 * matches the user agent at every app route (MicroMessenger → WeChat, AlipayClient → Alipay, anything else → the
 * WeChat bundle, which shows the "open in WeChat or Alipay" screen), hashed assets under /wechat/ and /alipay/ cached
 * for a year. The desktop preview (cookie sbx_host) picks a bundle and injects the host emulator — a sandbox-only
 * script, never part of a bundle.
 */

export type Bundle = 'wechat' | 'alipay';

/** The mode a bundle's HTML was built with (its `<meta name="app-env">`, rsbuild.config.ts), 'unknown' without one. */
export function builtModeOf(html: string): string {
  return /<meta name="app-env" content="([^"]*)"/.exec(html)?.[1] ?? 'unknown';
}

/** The bundle for a user agent. */
export function bundleFor(userAgent: string): Bundle {
  if (/AlipayClient/i.test(userAgent)) return 'alipay';
  return 'wechat';
}

/** Cookie set by the desktop preview: 'wechat' | 'alipay' (and the OS its emulator pretends). */
export const PREVIEW_COOKIE = 'sbx_host';

function previewOf(c: Context): { bundle: Bundle; os: 'ios' | 'android' } | null {
  const value = getCookie(c, PREVIEW_COOKIE);
  if (!value) return null;
  const [bundle, os] = value.split(':');
  if (bundle !== 'wechat' && bundle !== 'alipay') return null;
  return { bundle, os: os === 'ios' ? 'ios' : 'android' };
}

export function staticRoutes(config: SandboxConfig) {
  const app = new Hono();
  const html = new Map<Bundle, string>();
  const readHtml = (bundle: Bundle): string | null => {
    const file = path.join(config.distDir, bundle, 'index.html');
    if (!existsSync(file)) return null;
    // Re-read when the build changed it (npm start may rebuild while the sandbox runs).
    const text = readFileSync(file, 'utf8');
    html.set(bundle, text);
    return text;
  };

  for (const bundle of ['wechat', 'alipay'] as const) {
    app.use(
      `/${bundle}/*`,
      serveStatic({
        root: path.relative(process.cwd(), config.distDir) || '.',
        onFound: (_path, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    app.get(`/${bundle}/*`, (c) => c.text('Not Found', 404));
  }

  app.get('/__sandbox/emulator/:name{(wechat|alipay)\\.js}', (c) => {
    const file = path.join(config.rootDir, 'test/emulators', c.req.param('name'));
    return c.body(readFileSync(file, 'utf8'), 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });

  // Every other GET without a file extension is an app route: the bundle's HTML.
  app.get('*', (c, next) => {
    const p = c.req.path;
    if (p.startsWith('/api/') || p.startsWith('/wap/') || p.startsWith('/__sandbox')) return next();
    if (/\.[a-z0-9]+$/i.test(p)) return c.text('Not Found', 404);
    const preview = previewOf(c);
    const bundle = preview?.bundle ?? bundleFor(c.req.header('user-agent') ?? '');
    let text = readHtml(bundle);
    if (!text) {
      return c.text('The app is not built yet: run `npm run build:sandbox` (npm start does it for you).', 503);
    }
    const mode = builtModeOf(text);
    if (mode !== 'sandbox') {
      // A production build calls the production API: the sandbox never serves one (issue 7 §8).
      return c.text(
        `dist/${bundle} holds a build of mode '${mode}', not the sandbox build: run \`npm run build:sandbox\` ` +
          '(npm start rebuilds it for you).',
        503,
      );
    }
    if (preview) {
      const inject =
        `<script>window.__EMULATOR_CONFIG__=${JSON.stringify({ os: preview.os, askScan: true, jsapiTicket: config.jsapiTicket })}</script>` +
        `<script src="/__sandbox/emulator/${bundle}.js"></script>`;
      text = text.replace('<head>', `<head>${inject}`);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(text);
  });

  return app;
}
