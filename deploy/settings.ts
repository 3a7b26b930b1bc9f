import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Build-time resolution of the per-environment settings (deploy/env/README.md). Used by rsbuild.config.ts.
 */

/** Modes that produce a bundle for real users: every required setting must be present. */
export const PRODUCTION_MODES = ['online', 'pre', 'test', 'test2', 'dev'] as const;
/** All modes this project builds. */
export const MODES = [...PRODUCTION_MODES, 'sandbox'] as const;
export type BuildMode = (typeof MODES)[number];

/** Settings that a production build refuses to do without. */
export const REQUIRED_KEYS = [
  'PUBLIC_API_BASE_URL',
  'PUBLIC_INSTANCE_ID',
  'PUBLIC_SERVICE_PHONE',
  'PUBLIC_WECHAT_APP_ID',
  'PUBLIC_ALIPAY_APP_ID',
  'PUBLIC_QR_BASE_URL',
] as const;

const DEFAULTS: Record<string, string> = {
  PUBLIC_WECHAT_AUTHORIZE_URL: 'https://open.weixin.qq.com/connect/oauth2/authorize',
  PUBLIC_ALIPAY_AUTHORIZE_URL: 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm',
  PUBLIC_ASSET_PREFIX: '',
  // The same default as src/lib/camera-cloud.ts DEFAULT_CAMERA_CLOUD_URL.
  PUBLIC_LECHANGE_API_URL: 'https://openapi.lechange.cn/openapi',
};

/** Parses the text of a dotenv file: KEY=value lines, # comments, optional quotes. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 1) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if (/^(['"]).*\1$/.test(value)) value = value.slice(1, -1);
    out[key] = value;
  }
  return out;
}

export type ProductionMode = (typeof PRODUCTION_MODES)[number];

/** The app ids of one environment (undefined or '' = not set). */
export interface AppIds {
  PUBLIC_WECHAT_APP_ID?: string;
  PUBLIC_ALIPAY_APP_ID?: string;
}

/** The environments sharing one Alipay app id (spec §9); dev has another. */
const ALIPAY_SHARED: readonly ProductionMode[] = ['online', 'pre', 'test'];

/**
 * Where the app ids of the production environments break the spec's rule (spec §9 "Business constants and limits"):
 * the messaging platform (WeChat) uses the same app id in every environment; the payment platform (Alipay) uses one id
 * for online, pre and test and another for dev. The spec names no Alipay id for test2: any is accepted. Environments
 * not given, and ids not set, are not compared (a missing setting is refused by resolveSettings on its own).
 * @returns one sentence per broken part of the rule; [] when the ids keep it
 */
export function appIdProblems(byMode: Partial<Record<ProductionMode, AppIds>>): string[] {
  const problems: string[] = [];
  const list = (key: keyof AppIds, modes: readonly ProductionMode[]) =>
    modes.flatMap((mode) => {
      const id = byMode[mode]?.[key];
      return id ? [{ mode, id }] : [];
    });
  const describe = (ids: { mode: string; id: string }[]) => ids.map(({ mode, id }) => `${mode} ${id}`).join(', ');
  const wechat = list('PUBLIC_WECHAT_APP_ID', PRODUCTION_MODES);
  if (new Set(wechat.map((w) => w.id)).size > 1)
    problems.push(`PUBLIC_WECHAT_APP_ID must be the same in every environment (spec §9): ${describe(wechat)}.`);
  const shared = list('PUBLIC_ALIPAY_APP_ID', ALIPAY_SHARED);
  if (new Set(shared.map((a) => a.id)).size > 1)
    problems.push(`PUBLIC_ALIPAY_APP_ID must be one id for online, pre and test (spec §9): ${describe(shared)}.`);
  const dev = byMode.dev?.PUBLIC_ALIPAY_APP_ID;
  const same = shared.filter((a) => a.id === dev);
  if (dev && same.length > 0)
    problems.push(`PUBLIC_ALIPAY_APP_ID of dev must differ from online, pre and test's (spec §9): ${describe(same)}.`);
  return problems;
}

/**
 * The app ids of the production environments as their builds would have them: `mode`'s own `ids` (its file and the
 * process environment) beside those of the other environments' deploy/env/.env.<mode> files that are present.
 */
function appIdsBeside(mode: ProductionMode, ids: AppIds, envDir: string): Partial<Record<ProductionMode, AppIds>> {
  const byMode: Partial<Record<ProductionMode, AppIds>> = {};
  for (const other of PRODUCTION_MODES) {
    const file = path.join(envDir, `.env.${other}`);
    if (other !== mode && existsSync(file)) byMode[other] = parseDotenv(readFileSync(file, 'utf8'));
  }
  byMode[mode] = ids;
  return byMode;
}

/**
 * The PUBLIC_ settings of a build mode: deploy/env/.env.<mode> overlaid by the process environment.
 * @throws Error naming the mode when it is unknown, naming every missing required key of a production mode, or when
 * its app ids break the spec's rule beside the other environments' files (appIdProblems).
 */
export function resolveSettings(
  mode: string | undefined,
  processEnv: Record<string, string | undefined>,
  envDir: string,
): Record<string, string> {
  if (!mode || !(MODES as readonly string[]).includes(mode)) {
    throw new Error(
      `Unknown or missing build mode "${mode ?? ''}". Build with --env-mode <${MODES.join('|')}>, e.g. ` +
        '`npm run build -- --env-mode online` (the sandbox build is `npm run build:sandbox`).',
    );
  }
  const file = path.join(envDir, `.env.${mode}`);
  const fromFile = existsSync(file) ? parseDotenv(readFileSync(file, 'utf8')) : {};
  const merged: Record<string, string> = { ...DEFAULTS, PUBLIC_ENV_NAME: mode, ...fromFile };
  for (const [key, value] of Object.entries(processEnv)) {
    if (key.startsWith('PUBLIC_') && value !== undefined) merged[key] = value;
  }
  if (mode !== 'sandbox') {
    const missing = REQUIRED_KEYS.filter((key) => !merged[key]);
    if (missing.length > 0) {
      throw new Error(
        `The ${mode} build is missing required setting(s): ${missing.join(', ')}. ` +
          `Set them in ${path.relative(process.cwd(), file)} or in the environment (see deploy/env/README.md).`,
      );
    }
    if (merged.PUBLIC_API_BASE_URL?.startsWith('/') || merged.PUBLIC_WECHAT_AUTHORIZE_URL?.includes('__sandbox')) {
      throw new Error(`The ${mode} build points at the sandbox; set real URLs in ${file}.`);
    }
    const problems = appIdProblems(appIdsBeside(mode as ProductionMode, merged, envDir));
    if (problems.length > 0) {
      throw new Error(
        `The ${mode} build's app ids break the rule of the environments: ${problems.join(' ')} ` +
          `Check ${path.relative(process.cwd(), envDir)}/.env.* and the environment (see deploy/env/README.md).`,
      );
    }
  }
  return merged;
}
