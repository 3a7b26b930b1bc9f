import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteDraftStore } from '@/stores/domain/drafts';
import { SitesStore } from '@/stores/domain/sites';
import { composeAddress, LOCATE_FAILED, MapLocationStore } from '@/stores/screens/site/map-location';
import type { AmapLngLat } from './amap-types';

/**
 * The AMap part of the map location screen (B-site.md §4 "Actions") against a fake AMap JS API: the loader's options,
 * the initial centre (Geolocation, else the IP city after the toast), reverse geocoding of the centre into the store
 * (municipalities: province as city), suggestions and nearby POIs, and the load failure with its ways out.
 */

const mocks = vi.hoisted(() => ({ load: vi.fn(), toast: vi.fn() }));
vi.mock('@amap/amap-jsapi-loader', () => ({ load: mocks.load }));
vi.mock('@/components/feedback', () => ({ toast: mocks.toast }));

const { AmapView } = await import('./amap-view');

const ll = ([lng, lat]: [number, number]): AmapLngLat => ({ getLng: () => lng, getLat: () => lat });

/** A fake AMap namespace; `world` says what its services answer. */
function fakeAmap(world: {
  position?: [number, number];
  city?: string | unknown[];
  province?: string;
  pois?: { name: string; at: [number, number]; distance: string }[];
  tips?: { name: string; at: [number, number] }[];
}) {
  const maps: FakeMap[] = [];
  class FakeMap {
    center: [number, number];
    bounds: unknown = null;
    handlers: Record<string, () => void> = {};
    constructor(_el: HTMLElement, options: { center: [number, number] }) {
      this.center = options.center;
      maps.push(this);
    }
    getCenter = () => ll(this.center);
    setCenter = (c: [number, number] | AmapLngLat) => {
      this.center = Array.isArray(c) ? c : [c.getLng(), c.getLat()];
      this.handlers.moveend?.();
    };
    setBounds = (b: unknown) => {
      this.bounds = b;
    };
    setZoom = () => undefined;
    on = (event: string, handler: () => void) => {
      this.handlers[event] = handler;
    };
    destroy = () => undefined;
  }
  const amap = {
    Map: FakeMap,
    Geolocation: class {
      getCurrentPosition(cb: (s: string, r: { position?: AmapLngLat }) => void) {
        if (world.position) cb('complete', { position: ll(world.position) });
        else cb('error', {});
      }
    },
    Geocoder: class {
      getAddress(_p: AmapLngLat, cb: (s: string, r: unknown) => void) {
        const province = world.province ?? '浙江省';
        cb('complete', {
          regeocode: {
            formattedAddress: `${province}${typeof world.city === 'string' ? world.city : ''}西湖区文三路`,
            addressComponent: { province, city: world.city ?? '杭州市', district: '西湖区', adcode: '330106' },
            pois: (world.pois ?? []).map((p) => ({ name: p.name, distance: p.distance, location: ll(p.at) })),
          },
        });
      }
    },
    AutoComplete: class {
      city = '';
      setCity(city: string) {
        this.city = city;
      }
      search(_k: string, cb: (s: string, r: unknown) => void) {
        cb('complete', {
          tips: (world.tips ?? []).map((t) => ({ name: t.name, district: '西湖区', location: ll(t.at) })),
        });
      }
    },
    CitySearch: class {
      getLocalCity(cb: (s: string, r: unknown) => void) {
        cb('complete', { city: '杭州市', bounds: 'BOUNDS-OF-HANGZHOU' });
      }
    },
  };
  return { amap, maps };
}

/** Settings with a key of their own per test (the view loads AMap once per key). */
let keyNo = 0;
const settings = () => ({ key: `test-key-${(keyNo += 1)}`, securityCode: 'test-code' });

describe('AmapView', () => {
  beforeEach(() => {
    sessionStorage.clear();
    mocks.load.mockReset();
    mocks.toast.mockReset();
  });
  afterEach(cleanup);

  it('loads AMap 2.0 with the key, the security code and its plugins; centres on the device and describes the centre', async () => {
    const { amap, maps } = fakeAmap({
      position: [120.2, 30.3],
      pois: [
        { name: '文三路车棚', at: [120.2001, 30.3001], distance: '12' },
        { name: '学院路口', at: [120.201, 30.301], distance: '140.6' },
      ],
    });
    mocks.load.mockResolvedValue(amap);
    const store = new MapLocationStore(new SitesStore(), { kind: 'add' }, new SiteDraftStore('400-800-1234'));
    const first = settings();
    render(<AmapView store={store} settings={first} onGiveUp={vi.fn()} />);
    await waitFor(() => expect(store.point).toEqual([120.2, 30.3]));
    expect(mocks.load).toHaveBeenCalledWith({
      key: first.key,
      version: '2.0',
      plugins: ['AMap.Geolocation', 'AMap.Geocoder', 'AMap.AutoComplete', 'AMap.CitySearch'],
    });
    expect(window._AMapSecurityConfig).toEqual({ securityJsCode: 'test-code' });
    expect(store.picked).toMatchObject({
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      provinceAdcode: '330000',
    });
    expect(store.picked.address).toBe(
      composeAddress('文三路车棚', '浙江省杭州市西湖区文三路', { province: '浙江省', city: '杭州市', area: '西湖区' }),
    );
    await screen.findByText('学院路口');
    expect(screen.getByText('141m')).toBeTruthy();
    // A tap on a nearby POI moves the centre there and names the choice after it.
    fireEvent.click(screen.getByText('学院路口'));
    expect(maps[0]?.center).toEqual([120.201, 30.301]);
    expect(store.point).toEqual([120.201, 30.301]);
    expect(store.picked.address).toContain('学院路口');
    expect(store.confirmFailure()).toBeNull();
  });

  it('starts from the chosen point; without a position toasts and falls back to the IP city', async () => {
    const { amap, maps } = fakeAmap({ city: [], province: '北京市' });
    mocks.load.mockResolvedValue(amap);
    const drafts = new SiteDraftStore('400-800-1234');
    drafts.update({ longitude: 116.4, latitude: 39.9 });
    const store = new MapLocationStore(new SitesStore(), { kind: 'add' }, drafts);
    const first = settings();
    render(<AmapView store={store} settings={first} onGiveUp={vi.fn()} />);
    // The chosen point is described at once; a municipality's city is its province.
    await waitFor(() => expect(store.picked.city).toBe('北京市'));
    expect(maps[0]?.center).toEqual([116.4, 39.9]);
    expect(mocks.toast).not.toHaveBeenCalled();
    // 定位 without a position: the toast of the design and the IP city.
    fireEvent.click(screen.getByText('定位'));
    expect(mocks.toast).toHaveBeenCalledWith(LOCATE_FAILED);
    expect(maps[0]?.bounds).toBe('BOUNDS-OF-HANGZHOU');
  });

  it('suggests places of the current city; an empty answer says 未找到相关地点', async () => {
    const world = {
      position: [120.2, 30.3] as [number, number],
      tips: [{ name: '黄龙体育中心', at: [120.14, 30.27] as [number, number] }],
    };
    const { amap, maps } = fakeAmap(world);
    mocks.load.mockResolvedValue(amap);
    const store = new MapLocationStore(new SitesStore(), { kind: 'add' }, new SiteDraftStore('400-800-1234'));
    const first = settings();
    render(<AmapView store={store} settings={first} onGiveUp={vi.fn()} />);
    await waitFor(() => expect(store.point).not.toBeNull());
    const input = screen.getByPlaceholderText('搜索地点');
    fireEvent.change(input, { target: { value: '黄龙' } });
    fireEvent.click(await screen.findByText('黄龙体育中心'));
    expect(maps[0]?.center).toEqual([120.14, 30.27]);
    world.tips = [];
    fireEvent.change(input, { target: { value: '不存在的地方' } });
    await screen.findByText('未找到相关地点');
  });

  it('a script that cannot load offers 点击重试 and the map-less form', async () => {
    mocks.load.mockRejectedValue(new Error('offline'));
    const giveUp = vi.fn();
    const store = new MapLocationStore(new SitesStore(), { kind: 'add' }, new SiteDraftStore('400-800-1234'));
    const first = settings();
    render(<AmapView store={store} settings={first} onGiveUp={giveUp} />);
    await screen.findByText('地图加载失败，点击重试');
    const { amap } = fakeAmap({ position: [120.2, 30.3] });
    mocks.load.mockResolvedValue(amap);
    await act(async () => {
      fireEvent.click(screen.getByText('地图加载失败，点击重试'));
    });
    await waitFor(() => expect(store.point).toEqual([120.2, 30.3]));
    expect(mocks.load).toHaveBeenCalledTimes(2);
    cleanup();
    mocks.load.mockRejectedValue(new Error('offline'));
    render(<AmapView store={store} settings={settings()} onGiveUp={giveUp} />);
    fireEvent.click(await screen.findByText('不使用地图，手动选择位置'));
    expect(giveUp).toHaveBeenCalled();
  });
});
