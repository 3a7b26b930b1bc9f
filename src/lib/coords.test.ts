import { afterEach, describe, expect, it, vi } from 'vitest';
import { distanceMeters, locateByBrowser, locationFailure, roundCoordinate, wgs84ToGcj02 } from './coords';

/** B-site.md §0.5: GCJ-02 conversion of browser positions and the accepted area of a site. */

describe('wgs84ToGcj02', () => {
  it('shifts a mainland GPS point by the GCJ-02 offset (West Lake, Hangzhou: about +0.0047° lng, −0.0025° lat)', () => {
    const [lng, lat] = wgs84ToGcj02([120.1, 30.25]);
    expect(lng - 120.1).toBeGreaterThan(0.004);
    expect(lng - 120.1).toBeLessThan(0.0055);
    expect(lat - 30.25).toBeLessThan(-0.0015);
    expect(lat - 30.25).toBeGreaterThan(-0.0035);
    // Six decimals, as the contract stores them.
    expect(lng).toBe(roundCoordinate(lng));
    expect(String(lng).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(6);
  });

  it('leaves points outside China unshifted', () => {
    expect(wgs84ToGcj02([2.35, 48.85])).toEqual([2.35, 48.85]);
  });
});

describe('locationFailure (accepted area)', () => {
  it('needs a point', () => {
    expect(locationFailure(null, 30)).toBe('请选择位置');
    expect(locationFailure(120, null)).toBe('请选择位置');
    expect(locationFailure(Number.NaN, 30)).toBe('请选择位置');
  });

  it('accepts the mainland box edges and refuses points outside it', () => {
    expect(locationFailure(120.15, 30.28)).toBeNull();
    expect(locationFailure(73.5, 3.8)).toBeNull();
    expect(locationFailure(135.1, 53.6)).toBeNull();
    expect(locationFailure(73.49, 30)).toBe('请选择中国大陆范围内的位置');
    expect(locationFailure(135.11, 30)).toBe('请选择中国大陆范围内的位置');
    expect(locationFailure(120, 3.79)).toBe('请选择中国大陆范围内的位置');
    expect(locationFailure(120, 53.61)).toBe('请选择中国大陆范围内的位置');
  });

  it('refuses 台湾/香港/澳门 by adcode (71/81/82) or by province name', () => {
    expect(locationFailure(114.17, 22.28, { adcode: '810000' })).toBe('暂不支持港澳台地区站点');
    expect(locationFailure(113.54, 22.19, { adcode: '820000' })).toBe('暂不支持港澳台地区站点');
    expect(locationFailure(121.5, 25.03, { adcode: '710000' })).toBe('暂不支持港澳台地区站点');
    expect(locationFailure(114.17, 22.28, { name: '香港特别行政区' })).toBe('暂不支持港澳台地区站点');
    expect(locationFailure(114.06, 22.54, { adcode: '440300', name: '广东省' })).toBeNull();
  });
});

describe('distanceMeters', () => {
  it('measures short distances in metres', () => {
    // 0.001° of latitude ≈ 111 m.
    expect(distanceMeters([120.1, 30.25], [120.1, 30.251])).toBe(111);
    expect(distanceMeters([120.1, 30.25], [120.1, 30.25])).toBe(0);
  });
});

describe('locateByBrowser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('converts the browser position to GCJ-02', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, _fail: PositionErrorCallback, _options: PositionOptions) =>
      ok({ coords: { longitude: 120.1, latitude: 30.25 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition } });
    const result = await locateByBrowser(5000);
    expect(result).toEqual({ point: wgs84ToGcj02([120.1, 30.25]) });
    expect(getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({ enableHighAccuracy: true, timeout: 5000 });
  });

  it('reports denial, timeout and a missing API without rejecting', async () => {
    const failWith = (code: number) =>
      vi.stubGlobal('navigator', {
        geolocation: {
          getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
            fail({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError),
        },
      });
    failWith(1);
    expect(await locateByBrowser()).toEqual({ failure: 'denied' });
    failWith(3);
    expect(await locateByBrowser()).toEqual({ failure: 'timeout' });
    failWith(2);
    expect(await locateByBrowser()).toEqual({ failure: 'unavailable' });
    vi.stubGlobal('navigator', {});
    expect(await locateByBrowser()).toEqual({ failure: 'unsupported' });
  });
});
