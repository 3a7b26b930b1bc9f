import type { PayOutcome, PayParams, Platform, PlatformServices, ScanResult } from '../types';

/**
 * The Alipay host (spec §4, §7, §9; A-shell-home-settlement.md "(shell)"): AlipayJSBridge, which the container
 * injects; pages wait for the AlipayJSBridgeReady event before calling it.
 */

/** Scan types of the payment platform (spec §9): QR only. */
export const ALIPAY_SCAN_TYPES = ['qr'] as const;

/** Result object of an AlipayJSBridge call; `error` is set on failure. */
export interface AlipayResult {
  error?: number;
  errorMessage?: string;
  [key: string]: unknown;
}

interface AlipayBridge {
  call(name: string, options: Record<string, unknown>, callback?: (result: AlipayResult) => void): void;
}

/** Error code of a scan the user cancelled. */
const USER_CANCELLED = 10;

/** True for Alipay's in-app browser. */
export function isAlipay(userAgent: string): boolean {
  return /AlipayClient/i.test(userAgent);
}

/** Alipay's OAuth page (spec §4 step 4): app_id, scope=auth_user, redirect_uri; it returns with auth_code. */
export function alipayAuthorizeUrl(base: string, appId: string, redirectUri: string): string {
  return `${base}?app_id=${encodeURIComponent(appId)}&scope=auth_user&redirect_uri=${encodeURIComponent(redirectUri)}`;
}

/** Resolves with the bridge once the container has injected it (immediately when it already has). */
export function whenBridgeReady(win: Window = window): Promise<AlipayBridge> {
  const existing = (win as unknown as { AlipayJSBridge?: AlipayBridge }).AlipayJSBridge;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve) => {
    win.document.addEventListener(
      'AlipayJSBridgeReady',
      () => resolve((win as unknown as { AlipayJSBridge: AlipayBridge }).AlipayJSBridge),
      { once: true },
    );
  });
}

/** Creates the Alipay platform for an app id and an authorisation page (per environment). */
export function createAlipayPlatform(options: { appId: string; authorizeBase: string }): Platform {
  let services: PlatformServices | null = null;
  const log = (message: string, detail?: unknown) => services?.log(message, detail);
  const call = async (name: string, args: Record<string, unknown>): Promise<AlipayResult> => {
    const bridge = await whenBridgeReady();
    return new Promise((resolve) => bridge.call(name, args, (result) => resolve(result ?? {})));
  };

  return {
    name: 'alipay',
    client: 'alipay',
    appId: options.appId,
    authCodeParam: 'auth_code',
    scanTypes: ALIPAY_SCAN_TYPES,
    capabilities: { scansBarCodes: false },
    wording: { barCodeUnsupported: '支付宝仅支持扫描二维码，条形码请手动输入' },
    silentLogin: { path: '/api/user/aliLoginByAuthCode', codeField: 'authCode' },
    isHost: isAlipay,
    authorizeUrl: (redirectUri) => alipayAuthorizeUrl(options.authorizeBase, options.appId, redirectUri),

    prepare(given) {
      services = given;
    },

    async init(given) {
      services = given;
      await whenBridgeReady();
    },

    async scan(): Promise<ScanResult> {
      const result = await call('scan', { type: ALIPAY_SCAN_TYPES[0] });
      if (result.error) {
        if (result.error !== USER_CANCELLED) log('scan failed', result);
        return null;
      }
      const text = result.qrCode ?? result.barCode;
      return typeof text === 'string' ? text : null;
    },

    closeWindow() {
      void call('closeWebview', {});
    },

    async pay(params: PayParams): Promise<PayOutcome> {
      const result = await call('tradePay', { ...params });
      // D-income.md §3: 9000 paid, 8000 processing and 6004 unknown all lead to the payment result, which asks the
      // server (the source of truth); 6001 cancelled; 4000, 6002 and anything else failed.
      if (['9000', '8000', '6004'].includes(String(result.resultCode))) return 'success';
      if (result.resultCode === '6001') return 'cancel';
      log('tradePay failed', result);
      return 'fail';
    },

    previewImage(urls, current) {
      const index = Math.max(0, current ? urls.indexOf(current) : 0);
      void call('imageViewer', { images: urls.map((u) => ({ u })), init: index });
    },
  };
}

/** The platform of the Alipay bundle, with this build's settings. */
export const alipayPlatform: Platform = createAlipayPlatform({
  appId: import.meta.env.PUBLIC_ALIPAY_APP_ID ?? '',
  authorizeBase: import.meta.env.PUBLIC_ALIPAY_AUTHORIZE_URL ?? '',
});
