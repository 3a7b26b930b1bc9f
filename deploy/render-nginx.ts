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

/**
 * The origins of PUBLIC_MEDIA_ORIGINS (deploy/env/README.md): space- or comma-separated https origins.
 * @throws Error naming the entry when one is not an https origin (a path, a wildcard or a scheme would widen the policy).
 */
export function mediaOrigins(value: string | undefined): string[] {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  return entries.map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : null;
    const named = url !== null && /^[a-z0-9.-]+$/i.test(url.hostname); // no wildcard host
    if (!url || !named || url.protocol !== 'https:' || url.origin !== entry.replace(/\/$/, '')) {
      throw new Error(`PUBLIC_MEDIA_ORIGINS: "${entry}" is not an https origin (e.g. https://files.example.com)`);
    }
    return url.origin;
  });
}

/**
 * The hosts the AMap JS API 2.0 loads from (B-site.md §0.5 map location screen; AMap's documentation of the JS API
 * and its web-service plugins), by what they serve: the loader, plugin and module scripts, and the JSONP answers of
 * the plugins this app uses (Geocoder, AutoComplete, CitySearch, Geolocation); the vector data and styles; the theme,
 * icon and raster-tile images. No wildcard: a host the map starts to use must be added here by name.
 */
export const AMAP_HOSTS = {
  script: ['https://webapi.amap.com', 'https://restapi.amap.com'],
  connect: ['https://webapi.amap.com', 'https://restapi.amap.com', 'https://vdata.amap.com'],
  img: [
    'https://webapi.amap.com',
    'https://a.amap.com',
    'https://vdata.amap.com',
    'https://webrd01.is.autonavi.com',
    'https://webrd02.is.autonavi.com',
    'https://webrd03.is.autonavi.com',
    'https://webrd04.is.autonavi.com',
  ],
} as const;

/**
 * The WeChat JS-SDK (weixin-js-sdk, bundled in the WeChat bundle) reports each wx.config to WeChat with an image
 * beacon on this host; refused, it would be a CSP violation on every start in WeChat.
 */
export const WECHAT_SDK_IMG_HOSTS = ['https://open.weixin.qq.com'] as const;

/**
 * The Content-Security-Policy of a build's settings (issue 12 item 6): only origins the settings name. Styles come
 * from the bundle's CSS files only — no 'unsafe-inline': the app sets styles from script through the CSSOM
 * (React's style prop, antd-mobile), which CSP does not govern, while style attributes in markup and <style>
 * elements are refused (style-src-attr / style-src-elem fall back to style-src; test/e2e/nginx.test.ts counts the
 * violations Chromium reports over every built screen). Images and media: the page's own origin, data:/blob:, the
 * API and CDN origins and PUBLIC_MEDIA_ORIGINS (the backend's files: logos, posters, camera covers and live streams),
 * never the whole https: scheme.
 */
export function contentSecurityPolicy(vars: Record<string, string>): string {
  const unique = (list: (string | null)[]) => [...new Set(list.filter((v): v is string => Boolean(v)))].join(' ');
  const assets = originOf(vars.PUBLIC_ASSET_PREFIX);
  const api = originOf(vars.PUBLIC_API_BASE_URL);
  const media = mediaOrigins(vars.PUBLIC_MEDIA_ORIGINS);
  const map = vars.PUBLIC_AMAP_KEY ? AMAP_HOSTS : { script: [], connect: [], img: [] };
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': unique(["'self'", assets, ...map.script]),
    'style-src': unique(["'self'", assets]),
    'img-src': unique(["'self'", 'data:', 'blob:', assets, api, ...media, ...WECHAT_SDK_IMG_HOSTS, ...map.img]),
    'font-src': unique(["'self'", 'data:', assets]),
    // hls.js fetches the live stream's playlist and segments (media origins) before it hands them to the video.
    'connect-src': unique(["'self'", api, originOf(vars.PUBLIC_LECHANGE_API_URL), assets, ...media, ...map.connect]),
    'media-src': unique(["'self'", 'blob:', api, ...media]),
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

/** HSTS: a year, this host and its subdomains (browsers heed it over https only). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Permissions-Policy: only what the app uses is allowed, to its own origin — geolocation (src/lib/coords.ts: the site
 * form's 定位), clipboard-write (复制 of order, card and device numbers), fullscreen and autoplay (the live camera
 * video). Scanning uses the host's camera (wx.scanQRCode / my.scan), not the page's: camera and microphone are off, as
 * are payment (the hosts' cashiers pay), USB, serial, HID, MIDI, screen capture and clipboard reading. Only features
 * Chromium and WebKit know are named (an unknown one is a console error).
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'clipboard-write=(self)',
  'fullscreen=(self)',
  'autoplay=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'clipboard-read=()',
].join(', ');

/** The security headers every answer carries (`csp` null: all but the Content-Security-Policy). */
function securityHeaders(csp: string | null): string {
  return [
    ...(csp ? [`        add_header Content-Security-Policy "${csp}" always;`] : []),
    `        add_header Strict-Transport-Security "${HSTS}" always;`,
    '        add_header X-Content-Type-Options "nosniff" always;',
    '        add_header Referrer-Policy "strict-origin-when-cross-origin" always;',
    '        add_header X-Frame-Options "DENY" always;',
    `        add_header Permissions-Policy "${PERMISSIONS_POLICY}" always;`,
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
  // The sandbox's pages stand for WeChat's and Alipay's own pages, which this server never serves: not the app's CSP.
  if (options.sandboxUpstream) proxies += proxy('/__sandbox/', options.sandboxUpstream, securityHeaders(null));
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
