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

/**
 * The PUBLIC_ settings of a build mode: deploy/env/.env.<mode> overlaid by the process environment.
 * @throws Error naming the mode when it is unknown, or naming every missing required key of a production mode.
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
  }
  return merged;
}
