import { afterEach, describe, expect, it, vi } from 'vitest';
import { CameraCloudError, cameraCloudDeviceOnline, pairUp, type WebcamRow } from './device';

/** The camera-cloud call (spec §7: a separate POST with system, params and id) and the camera grid's pairs. */

const system = {
  ver: '1.0' as const,
  appId: 'lc5andb0x00000001',
  time: 1_790_000_000,
  nonce: 'a'.repeat(32),
  sign: 'f'.repeat(32),
};

afterEach(() => vi.unstubAllGlobals());

describe('camera cloud', () => {
  it('posts { system, params, id } to the configured base URL and answers result.data', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ id: 'r1', result: { code: '0', msg: 'ok', data: { deviceId: 'LC1', onLine: '1' } } }),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(cameraCloudDeviceOnline(system, 'At_1', 'LC1', 'r1')).resolves.toEqual({
      deviceId: 'LC1',
      onLine: '1',
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/__sandbox/lechange/openapi/deviceOnline');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ system, params: { token: 'At_1', deviceId: 'LC1' }, id: 'r1' });
  });

  it('rejects with the cloud’s code, or network for a transport failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ id: 'x', result: { code: 'SN1001', msg: '签名校验失败' } }))),
    );
    await expect(cameraCloudDeviceOnline(system, 't', 'd', 'x')).rejects.toMatchObject({ code: 'SN1001' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('busy', { status: 502 })),
    );
    await expect(cameraCloudDeviceOnline(system, 't', 'd', 'x')).rejects.toBeInstanceOf(CameraCloudError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(cameraCloudDeviceOnline(system, 't', 'd', 'x')).rejects.toMatchObject({ code: 'network' });
  });
});

describe('camera grid rows', () => {
  it('groups cameras by two, the last one alone', () => {
    const cam = (id: number) => ({ id }) as WebcamRow;
    expect(pairUp([cam(1), cam(2), cam(3)])).toEqual([
      [cam(1), cam(2)],
      [cam(3), undefined],
    ]);
    expect(pairUp([])).toEqual([]);
  });
});
