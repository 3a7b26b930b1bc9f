/**
 * What `npm start` serves must be a sandbox build (issue 7 §8): a production build (`npm run build -- --env-mode
 * online`) left in dist/ would send the app to the production API. Every build stamps its mode into its HTML
 * (`<meta name="app-env" content="…">`, rsbuild.config.ts); `npm start` rebuilds when dist/ holds another mode, is
 * missing, or is older than the sources, and the sandbox refuses to serve a build of another mode.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The mode a built bundle was made with (the app-env meta of its index.html), or null when it is missing. */
export function builtMode(distDir, bundle) {
  const file = path.join(distDir, bundle, 'index.html');
  if (!existsSync(file)) return null;
  const match = /<meta name="app-env" content="([^"]*)"/.exec(readFileSync(file, 'utf8'));
  return match ? match[1] : 'unknown';
}

/** Newest modification time under a folder (sources that go into the bundles). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(file) : statSync(file).mtimeMs);
  }
  return latest;
}

/**
 * Why the sandbox bundles must be (re)built before serving, or null when dist/ holds current sandbox builds.
 * @param root the repository
 * @param distDir the output folder (dist)
 */
export function rebuildReason(root, distDir) {
  const modes = ['wechat', 'alipay'].map((bundle) => builtMode(distDir, bundle));
  if (modes.includes(null)) return 'the bundles are not built yet';
  const other = modes.find((mode) => mode !== 'sandbox');
  if (other) return `dist/ holds a build of mode '${other}', not the sandbox build`;
  const builtAt = Math.min(
    ...['wechat', 'alipay'].map((bundle) => statSync(path.join(distDir, bundle, 'index.html')).mtimeMs),
  );
  const sourcesAt = Math.max(
    ...['src', 'platform', 'entries', 'deploy/env'].map((d) => newest(path.join(root, d))),
    statSync(path.join(root, 'rsbuild.config.ts')).mtimeMs,
    statSync(path.join(root, 'package-lock.json')).mtimeMs,
  );
  return builtAt < sourcesAt ? 'the sources changed since the last build' : null;
}
