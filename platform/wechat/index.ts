import type wxSdk from 'weixin-js-sdk';
import type { PayOutcome, PayParams, Platform, PlatformServices, ScanResult } from '../types';

/**
 * The WeChat host (spec §4 "Messaging-platform SDK configuration", §7, §8; A-shell-home-settlement.md "(shell)").
 * The SDK is the official weixin-js-sdk, loaded on first use so that it is not part of the first screen's bytes.
 */

/** The five abilities the app enables with wx.config (spec §4). */
export const JS_API_LIST = ['scanQRCode', 'closeWindow', 'chooseWXPay', 'previewImage', 'translateVoice'] as const;

/** Scan types of the messaging platform (spec §9). */
export const WECHAT_SCAN_TYPES = ['qrCode', 'barCode'] as const;

/** Text of the alert shown when a scan fails (spec §8). */
export const SCAN_FAILED_TEXT = '无法识别';

type Wx = typeof wxSdk;

interface WeixinBridge {
  call(name: string, args?: unknown, callback?: (res: unknown) => void): void;
}

/** True for WeChat's in-app browser. */
export function isWechat(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** True for iOS user agents (iPhone / iPad). */
export function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

/**
 * The URL to sign for wx.config: on iOS WeChat binds the JS-SDK to the address the page was first loaded at (history
 * pushes do not change it), on Android to the current address. Both without `#…`. So on iOS one configuration serves
 * the page load, while on Android the page configures again once a history push has changed its address
 * (createWechatPlatform's `configured`; test/emulators/wechat.js holds the app to both rules).
 */
export function signatureUrl(userAgent: string, landingUrl: string, currentUrl: string): string {
  return (isIos(userAgent) ? landingUrl : currentUrl).split('#')[0] ?? '';
}

/**
 * WeChat's OAuth page for `appId` returning to `redirectUri` with `code` (spec §4 step 4):
 * appid, redirect_uri, response_type=code, scope=snsapi_userinfo, state, #wechat_redirect.
 */
export function wechatAuthorizeUrl(base: string, appId: string, redirectUri: string): string {
  const query = [
    `appid=${encodeURIComponent(appId)}`,
    `redirect_uri=${encodeURIComponent(redirectUri)}`,
    'response_type=code',
    'scope=snsapi_userinfo',
    'state=r9a',
  ].join('&');
  return `${base}?${query}#wechat_redirect`;
}

/**
 * The content of a WeChat scan result (ARCHITECTURE "Host emulation"): on iOS the result may arrive as JSON
 * `{"scan_code":{"scan_result":"…"}}`; a bar code comes as "CODE_128,86112345678901" (symbology, comma, content):
 * the text after the symbology's comma. Anything else is returned trimmed.
 */
export function scanContent(raw: string): string {
  let text = raw.trim();
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { scan_code?: { scan_result?: unknown } };
      if (typeof parsed.scan_code?.scan_result === 'string') text = parsed.scan_code.scan_result.trim();
    } catch {
      /* not JSON: the text as it is */
    }
  }
  if (/^[A-Z][A-Z0-9_-]*,/.test(text)) return text.slice(text.indexOf(',') + 1).trim();
  return text;
}

/** Creates the WeChat platform for an app id and an authorisation page (per environment). */
export function createWechatPlatform(options: { appId: string; authorizeBase: string }): Platform {
  let sdk: Promise<Wx> | null = null;
  /** The last configuration: the URL it signed and its outcome (it never rejects). */
  let ready: { url: string; done: Promise<void> } | null = null;
  let services: PlatformServices | null = null;
  let landing: string | null = null;
  const loadSdk = (): Promise<Wx> => {
    sdk ??= import('weixin-js-sdk').then((m) => m.default);
    return sdk;
  };
  const log = (message: string, detail?: unknown) => services?.log(message, detail);
  /**
   * wx.config signed for `url` (spec §4: debug off, the five abilities). Resolves once the platform answered (on a
   * second configuration of the page, the SDK's ready fires at once: the bridge answers the configuration before the
   * ability used next); a failure is logged, and the ability then fails as the platform refuses it.
   */
  const configure = async (given: PlatformServices, url: string): Promise<void> => {
    try {
      const [signature, wx] = await Promise.all([given.fetchSignature(url), loadSdk()]);
      await new Promise<void>((resolve) => {
        wx.config({
          debug: false,
          appId: signature.appId,
          timestamp: signature.timeStamp,
          nonceStr: signature.nonceStr,
          signature: signature.signature,
          jsApiList: [...JS_API_LIST],
        });
        wx.ready(() => resolve());
        wx.error((err: { errMsg: string }) => {
          log('wx.config failed', err);
          resolve();
        });
      });
    } catch (error) {
      log('WeChat JS-SDK configuration failed', error);
    }
  };
  /**
   * The configuration an ability needs now: the page's (started now when boot has not started it yet: an ability used
   * before the app was idle), or on Android a new one when a history push has changed the address it signed.
   */
  const configured = (): Promise<void> => {
    if (!services || landing === null) return ready?.done ?? Promise.resolve();
    if (!ready) return platform.init(services, landing);
    const url = signatureUrl(navigator.userAgent, landing, location.href);
    if (url !== ready.url) ready = { url, done: configure(services, url) };
    return ready.done;
  };

  const platform: Platform = {
    name: 'wechat',
    client: 'r9a_weixin',
    appId: options.appId,
    authCodeParam: 'code',
    scanTypes: WECHAT_SCAN_TYPES,
    capabilities: { scansBarCodes: true },
    wording: { barCodeUnsupported: '' },
    silentLogin: { path: '/wap/user/wapAntlogin', codeField: 'code' },
    isHost: isWechat,
    authorizeUrl: (redirectUri) => wechatAuthorizeUrl(options.authorizeBase, options.appId, redirectUri),

    prepare(given, landingUrl) {
      services = given;
      landing = landingUrl;
    },

    init(given, landingUrl) {
      services = given;
      landing = landingUrl;
      // Once per page load (spec §4) at startup: a second call returns the first configuration. An ability may need
      // another on Android (`configured`).
      if (!ready) {
        const url = signatureUrl(navigator.userAgent, landingUrl, location.href);
        ready = { url, done: configure(given, url) };
      }
      return ready.done;
    },

    async scan(): Promise<ScanResult> {
      await configured();
      const wx = await loadSdk();
      return new Promise<ScanResult>((resolve) => {
        wx.scanQRCode({
          needResult: 1,
          scanType: [...WECHAT_SCAN_TYPES],
          success: (res: { resultStr?: string }) => resolve(res.resultStr ? scanContent(res.resultStr) : null),
          cancel: () => resolve(null),
          fail: (err: unknown) => {
            log('scanQRCode failed', err);
            services?.alert(SCAN_FAILED_TEXT, '');
            resolve(null);
          },
        } as Parameters<Wx['scanQRCode']>[0]);
      });
    },

    closeWindow() {
      const bridge = (window as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge;
      if (bridge) bridge.call('closeWindow');
      else void loadSdk().then((wx) => wx.closeWindow());
    },

    async pay(params: PayParams): Promise<PayOutcome> {
      await configured();
      const wx = await loadSdk();
      return new Promise<PayOutcome>((resolve) => {
        wx.chooseWXPay({
          timestamp: Number(params.timeStamp ?? params.timestamp),
          nonceStr: params.nonceStr ?? '',
          package: params.package ?? '',
          signType: params.signType ?? 'RSA',
          paySign: params.paySign ?? '',
          success: () => resolve('success'),
          cancel: () => resolve('cancel'),
          fail: (err: unknown) => {
            log('chooseWXPay failed', err);
            resolve('fail');
          },
        } as Parameters<Wx['chooseWXPay']>[0]);
      });
    },

    previewImage(urls, current) {
      void configured()
        .then(loadSdk)
        .then((wx) => wx.previewImage({ current: current ?? urls[0] ?? '', urls: [...urls] }));
    },
  };
  return platform;
}

/** The platform of the WeChat bundle, with this build's settings. */
export const wechatPlatform: Platform = createWechatPlatform({
  appId: import.meta.env.PUBLIC_WECHAT_APP_ID ?? '',
  authorizeBase: import.meta.env.PUBLIC_WECHAT_AUTHORIZE_URL ?? '',
});
