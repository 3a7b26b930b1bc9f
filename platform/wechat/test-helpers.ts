import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import type { PlatformServices } from '../types';

/**
 * Test set-up of the WeChat platform: the real weixin-js-sdk over the host emulator of test/emulators (as in the
 * e2e tests), for one user agent per test file (the SDK reads the user agent once per page load). The emulator checks
 * wx.config's signature with TICKET; `fetchSignature` signs the URL it is given as the sandbox does.
 */

/** The jsapi_ticket of these tests (the emulator recomputes signatures with it). */
export const TICKET = 'unit_jsapi_ticket';
const NONCE = 'n'.repeat(32);
const TIMESTAMP = 1700000000;

/** The JS-SDK signature of `url` with TICKET, NONCE and TIMESTAMP (sha1 hex), as the sandbox computes it. */
export function signatureOf(url: string): string {
  return createHash('sha1')
    .update(`jsapi_ticket=${TICKET}&noncestr=${NONCE}&timestamp=${TIMESTAMP}&url=${url}`)
    .digest('hex');
}

const emulatorSource = readFileSync(path.resolve('test/emulators/wechat.js'), 'utf8');
export const IOS_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
export const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; V2148A; wv) AppleWebKit/537.36 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 NetType/WIFI';

export interface Emulator {
  calls: { name: string; args: Record<string, unknown>; answer: string | null }[];
  config: Record<string, unknown> | null;
  /** Every wx.config the emulator checked: the URL its rule signs, and whether the signature matched. */
  configs: { url: string; ok: boolean; verified: boolean }[];
  closedAt: number | null;
  nextScan(outcome: unknown): void;
  nextPay(outcome: 'ok' | 'cancel' | 'fail'): void;
}

/**
 * A fresh page in `userAgent` with the emulator (`emulatorConfig` adds scripted host behaviour, e.g. configFails) and a
 * new WeChat platform. `services.log` is a mock, so that tests can see what was logged.
 */
export async function setUp(userAgent: string, emulatorConfig: Record<string, unknown> = {}) {
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
  const w = window as unknown as Record<string, unknown>;
  delete w.jWeixin;
  delete w.wx;
  delete w.WeixinJSBridge;
  w.__EMULATOR_CONFIG__ = { jsapiTicket: TICKET, ...emulatorConfig };
  new Function(emulatorSource)();
  await new Promise((resolve) => setTimeout(resolve, 5));
  vi.resetModules();
  const { createWechatPlatform } = await import('./index');
  const platform = createWechatPlatform({ appId: 'wx5andb0x0000000001', authorizeBase: '/auth' });
  const alerts: string[] = [];
  const log = vi.fn();
  const services: PlatformServices = {
    fetchSignature: vi.fn(async (url: string) => ({
      appId: 'wx5andb0x0000000001',
      timeStamp: TIMESTAMP,
      nonceStr: NONCE,
      signature: signatureOf(url),
    })),
    alert: (title) => alerts.push(title),
    log,
  };
  return {
    platform,
    services,
    alerts,
    log,
    emulator: (window as unknown as { __hostEmulator: Emulator }).__hostEmulator,
  };
}
