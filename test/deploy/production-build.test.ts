import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDotenv } from '../../deploy/settings';
import { contentSecurityPolicy } from '../../deploy/render-nginx';

/**
 * Production builds (issue 4 §2): the online bundles built with example settings carry those settings, load their
 * assets from the CDN prefix, and contain nothing of the sandbox: no sandbox URL, no host emulator, no test hook.
 */

const root = path.resolve(import.meta.dirname, '../..');
const example = parseDotenv(readFileSync(path.join(root, 'deploy/env/online.example.env'), 'utf8'));
let dist: string;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });
}

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'ops-online-'));
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build', '--env-mode', 'online'],
    {
      cwd: root,
      // Only the example's settings: none inherited from the test runner's environment.
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PUBLIC_'))),
        ...example,
        NODE_ENV: 'production',
        DIST_DIR: dist,
      },
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`online build failed:\n${build.stdout}\n${build.stderr}`);
}, 120_000);

afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe('the online build', () => {
  it('builds both bundles with their assets on the CDN prefix', () => {
    for (const bundle of ['wechat', 'alipay']) {
      const html = readFileSync(path.join(dist, bundle, 'index.html'), 'utf8');
      expect(html).toContain(`src="${example.PUBLIC_ASSET_PREFIX}/${bundle}/static/js/`);
      // Production file names carry content hashes (cached for a year by the web server).
      expect(html).toMatch(new RegExp(`/${bundle}/static/js/index\\.[0-9a-f]{8,}\\.js`));
    }
  });

  it('carries the environment settings', () => {
    const js = files(path.join(dist, 'wechat'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(js).toContain(example.PUBLIC_API_BASE_URL);
    expect(js).toContain(example.PUBLIC_WECHAT_APP_ID);
    expect(js).toContain('https://open.weixin.qq.com/connect/oauth2/authorize');
    const alipay = files(path.join(dist, 'alipay'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(alipay).toContain(example.PUBLIC_ALIPAY_APP_ID);
    expect(alipay).toContain('https://openauth.alipay.com/oauth2/publicAppAuthorize.htm');
  });

  it('contains no sandbox URL, emulator code or test hook', () => {
    const forbidden = [
      '__sandbox',
      '__hostEmulator',
      '__EMULATOR_CONFIG__',
      'sandbox_jsapi_ticket',
      'wx5andb0x',
      'sandbox-instance',
      '127.0.0.1',
      'sbx_host',
    ];
    for (const file of files(dist)) {
      const text = readFileSync(file, 'utf8');
      for (const needle of forbidden) {
        expect(text.includes(needle), `${path.relative(dist, file)} contains ${needle}`).toBe(false);
      }
    }
  });

  it('has a Content-Security-Policy that allows the API, the CDN and the map, and nothing else', () => {
    const csp = contentSecurityPolicy({ ...example, PUBLIC_LECHANGE_API_URL: 'https://openapi.lechange.cn/openapi' });
    expect(csp).toContain("connect-src 'self' https://api.charging-ops.example.com https://openapi.lechange.cn");
    expect(csp).toContain("script-src 'self' https://cdn.charging-ops.example.com https://webapi.amap.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    const noMap = contentSecurityPolicy({ ...example, PUBLIC_AMAP_KEY: '' });
    expect(noMap).not.toContain('amap');
  });

  it('refuses inline styles and names every image and media origin (issue 12 item 6)', () => {
    const directives = new Map(
      contentSecurityPolicy(example)
        .split('; ')
        .map((d) => [d.split(' ')[0] ?? '', d.split(' ').slice(1)] as const),
    );
    expect(directives.get('style-src')).toEqual(["'self'", 'https://cdn.charging-ops.example.com']);
    const media = example.PUBLIC_MEDIA_ORIGINS?.split(' ') ?? [];
    expect(media.length).toBeGreaterThan(0);
    for (const name of ['img-src', 'media-src', 'connect-src']) {
      const sources = directives.get(name) ?? [];
      for (const origin of media) expect(sources, name).toContain(origin);
      // Only named origins: no scheme source, no wildcard host.
      expect(
        sources.filter((s) => /^https?:$|\*/.test(s)),
        name,
      ).toEqual([]);
    }
    for (const name of ['script-src', 'connect-src']) expect(directives.get(name)?.join(' ')).not.toContain('*');
    expect(() => contentSecurityPolicy({ ...example, PUBLIC_MEDIA_ORIGINS: 'https:' })).toThrow(/PUBLIC_MEDIA_ORIGINS/);
    expect(() => contentSecurityPolicy({ ...example, PUBLIC_MEDIA_ORIGINS: 'https://*.example.com' })).toThrow(
      /PUBLIC_MEDIA_ORIGINS/,
    );
    expect(() => contentSecurityPolicy({ ...example, PUBLIC_MEDIA_ORIGINS: 'http://files.example.com' })).toThrow(
      /PUBLIC_MEDIA_ORIGINS/,
    );
  });
});
