import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appIdProblems,
  parseDotenv,
  PRODUCTION_MODES,
  resolveSettings,
  type AppIds,
  type ProductionMode,
} from '../../deploy/settings';

/**
 * The environments' app ids (spec §9 "Business constants and limits"): "The messaging platform uses the same app
 * identifier in every environment (online, pre, test, dev). The payment platform uses one identifier for online, pre
 * and test and another for dev." Environments: online, pre, test, test2, dev. deploy/settings.ts holds the rule
 * (appIdProblems) and refuses a build whose ids break it beside the other environments' deploy/env files.
 */

const WX = 'wx0123456789abcdef';
const ALI = '2021004100000001';
const ALI_DEV = '2021000000009999';

/** The five environments keeping the rule (test2's Alipay id is not named by the spec: here the shared one). */
const good: Record<ProductionMode, AppIds> = {
  online: { PUBLIC_WECHAT_APP_ID: WX, PUBLIC_ALIPAY_APP_ID: ALI },
  pre: { PUBLIC_WECHAT_APP_ID: WX, PUBLIC_ALIPAY_APP_ID: ALI },
  test: { PUBLIC_WECHAT_APP_ID: WX, PUBLIC_ALIPAY_APP_ID: ALI },
  test2: { PUBLIC_WECHAT_APP_ID: WX, PUBLIC_ALIPAY_APP_ID: ALI },
  dev: { PUBLIC_WECHAT_APP_ID: WX, PUBLIC_ALIPAY_APP_ID: ALI_DEV },
};

const withIds = (mode: ProductionMode, ids: AppIds) => ({ ...good, [mode]: { ...good[mode], ...ids } });

describe('the app-id rule of the environments (spec §9)', () => {
  it('holds for one WeChat id everywhere, one Alipay id for online, pre and test and another for dev', () => {
    expect(PRODUCTION_MODES).toEqual(['online', 'pre', 'test', 'test2', 'dev']);
    expect(appIdProblems(good)).toEqual([]);
    // test2's Alipay id is not named by the spec
    expect(appIdProblems(withIds('test2', { PUBLIC_ALIPAY_APP_ID: ALI_DEV }))).toEqual([]);
  });

  it.each(PRODUCTION_MODES)('refuses another WeChat id in %s', (mode) => {
    expect(appIdProblems(withIds(mode, { PUBLIC_WECHAT_APP_ID: 'wxother' })).join(' ')).toMatch(
      /PUBLIC_WECHAT_APP_ID must be the same in every environment/,
    );
  });

  it.each(['online', 'pre', 'test'] as const)('refuses another Alipay id in %s than in the other two', (mode) => {
    expect(appIdProblems(withIds(mode, { PUBLIC_ALIPAY_APP_ID: '2021000000000007' })).join(' ')).toMatch(
      /PUBLIC_ALIPAY_APP_ID must be one id for online, pre and test/,
    );
  });

  it('refuses dev with the Alipay id of online, pre and test', () => {
    expect(appIdProblems(withIds('dev', { PUBLIC_ALIPAY_APP_ID: ALI })).join(' ')).toMatch(
      /PUBLIC_ALIPAY_APP_ID of dev must differ/,
    );
    expect(appIdProblems({ test: good.test, dev: { PUBLIC_ALIPAY_APP_ID: ALI } })).toHaveLength(1);
  });
});

describe('every environment’s config in deploy/env against the rule', () => {
  const envDir = path.resolve('deploy/env');

  it('the committed environment files keep it (the example stands for online)', () => {
    const byMode: Partial<Record<ProductionMode, AppIds>> = {};
    for (const name of readdirSync(envDir)) {
      const mode = /^\.env\.(.+)$/.exec(name)?.[1];
      if (mode && (PRODUCTION_MODES as readonly string[]).includes(mode))
        byMode[mode as ProductionMode] = parseDotenv(readFileSync(path.join(envDir, name), 'utf8'));
    }
    byMode.online ??= parseDotenv(readFileSync(path.join(envDir, 'online.example.env'), 'utf8'));
    expect(appIdProblems(byMode)).toEqual([]);
  });
});

describe('a build refuses ids that break the rule (deploy/settings.ts resolveSettings)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** deploy/env with a file per environment: the example's settings and `ids` of each. */
  function envDirWith(ids: Record<ProductionMode, AppIds>): string {
    dir = mkdtempSync(path.join(tmpdir(), 'ops-env-'));
    const example = readFileSync(path.resolve('deploy/env/online.example.env'), 'utf8');
    for (const mode of PRODUCTION_MODES) {
      const own = Object.entries(ids[mode])
        .map(([key, value]) => `${key}=${value}`)
        .join('\n');
      writeFileSync(path.join(dir, `.env.${mode}`), `${example}\n${own}\n`);
    }
    return dir;
  }

  it('builds every environment when the ids keep the rule', () => {
    const envDir = envDirWith(good);
    for (const mode of PRODUCTION_MODES) {
      expect(resolveSettings(mode, {}, envDir)).toMatchObject({ ...good[mode], PUBLIC_ENV_NAME: mode });
    }
  });

  it('stops the build of test2 whose WeChat id differs, and of every other environment beside it', () => {
    const envDir = envDirWith(withIds('test2', { PUBLIC_WECHAT_APP_ID: 'wxother' }));
    for (const mode of PRODUCTION_MODES) {
      expect(() => resolveSettings(mode, {}, envDir)).toThrow(/PUBLIC_WECHAT_APP_ID must be the same/);
    }
  });

  it('stops the dev build given the Alipay id of online, pre and test by the environment', () => {
    const envDir = envDirWith(good);
    expect(() => resolveSettings('dev', { PUBLIC_ALIPAY_APP_ID: ALI }, envDir)).toThrow(
      /dev build's app ids break the rule.*PUBLIC_ALIPAY_APP_ID of dev must differ/,
    );
  });
});
