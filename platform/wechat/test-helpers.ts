import { readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import type { PlatformServices } from '../types';

/**
 * Test set-up of the WeChat platform: the real weixin-js-sdk over the host emulator of test/emulators (as in the
 * e2e tests), for one user agent per test file (the SDK reads the user agent once per page load).
 */

const emulatorSource = readFileSync(path.resolve('test/emulators/wechat.js'), 'utf8');
export const IOS_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
export const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; V2148A; wv) AppleWebKit/537.36 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 NetType/WIFI';

export interface Emulator {
  calls: { name: string; args: Record<string, unknown> }[];
  config: Record<string, unknown> | null;
  closedAt: number | null;
  nextScan(outcome: unknown): void;
  nextPay(outcome: 'ok' | 'cancel' | 'fail'): void;
}

export async function setUp(userAgent: string) {
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
  const w = window as unknown as Record<string, unknown>;
  delete w.jWeixin;
  delete w.wx;
  delete w.WeixinJSBridge;
  new Function(emulatorSource)();
  await new Promise((resolve) => setTimeout(resolve, 5));
  vi.resetModules();
  const { createWechatPlatform } = await import('./index');
  const platform = createWechatPlatform({ appId: 'wx5andb0x0000000001', authorizeBase: '/auth' });
  const alerts: string[] = [];
  const services: PlatformServices = {
    fetchSignature: vi.fn(async () => ({
      appId: 'wx5andb0x0000000001',
      timeStamp: 1700000000,
      nonceStr: 'n'.repeat(32),
      signature: 'abc123',
    })),
    alert: (title) => alerts.push(title),
    log: () => undefined,
  };
  return { platform, services, alerts, emulator: (window as unknown as { __hostEmulator: Emulator }).__hostEmulator };
}
