/**
 * Per-environment settings (ARCHITECTURE.md "Decisions": environments online, pre, test, test2, dev and sandbox).
 * They are `PUBLIC_` variables read by rsbuild.config.ts from deploy/env/.env.<mode> (or the process environment) and
 * inlined at build time; rsbuild.config.ts fails a production build that lacks one (see deploy/env/README.md).
 */
export interface AppSettings {
  /** Origin (and optional path) of the backend; '' = the page's own origin (sandbox). */
  apiBaseUrl: string;
  /** Fixed business-app identifier sent as header `instanceId` (spec §7). */
  instanceId: string;
  /** Default customer-service phone of a new site draft (spec §3, §9). */
  servicePhone: string;
  /** Origin of the platform QR domain (stickers are `{qrBaseUrl}/q/{code}`, B-site §0.4); '' = not checked. */
  qrBaseUrl: string;
  /** Environment name, for diagnostics only. */
  envName: string;
}

/** The settings this bundle was built with. */
export const settings: AppSettings = {
  apiBaseUrl: import.meta.env.PUBLIC_API_BASE_URL ?? '',
  instanceId: import.meta.env.PUBLIC_INSTANCE_ID ?? '',
  servicePhone: import.meta.env.PUBLIC_SERVICE_PHONE ?? '',
  qrBaseUrl: import.meta.env.PUBLIC_QR_BASE_URL ?? '',
  envName: import.meta.env.PUBLIC_ENV_NAME ?? '',
};
