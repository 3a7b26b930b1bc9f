import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../deploy/settings';
// @ts-expect-error -- a plain ESM script without types
import { checkSource, COMPILE_HINT, opensWithCompileHint } from '../../scripts/check-dist.mjs';

/**
 * The project's own tooling rules: build settings, the install-script policy, the webview syntax check, the
 * architecture's lint rules.
 */

describe('per-environment build settings (deploy/settings.ts)', () => {
  const envDir = path.resolve('deploy/env');

  it('the sandbox build has its settings', () => {
    const vars = resolveSettings('sandbox', {}, envDir);
    expect(vars.PUBLIC_INSTANCE_ID).toBeTruthy();
    expect(vars.PUBLIC_WECHAT_AUTHORIZE_URL).toContain('/__sandbox/');
  });

  it('a production build with a setting missing fails with a message naming it', () => {
    expect(() => resolveSettings('online', {}, envDir)).toThrow(/PUBLIC_API_BASE_URL.*PUBLIC_INSTANCE_ID/);
    expect(() =>
      resolveSettings(
        'online',
        {
          PUBLIC_API_BASE_URL: 'https://api.example.com',
          PUBLIC_INSTANCE_ID: 'x',
          PUBLIC_SERVICE_PHONE: '400',
          PUBLIC_WECHAT_APP_ID: 'wx1',
        },
        envDir,
      ),
    ).toThrow(/PUBLIC_ALIPAY_APP_ID, PUBLIC_QR_BASE_URL/);
  });

  it('a complete production environment builds with the real authorisation pages by default', () => {
    const vars = resolveSettings(
      'pre',
      {
        PUBLIC_API_BASE_URL: 'https://api.example.com',
        PUBLIC_INSTANCE_ID: 'x',
        PUBLIC_SERVICE_PHONE: '400',
        PUBLIC_WECHAT_APP_ID: 'wx1',
        PUBLIC_ALIPAY_APP_ID: '2021',
        PUBLIC_QR_BASE_URL: 'https://qr.example.com',
      },
      envDir,
    );
    expect(vars.PUBLIC_WECHAT_AUTHORIZE_URL).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(vars.PUBLIC_ENV_NAME).toBe('pre');
  });

  it('refuses an unknown mode and a production build pointing at the sandbox', () => {
    expect(() => resolveSettings(undefined, {}, envDir)).toThrow(/--env-mode/);
    expect(() => resolveSettings('staging', {}, envDir)).toThrow(/Unknown/);
    expect(() =>
      resolveSettings(
        'dev',
        {
          PUBLIC_API_BASE_URL: '/',
          PUBLIC_INSTANCE_ID: 'x',
          PUBLIC_SERVICE_PHONE: '4',
          PUBLIC_WECHAT_APP_ID: 'w',
          PUBLIC_ALIPAY_APP_ID: 'a',
          PUBLIC_QR_BASE_URL: 'https://qr.example.com',
        },
        envDir,
      ),
    ).toThrow(/sandbox/);
  });
});

describe("npm's install-script policy (package.json allowScripts)", () => {
  /** The lockfile's packages that declare an install script, by name (a nested or scoped path included). */
  const withInstallScripts = () => {
    const lock = JSON.parse(readFileSync(path.resolve('package-lock.json'), 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    return Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && entry.hasInstallScript === true)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  };

  it('decides for every package of package-lock.json that has an install script, so npm ci names none', () => {
    const pkg = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8')) as {
      allowScripts?: Record<string, boolean>;
    };
    const decided = Object.keys(pkg.allowScripts ?? {});
    const names = withInstallScripts();
    // the lockfile has some (core-js, esbuild, puppeteer when this was written): the test reads the right field
    expect(names.length).toBeGreaterThan(0);
    const undecided = names.filter((name) => !decided.some((key) => key === name || key.startsWith(`${name}@`)));
    expect(undecided, 'add each to allowScripts in package.json, with the reason in its "//" note').toEqual([]);
  });

  it("never lets puppeteer download its browser (the tests run Debian's chromium)", () => {
    const config = createRequire(import.meta.url)(path.resolve('.puppeteerrc.cjs')) as { skipDownload?: boolean };
    expect(config.skipDownload).toBe(true);
  });
});

describe('syntax check of dist/ (scripts/check-dist.mjs)', () => {
  const problems = (code: string) => (checkSource(code) as { what: string }[]).map((p) => p.what);

  it('accepts what iOS 12 and Chromium 69 run', () => {
    expect(
      problems(
        'const a = {...b}; try { f() } catch { g() } async function h() { for await (const x of y) {} } import("./x.js");',
      ),
    ).toEqual([]);
    expect(problems('const r = /(?<year>\\d{4})/s; class A { constructor() { this.x = 1 } }')).toEqual([]);
  });

  it('rejects what they cannot run', () => {
    expect(problems('a?.b')).toEqual(['optional chaining (?.)']);
    expect(problems('a ?? b')).toEqual(['nullish coalescing (??)']);
    expect(problems('a ||= b')).toEqual(['logical assignment (||=)']);
    expect(problems('class A { x = 1 }')).toEqual(['class field']);
    expect(problems('class A { #m() { return this.#m; } }')).toContain('private name (#x)');
    expect(problems('const n = 10n')).toEqual(['BigInt literal']);
    expect(problems('const n = 1_000')).toEqual(['numeric separator']);
    expect(problems('const r = /(?<=a)b/')).toEqual(['regex lookbehind']);
  });

  it('wants the compile hint as the first line of each bundle, on a line of its own', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
    expect(opensWithCompileHint(`${COMPILE_HINT}\n"use strict";(self.chunk=[]).push([])`)).toBe(true);
    expect(opensWithCompileHint('"use strict";(self.chunk=[]).push([])')).toBe(false);
    expect(opensWithCompileHint(`"use strict";\n${COMPILE_HINT}\n`)).toBe(false);
    expect(opensWithCompileHint(`${COMPILE_HINT}"use strict";`)).toBe(false);
    // A hinted bundle is still plain JavaScript for the syntax check.
    expect(problems(`${COMPILE_HINT}\n(()=>{"use strict";var e=1})();`)).toEqual([]);
  });
});

describe('architecture lint rules (eslint.config.js)', () => {
  const eslint = new ESLint({ cwd: path.resolve('.') });
  const errorsOf = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
    return (result?.messages ?? []).map((m) => m.ruleId);
  };

  it('keeps data flowing one way', async () => {
    expect(
      await errorsOf('src/lib/probe.ts', "import { RootStore } from '@/stores/root';\nexport const x = RootStore;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await errorsOf('src/api/probe.ts', "import { toast } from '@/components/feedback';\nexport const x = toast;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await errorsOf('src/pages/probe.ts', "import { boot } from '@/app/boot';\nexport const x = boot;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await errorsOf('src/sections/site/probe.ts', "import { boot } from '@/app/boot';\nexport const x = boot;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await errorsOf('src/pages/probe.ts', "import { toast } from '@/components/feedback';\nexport const x = toast;\n"),
    ).toEqual([]);
  });

  it('lets src reach platform only as types, and the sandbox only the API contract', async () => {
    expect(
      await errorsOf(
        'src/app/probe.ts',
        "import { wechatPlatform } from '@platform/wechat';\nexport const x = wechatPlatform;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await errorsOf(
        'src/app/probe.ts',
        "import type { Platform } from '@platform/types';\nexport type X = Platform;\n",
      ),
    ).toEqual([]);
    expect(
      await errorsOf('sandbox/probe.ts', "import { Shell } from '../src/app/shell';\nexport const x = Shell;\n"),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await errorsOf(
        'sandbox/probe.ts',
        "import { phoneRule } from '../src/api/rules';\nexport const x = phoneRule;\n",
      ),
    ).toEqual([]);
  });

  it('route folders import only their own files, their section’s shared folder and the lower layers', async () => {
    const file = 'src/pages/site/siteInfo/facilityList/probe.tsx';
    const imports = (source: string) => errorsOf(file, `import { x } from '${source}';\nexport const y = x;\n`);
    // A sibling file of the route folder, the section's shared folder, the lower layers: allowed.
    expect(await imports('./live-player')).toEqual([]);
    expect(await imports('@/sections/site/device-tab')).toEqual([]);
    expect(await imports('@/stores/screens/site/site-devices')).toEqual([]);
    // A parent, a child or a cousin route folder, another section's shared folder, a climbing path: refused.
    expect(await imports('@/pages/site/siteInfo/parts')).toContain('architecture/imports');
    expect(await imports('./facilityCode/index')).toContain('architecture/imports');
    expect(await imports('@/pages/site/socket/qrcode')).toContain('architecture/imports');
    expect(await imports('@/sections/mine/login-parts')).toContain('architecture/imports');
    expect(await imports('../parts')).toContain('architecture/imports');
    // The home group shares one section; a section's folder never reaches up into pages.
    expect(
      await errorsOf(
        'src/pages/stages/index/probe.tsx',
        "import { x } from '@/sections/home/a';\nexport const y = x;\n",
      ),
    ).toEqual([]);
    expect(
      await errorsOf('src/sections/site/probe.tsx', "import { x } from '@/pages/site/add';\nexport const y = x;\n"),
    ).toContain('architecture/imports');
  });

  it('keeps global CSS in src/app: screens and components import CSS Modules', async () => {
    const imports = (file: string, source: string) =>
      errorsOf(file, `import styles from '${source}';\nexport const x = styles;\n`);
    // A plain stylesheet is global: refused in a page, a section's folder or a component.
    expect(await imports('src/pages/site/siteInfo/facilityList/probe.tsx', './facility-list.css')).toContain(
      'architecture/imports',
    );
    expect(await imports('src/sections/site/probe.tsx', '@/sections/site/device-setup.css')).toContain(
      'architecture/imports',
    );
    expect(await imports('src/components/probe.tsx', './probe.css')).toContain('architecture/imports');
    // A CSS Module is local to its importer; the app shell keeps the theme variables and resets.
    expect(await imports('src/pages/site/siteInfo/facilityList/probe.tsx', './facility-list.module.css')).toEqual([]);
    expect(
      await imports('src/pages/site/siteInfo/facilityList/probe.tsx', '@/sections/site/device-list.module.css'),
    ).toEqual([]);
    expect(await errorsOf('src/app/probe.tsx', "import './styles.css';\n")).toEqual([]);
  });

  it('writes route paths only in the route table: links use href()', async () => {
    expect(await errorsOf('src/pages/home/probe.tsx', 'export const to = `/site/siteInfo?siteId=${1}`;\n')).toContain(
      'architecture/route-literals',
    );
    expect(await errorsOf('src/stores/probe.ts', "export const to = '/mine/card';\n")).toContain(
      'architecture/route-literals',
    );
    expect(
      await errorsOf(
        'src/pages/home/probe.tsx',
        "import { href } from '@/config/routes';\nexport const to = href('card');\n",
      ),
    ).toEqual([]);
  });

  it('keeps host-specific literals out of src/ (the Platform interprets the host)', async () => {
    for (const literal of ['r9a_weixin', 'MicroMessenger', 'AlipayJSBridge', 'WeixinJSBridge', 'CODE_128']) {
      expect(await errorsOf('src/lib/probe.ts', `export const x = 'a ${literal} b';\n`)).toContain(
        'architecture/host-literals',
      );
    }
    expect(await errorsOf('src/api/probe.ts', "export type Client = 'r9a_weixin' | 'other';\n")).toContain(
      'architecture/host-literals',
    );
    expect(await errorsOf('platform/wechat/probe.ts', "export const x = 'r9a_weixin';\n")).toEqual([]);
  });

  it('takes Button from src/components/button (a busy button keeps its name), never antd-mobile’s own', async () => {
    const use = (source: string) => `import { Button } from '${source}';\nexport const b = <Button>提交</Button>;\n`;
    expect(await errorsOf('src/pages/mine/probe.tsx', use('antd-mobile'))).toContain('architecture/project-button');
    expect(
      await errorsOf(
        'src/sections/site/probe.tsx',
        "import { Input, Button as B } from 'antd-mobile';\nexport const x = [Input, B];\n",
      ),
    ).toContain('architecture/project-button');
    expect(
      await errorsOf('src/app/probe.tsx', "import B from 'antd-mobile/es/components/button';\nexport const x = B;\n"),
    ).toContain('architecture/project-button');
    expect(await errorsOf('src/pages/mine/probe.tsx', use('@/components/button'))).toEqual([]);
    expect(
      await errorsOf(
        'src/pages/mine/probe.tsx',
        "import type { ButtonProps } from 'antd-mobile';\nexport type P = ButtonProps;\n",
      ),
    ).toEqual([]);
  });

  it('names files in kebab-case', async () => {
    expect(await errorsOf('src/lib/MoneyFormat.ts', 'export const x = 1;\n')).toContain('unicorn/filename-case');
  });
});
