import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDotenv } from '../deploy/settings';

/**
 * Settings of the sandbox backend, shared with the sandbox build of the app (deploy/env/.env.sandbox) so that the
 * app ids the bundles authorise with are the ones the sandbox's authorisation pages and signature accept.
 */
export interface SandboxConfig {
  /** Project root (the folder holding package.json and dist/). */
  rootDir: string;
  /** Folder with wechat/ and alipay/ (dist, or $DIST_DIR). */
  distDir: string;
  wechatAppId: string;
  alipayAppId: string;
  /** The jsapi_ticket the signature is computed with (a fixed sandbox value; the real one comes from WeChat). */
  jsapiTicket: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Reads the sandbox settings. */
export function loadConfig(rootDir = path.resolve(here, '..')): SandboxConfig {
  const env = parseDotenv(readFileSync(path.join(rootDir, 'deploy/env/.env.sandbox'), 'utf8'));
  return {
    rootDir,
    distDir: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(rootDir, 'dist'),
    wechatAppId: env.PUBLIC_WECHAT_APP_ID ?? '',
    alipayAppId: env.PUBLIC_ALIPAY_APP_ID ?? '',
    jsapiTicket: 'sandbox_jsapi_ticket_kgt8ON7yVITDhtdwci0qeZ4RKqY1HxM9zF0TlWwkVW1fT',
  };
}
