/// <reference types="@rsbuild/core/types" />

/** Only the settings declared here may be read from import.meta.env (see src/config/env.ts). */
interface RsbuildTypeOptions {
  strictImportMetaEnv: true;
}

interface ImportMetaEnv {
  readonly PUBLIC_API_BASE_URL?: string;
  readonly PUBLIC_INSTANCE_ID?: string;
  readonly PUBLIC_SERVICE_PHONE?: string;
  readonly PUBLIC_ENV_NAME?: string;
  readonly PUBLIC_WECHAT_APP_ID?: string;
  readonly PUBLIC_WECHAT_AUTHORIZE_URL?: string;
  readonly PUBLIC_ALIPAY_APP_ID?: string;
  readonly PUBLIC_ALIPAY_AUTHORIZE_URL?: string;
  /** AMap JS API 2.0 key; absent = no map (the location screen falls back to region picker + geolocation). */
  readonly PUBLIC_AMAP_KEY?: string;
  /** AMap security code (securityJsCode) that goes with the key. */
  readonly PUBLIC_AMAP_SECURITY_CODE?: string;
  /** Origin of the platform QR domain: stickers are `{origin}/q/{code}` (B-site §0.4); scanned URLs elsewhere are refused. */
  readonly PUBLIC_QR_BASE_URL?: string;
  /** Base URL of the camera-cloud (lechange) open API. */
  readonly PUBLIC_LECHANGE_API_URL?: string;
}

/** The routes without a screen yet (neither a hub nor a line of src/app/screens.ts), defined at build time (scripts/screen-names.ts). */
declare const __UNBUILT_ROUTES__: readonly string[];

/** The app's version (package.json), defined at build time (rsbuild.config.ts). */
declare const __APP_VERSION__: string;
