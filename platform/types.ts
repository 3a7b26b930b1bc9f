/**
 * The one interface behind which the two hosts differ (ARCHITECTURE.md "Host emulation"; spec §4, §7, §8).
 * The entry of each bundle hands its implementation to `boot`; nothing under src/ asks which host it runs in.
 */

/** Signature values of the WeChat JS-SDK (POST /api/user/signature; spec §3 "signature request"). */
export interface JsSdkSignature {
  appId: string;
  /** Seconds since the epoch. */
  timeStamp: number;
  /** 32 characters. */
  nonceStr: string;
  /** sha1 hex of jsapi_ticket, noncestr, timestamp and url. */
  signature: string;
}

/** What the app gives a platform when it starts its SDK (injected so that platform/ imports nothing of src/). */
export interface PlatformServices {
  /** Calls the signature endpoint for `url` (the page address without `#…`). Rejects on any failure. */
  fetchSignature(url: string): Promise<JsSdkSignature>;
  /** Shows the shell's alert dialog (used for the scan failure 无法识别). */
  alert(title: string, content: string): void;
  /** Logs an SDK error that the user is not told about (spec §8 "Other SDK errors: only logged"). */
  log(message: string, detail?: unknown): void;
}

/**
 * Outcome of a scan: the decoded content as the code carries it (a URL, a serial number, the digits of a bar code:
 * whatever the host wraps it in is removed by the Platform), or null when the user cancelled.
 */
export type ScanResult = string | null;

/** Parameters of an in-app payment, as the backend prepares them for the host's cashier. */
export type PayParams = Record<string, string>;

/** Outcome of an in-app payment as the host reports it (the backend remains the source of truth). */
export type PayOutcome = 'success' | 'cancel' | 'fail';

/** One host (WeChat or Alipay): detection, identity, authorisation and the SDK bridge. */
export interface Platform {
  /** Internal name, also the bundle's folder. */
  readonly name: 'wechat' | 'alipay';
  /** Value of the `client` request header (spec §7): r9a_weixin in WeChat, alipay otherwise. */
  readonly client: 'r9a_weixin' | 'alipay';
  /** The app id this bundle authorises with (per environment). */
  readonly appId: string;
  /** Query parameter carrying the OAuth code on return from authorisation: code (WeChat), auth_code (Alipay). */
  readonly authCodeParam: 'code' | 'auth_code';
  /** Scan types passed to the host (spec §9): qrCode + barCode in WeChat, qr in Alipay. */
  readonly scanTypes: readonly string[];
  /** What the host can do that screens adapt to. */
  readonly capabilities: {
    /** The host's scanner reads bar codes too (WeChat); otherwise a bar code must be typed (Alipay). */
    readonly scansBarCodes: boolean;
  };
  /** Wording that names the host (shown by screens where the host's abilities matter). */
  readonly wording: {
    /** Why a bar code cannot be scanned here, shown under a code input when the scanner reads QR codes only. */
    readonly barCodeUnsupported: string;
  };
  /** The host's silent login (A §2 action 1): the endpoint that takes the OAuth code, and the code's field name. */
  readonly silentLogin: { readonly path: string; readonly codeField: string };
  /** True when the user agent is this host's in-app browser (MicroMessenger / AlipayClient). */
  isHost(userAgent: string): boolean;
  /** The platform's authorisation page that returns to `redirectUri` (spec §4 startup step 4). */
  authorizeUrl(redirectUri: string): string;
  /**
   * Hands the platform the app's services and the address the page was first loaded at (the iOS signing rule),
   * without configuring anything yet: boot calls it at startup. An ability used before `init` (a scan on the first
   * screen) configures the SDK itself first, with what it was given here.
   */
  prepare(services: PlatformServices, landingUrl: string): void;
  /**
   * Configures the SDK once per page load (WeChat: signature + wx.config with the five abilities; Alipay: waits for
   * AlipayJSBridgeReady); later calls return the first configuration. Boot calls it once the first screen is idle
   * (nothing on the first screen needs it before a tap). `landingUrl` as for `prepare`.
   * Never rejects: failures are logged through `services.log`.
   */
  init(services: PlatformServices, landingUrl: string): Promise<void>;
  /** Scans a code. Resolves null on cancel; on failure WeChat alerts 无法识别, Alipay logs; both then resolve null. */
  scan(): Promise<ScanResult>;
  /** Closes the embedded page (WeChat closeWindow, Alipay closeWebview). */
  closeWindow(): void;
  /** Opens the host's cashier (WeChat chooseWXPay, Alipay tradePay). */
  pay(params: PayParams): Promise<PayOutcome>;
  /** Shows images full screen (WeChat previewImage, Alipay imageViewer). */
  previewImage(urls: readonly string[], current?: string): void;
}
