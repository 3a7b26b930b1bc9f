/**
 * Where the camera-cloud (乐橙 lechange) open API lives (spec §7 "a separate POST goes to a camera-cloud open API";
 * B-site.md §2 cameraList). The base URL is a per-environment setting, PUBLIC_LECHANGE_API_URL (deploy/env): the real
 * open API in production builds, the sandbox's emulation in the sandbox build. When a build carries no value, the
 * sandbox's path is used, so that the app never calls an address nobody configured.
 */

/** The sandbox's emulation of the camera-cloud open API (sandbox/api/device.ts). */
export const SANDBOX_CAMERA_CLOUD_PATH = '/__sandbox/lechange/openapi';

/** The base URL of the camera-cloud open API, without a trailing slash, e.g. https://openapi.lechange.cn/openapi. */
export function cameraCloudBaseUrl(configured: string | undefined = import.meta.env.PUBLIC_LECHANGE_API_URL): string {
  const value = (configured ?? '').trim();
  return (value || SANDBOX_CAMERA_CLOUD_PATH).replace(/\/+$/, '');
}
