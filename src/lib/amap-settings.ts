/**
 * The AMap JS API 2.0 settings of this build (B-site.md §0.5 "Map SDK: AMap JS API 2.0 (key + securityJsCode per
 * environment)"): PUBLIC_AMAP_KEY and PUBLIC_AMAP_SECURITY_CODE of deploy/env. Both are optional: a build without a key
 * (the sandbox, or an environment that has none yet) never loads the AMap script, and the map location screen works
 * with the region picker and the browser's geolocation instead.
 */
export interface AmapSettings {
  /** Web (JS API) key. */
  key: string;
  /** securityJsCode that goes with the key ('' when the key needs none). */
  securityCode: string;
}

/** The AMap settings, or null when this build has no key (no map). */
export function amapSettings(): AmapSettings | null {
  const key = (import.meta.env.PUBLIC_AMAP_KEY ?? '').trim();
  if (!key) return null;
  return { key, securityCode: (import.meta.env.PUBLIC_AMAP_SECURITY_CODE ?? '').trim() };
}
