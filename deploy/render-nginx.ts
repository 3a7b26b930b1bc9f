import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { resolveSettings } from './settings';

/**
 * Renders deploy/nginx/app.conf.template for one environment (README "Deploying"):
 *   npx tsx deploy/render-nginx.ts --mode online --root /srv/app --listen 80 --out /etc/nginx/conf.d/default.conf
 * Options: --api-upstream URL proxies /api/ and /wap/ to the backend (same-origin deployments; otherwise the app calls
 * PUBLIC_API_BASE_URL directly); --sandbox-upstream URL also proxies /__sandbox/ (tests against the sandbox only).
 * The Content-Security-Policy allows only what the app loads and calls with this environment's settings.
 */

/** The origin of an absolute http(s) URL, or null for '' and relative paths. */
function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//.test(url)) return null;
  return new URL(url).origin;
}

/** The Content-Security-Policy of a build's settings. */
export function contentSecurityPolicy(vars: Record<string, string>): string {
  const unique = (list: (string | null)[]) => [...new Set(list.filter((v): v is string => Boolean(v)))].join(' ');
  const assets = originOf(vars.PUBLIC_ASSET_PREFIX);
  const map = vars.PUBLIC_AMAP_KEY
    ? ['https://webapi.amap.com', 'https://*.amap.com', 'https://*.is.autonavi.com']
    : [];
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': unique(["'self'", assets, ...map]),
    'style-src': unique(["'self'", "'unsafe-inline'", assets]),
    'img-src': "'self' data: blob: https:",
    'font-src': unique(["'self'", 'data:', assets]),
    'connect-src': unique([
      "'self'",
      originOf(vars.PUBLIC_API_BASE_URL),
      originOf(vars.PUBLIC_LECHANGE_API_URL),
      assets,
      ...map,
    ]),
    'media-src': "'self' blob: https:",
    'worker-src': "'self' blob:",
    'frame-ancestors': "'none'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** The security headers every answer carries. */
function securityHeaders(csp: string): string {
  return [
    `        add_header Content-Security-Policy "${csp}" always;`,
    '        add_header X-Content-Type-Options "nosniff" always;',
    '        add_header Referrer-Policy "strict-origin-when-cross-origin" always;',
    '        add_header X-Frame-Options "DENY" always;',
  ].join('\n');
}

/** A proxy location (longest-prefix, so that it wins over the file-name rule). */
function proxy(prefix: string, upstream: string, headers: string): string {
  return `
    location ^~ ${prefix} {
${headers}
        error_page 413 = @body_too_large;
        proxy_pass ${upstream.replace(/\/$/, '')};
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_read_timeout 35s;
    }
`;
}

/** Renders the configuration text. */
export function renderNginx(options: {
  mode: string;
  root: string;
  listen: string;
  apiUpstream?: string;
  sandboxUpstream?: string;
  env?: Record<string, string | undefined>;
}): string {
  const vars = resolveSettings(options.mode, options.env ?? process.env, path.resolve(import.meta.dirname, 'env'));
  const headers = securityHeaders(contentSecurityPolicy(vars));
  let proxies = '';
  if (options.apiUpstream)
    proxies += proxy('/api/', options.apiUpstream, headers) + proxy('/wap/', options.apiUpstream, headers);
  if (options.sandboxUpstream) proxies += proxy('/__sandbox/', options.sandboxUpstream, headers);
  const template = readFileSync(path.resolve(import.meta.dirname, 'nginx/app.conf.template'), 'utf8');
  return template
    .replaceAll('@LISTEN@', options.listen)
    .replaceAll('@ROOT@', path.resolve(options.root))
    .replaceAll('@SECURITY_HEADERS@', headers)
    .replaceAll('@PROXIES@', proxies);
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const { values } = parseArgs({
    options: {
      mode: { type: 'string' },
      root: { type: 'string', default: 'dist' },
      listen: { type: 'string', default: '80' },
      out: { type: 'string' },
      'api-upstream': { type: 'string' },
      'sandbox-upstream': { type: 'string' },
    },
  });
  if (!values.mode || !values.out) {
    console.error(
      'usage: tsx deploy/render-nginx.ts --mode <online|pre|test|test2|dev|sandbox> --out FILE [--root DIR] [--listen ADDR] [--api-upstream URL]',
    );
    process.exit(2);
  }
  const text = renderNginx({
    mode: values.mode,
    root: values.root,
    listen: values.listen,
    apiUpstream: values['api-upstream'],
    sandboxUpstream: values['sandbox-upstream'],
  });
  mkdirSync(path.dirname(values.out), { recursive: true });
  writeFileSync(values.out, text);
  console.log(`nginx configuration for ${values.mode} written to ${values.out}`);
}
