/**
 * Where the camera-cloud (乐橙 lechange) open API lives (spec §7 "a separate POST goes to a camera-cloud open API";
 * B-site.md §2 cameraList). The base URL is a per-environment setting, PUBLIC_LECHANGE_API_URL (deploy/env): the real
 * open API unless set otherwise (deploy/settings.ts gives every build that default), the sandbox's emulation in the
 * sandbox build. Nothing of the sandbox is compiled into a production bundle.
 */

/** The camera cloud's public open API, used when a build carries no value. */
export const DEFAULT_CAMERA_CLOUD_URL = 'https://openapi.lechange.cn/openapi';

/** The base URL of the camera-cloud open API, without a trailing slash, e.g. https://openapi.lechange.cn/openapi. */
export function cameraCloudBaseUrl(configured: string | undefined = import.meta.env.PUBLIC_LECHANGE_API_URL): string {
  const value = (configured ?? '').trim();
  return (value || DEFAULT_CAMERA_CLOUD_URL).replace(/\/+$/, '');
}
