import type { RsbuildPlugin } from '@rsbuild/core';

/**
 * uPlot without Intl at load (issue 14 item 3: /income's longest task after its figures).
 *
 * The first `Intl.NumberFormat` or `Intl.DateTimeFormat` a page makes loads the browser's locale data: 15–35 ms of
 * main thread on the bench machine (measured in Chromium: the first format 17–34 ms, the next 0.2 ms). uPlot makes
 * both at the top of its module, for its default number labels (`fmtNum`) and to compare time zones (`tzDate`), so
 * that cost was most of the 25–30 ms the lib-chart chunk took to evaluate (`npm run bench:trace -- --route=/income`:
 * 28 ms of self time in uPlot's module function). The app's chart (src/components/line-chart.tsx) gives every axis its
 * own labels and shows no legend, so it never calls either: the build makes them when first called instead.
 *
 * Each edit names the exact text of uPlot's module it replaces (uPlot 1.6.32, dist/uPlot.esm.js); the build fails when
 * a text is not found exactly once, so an upgrade of uPlot that moves them is seen at once, not shipped unpatched.
 */
export const UPLOT_LAZY_INTL: readonly { find: string; replace: string }[] = [
  {
    find: "const numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US');\nconst fmtNum = val => numFormatter.format(val);",
    replace:
      "let numFormatter = null;\nconst fmtNum = val => (numFormatter || (numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US'))).format(val);",
  },
  {
    find: 'const localTz = new Intl.DateTimeFormat().resolvedOptions().timeZone;',
    replace:
      'let localTz = null;\nconst getLocalTz = () => localTz || (localTz = new Intl.DateTimeFormat().resolvedOptions().timeZone);',
  },
  {
    find: '\telse if (tz == localTz)',
    replace: '\telse if (tz == getLocalTz())',
  },
];

/**
 * uPlot's module source with the edits of `UPLOT_LAZY_INTL` made. Throws an Error naming the text when one is not in
 * `code` exactly once.
 */
export function lazyIntl(code: string): string {
  let out = code;
  for (const { find, replace } of UPLOT_LAZY_INTL) {
    const count = out.split(find).length - 1;
    if (count !== 1)
      throw new Error(
        `lazy-intl: uPlot's module has ${count} copies of ${JSON.stringify(find)} (1 expected); see scripts/lazy-intl.ts`,
      );
    out = out.replace(find, () => replace);
  }
  return out;
}

/** The module this plugin edits: uPlot's ES module build (its package's "module" entry, which Rspack resolves). */
export const UPLOT_MODULE = /node_modules[\\/]uplot[\\/]dist[\\/]uPlot\.esm\.js$/;

/** An Rsbuild plugin that applies `lazyIntl` to uPlot's module in every build (both bundles, every mode). */
export function lazyIntlPlugin(): RsbuildPlugin {
  return {
    name: 'ops:lazy-intl',
    setup(api) {
      api.transform({ test: UPLOT_MODULE }, ({ code }) => lazyIntl(code));
    },
  };
}
