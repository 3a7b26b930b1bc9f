import gcoord from 'gcoord';

/**
 * Coordinates of mainland China (B-site.md §0.5; ARCHITECTURE.md "Maps"): every stored coordinate is GCJ-02 (国测局坐标,
 * the system of AMap and of the payment app), decimal degrees with 6 decimals. Browser geolocation is WGS-84 and is
 * converted before use; the accepted area excludes points outside the mainland box and 台湾/香港/澳门. Used by the map
 * location screen (gcoord travels in its lib-map chunk) and by the sandbox's addSite/modifySite checks.
 */

/** A point as [longitude, latitude] in decimal degrees. */
export type LngLat = [number, number];

/** The accepted area of a site (B §0.5): a box around mainland China, GCJ-02 decimal degrees. */
export const MAINLAND_BOUNDS = { minLng: 73.5, maxLng: 135.1, minLat: 3.8, maxLat: 53.6 } as const;

/** Province adcode prefixes that are not served (71 台湾, 81 香港, 82 澳门). */
export const UNSERVED_ADCODE_PREFIXES: readonly string[] = ['71', '81', '82'];

const UNSERVED_PROVINCE = /台湾|香港|澳门/;

/** Messages of the location check (B §4 /site/siteInfo/siteData/maplocation "Validation"). */
export const LOCATION_MESSAGES = {
  missing: '请选择位置',
  outside: '请选择中国大陆范围内的位置',
  unserved: '暂不支持港澳台地区站点',
} as const;

/**
 * The accepted-area check of B §0.5: the first failure message, or null when the point may hold a site.
 * @param longitude GCJ-02 degrees, null = not chosen
 * @param latitude  GCJ-02 degrees, null = not chosen
 * @param province  the province of the point: its adcode (reverse geocoding or the region picker) when known, else
 *                  its name
 */
export function locationFailure(
  longitude: number | null,
  latitude: number | null,
  province: { name?: string; adcode?: string } = {},
): string | null {
  if (longitude === null || latitude === null || !Number.isFinite(longitude) || !Number.isFinite(latitude)) {
    return LOCATION_MESSAGES.missing;
  }
  const b = MAINLAND_BOUNDS;
  if (longitude < b.minLng || longitude > b.maxLng || latitude < b.minLat || latitude > b.maxLat) {
    return LOCATION_MESSAGES.outside;
  }
  const adcode = province.adcode ?? '';
  if (UNSERVED_ADCODE_PREFIXES.some((prefix) => adcode.startsWith(prefix))) return LOCATION_MESSAGES.unserved;
  if (province.name && UNSERVED_PROVINCE.test(province.name)) return LOCATION_MESSAGES.unserved;
  return null;
}

/** Rounds a coordinate to the 6 decimals the contract stores (about 0.1 m). */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * Converts a WGS-84 point (browser GPS) to GCJ-02 with gcoord, rounded to 6 decimals. Points outside China are
 * returned unchanged by the GCJ-02 algorithm (no offset applies there).
 */
export function wgs84ToGcj02([lng, lat]: LngLat): LngLat {
  const [x, y] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as LngLat;
  return [roundCoordinate(x), roundCoordinate(y)];
}

/** Great-circle distance between two points in metres (haversine; enough for "距离 120m" labels). */
export function distanceMeters([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a))));
}

/** Why the browser could not give a position. */
export type LocateFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

/**
 * The current position from the browser's navigator.geolocation (WGS-84, high accuracy), converted to GCJ-02.
 * Resolves `{ point }` or `{ failure }`; never rejects.
 * @param timeoutMs how long the browser may take (B §4: 10 s)
 */
export function locateByBrowser(timeoutMs = 10_000): Promise<{ point: LngLat } | { failure: LocateFailure }> {
  return new Promise((resolve) => {
    const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geo) {
      resolve({ failure: 'unsupported' });
      return;
    }
    geo.getCurrentPosition(
      (position) => resolve({ point: wgs84ToGcj02([position.coords.longitude, position.coords.latitude]) }),
      (error) =>
        resolve({
          failure:
            error.code === error.PERMISSION_DENIED
              ? 'denied'
              : error.code === error.TIMEOUT
                ? 'timeout'
                : 'unavailable',
        }),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
}
