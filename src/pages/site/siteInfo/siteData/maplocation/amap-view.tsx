import { List, SearchBar, SpinLoading } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { toast } from '@/components/feedback';
import { distanceMeters, type LngLat } from '@/lib/coords';
import type { AmapSettings } from '@/lib/amap-settings';
import {
  cityOrProvince,
  composeAddress,
  LOCATE_FAILED,
  type MapLocationStore,
} from '@/stores/screens/site/map-location';
import type { AmapAutoComplete, AmapGeocoder, AmapLngLat, AmapMap, AmapNamespace, AmapPoi } from './amap-types';
import styles from './maplocation.module.css';

/**
 * The AMap part of the map location screen (B-site.md §4 "地图定位", §0.5), used when the build has a map key: a full
 * GCJ-02 map with a fixed centre pin; the initial centre is the chosen point, else AMap.Geolocation (high accuracy,
 * 10 s), else the IP city (AMap.CitySearch) after the toast 定位失败，请搜索或拖动地图选择; every drag end reverse-geocodes
 * the centre (Geocoder, nearby POIs within 500 m, up to 20) into the store; a search box suggests places of the current
 * city (AutoComplete); tapping a suggestion or a POI moves the centre there. Loaded (with the AMap loader) only when a
 * key is set; the script load failing shows 地图加载失败，点击重试 and the way to go on without the map.
 */

/** Where the map opens when nothing better is known (杭州市西湖区). */
const FALLBACK_CENTER: [number, number] = [120.130396, 30.259242];

declare global {
  interface Window {
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

/** The AMap namespace per key, loaded once per page (forgotten after a failure, so that 重试 loads again). */
const loaded = new Map<string, Promise<AmapNamespace>>();

/** Loads the AMap JS API 2.0 with the plugins this screen uses. */
function loadAmap(settings: AmapSettings): Promise<AmapNamespace> {
  if (settings.securityCode) window._AMapSecurityConfig = { securityJsCode: settings.securityCode };
  let promise = loaded.get(settings.key);
  if (!promise) {
    promise = import('@amap/amap-jsapi-loader')
      .then((loader) =>
        loader.load({
          key: settings.key,
          version: '2.0',
          plugins: ['AMap.Geolocation', 'AMap.Geocoder', 'AMap.AutoComplete', 'AMap.CitySearch'],
        }),
      )
      .then((amap) => amap as AmapNamespace)
      .catch((error: unknown) => {
        loaded.delete(settings.key);
        throw error;
      });
    loaded.set(settings.key, promise);
  }
  return promise;
}

/** A point of an AMap answer as [lng, lat], or null when it has none. */
function pointOf(location: AmapLngLat | string | undefined): LngLat | null {
  if (!location || typeof location === 'string') return null;
  return [location.getLng(), location.getLat()];
}

/** A POI's address as text (AMap answers [] when it has none). */
function addressOf(poi: AmapPoi): string {
  return typeof poi.address === 'string' ? poi.address : '';
}

/** "120m" / "1.2km". */
function distanceText(meters: number): string {
  return meters < 1000 ? `${meters}m` : `${(meters / 1000).toFixed(1)}km`;
}

interface Tools {
  amap: AmapNamespace;
  map: AmapMap;
  geocoder: AmapGeocoder;
  autoComplete: AmapAutoComplete;
}

export const AmapView = observer(function AmapView({
  store,
  settings,
  onGiveUp,
}: {
  store: MapLocationStore;
  settings: AmapSettings;
  /** The user chooses to go on without the map (offline, blocked script): the map-less form takes over. */
  onGiveUp: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const tools = useRef<Tools | null>(null);
  /** The POI the user tapped: its name wins over the nearest POI after the move. */
  const chosenPoi = useRef<string | null>(null);
  const [state, setState] = useState<'loading' | 'failed' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [poiName, setPoiName] = useState('');
  const [formatted, setFormatted] = useState('');
  const [nearby, setNearby] = useState<AmapPoi[]>([]);
  const [keyword, setKeyword] = useState('');
  const [tips, setTips] = useState<AmapPoi[] | null>(null);

  /** Reverse-geocodes the map centre into the store and the panel. */
  const describeCenter = useCallback(() => {
    const t = tools.current;
    if (!t) return;
    const center = t.map.getCenter();
    store.setPoint([center.getLng(), center.getLat()]);
    t.geocoder.getAddress(center, (status, result) => {
      if (status !== 'complete' || typeof result === 'string' || !result.regeocode) return;
      const { addressComponent: c, formattedAddress, pois = [] } = result.regeocode;
      const region = { province: c.province, city: cityOrProvince(c.city, c.province), area: c.district };
      const name = chosenPoi.current ?? pois[0]?.name ?? '';
      chosenPoi.current = null;
      store.setRegion({ ...region, provinceAdcode: c.adcode ? `${c.adcode.slice(0, 2)}0000` : '' });
      store.setAddress(composeAddress(name, formattedAddress, region));
      t.autoComplete.setCity(region.city);
      setPoiName(name);
      setFormatted(formattedAddress);
      setNearby(pois.slice(0, 20));
    });
  }, [store]);

  /** Centres the map on the device's position, else on the IP city (B §4 initial centre). */
  const locate = useCallback(() => {
    const t = tools.current;
    if (!t) return;
    new t.amap.Geolocation({ enableHighAccuracy: true, timeout: 10_000, convert: true }).getCurrentPosition(
      (status, result) => {
        if (status === 'complete' && result.position) {
          t.map.setCenter(result.position);
          return;
        }
        toast(LOCATE_FAILED);
        new t.amap.CitySearch().getLocalCity((cityStatus, city) => {
          if (cityStatus === 'complete' && typeof city !== 'string' && city.bounds) t.map.setBounds(city.bounds);
        });
      },
    );
  }, []);

  useEffect(() => {
    let live = true;
    let map: AmapMap | null = null;
    setState('loading');
    loadAmap(settings)
      .then((amap) => {
        if (!live || !container.current) return;
        const start = store.point;
        map = new amap.Map(container.current, { zoom: 17, center: start ?? FALLBACK_CENTER, resizeEnable: true });
        tools.current = {
          amap,
          map,
          geocoder: new amap.Geocoder({ radius: 500, extensions: 'all' }),
          autoComplete: new amap.AutoComplete({ citylimit: true }),
        };
        map.on('moveend', describeCenter);
        setState('ready');
        if (start) describeCenter();
        else locate();
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      tools.current = null;
      map?.destroy();
    };
    // The map is created once per attempt (retry); the store's point is only its starting centre.
  }, [settings, attempt, store, describeCenter, locate]);

  const moveTo = (poi: AmapPoi) => {
    const point = pointOf(poi.location);
    if (!point || !tools.current) return;
    chosenPoi.current = poi.name;
    setTips(null);
    tools.current.map.setCenter(point);
  };

  const search = (text: string) => {
    const t = tools.current;
    const query = text.trim();
    if (!t || !query) {
      setTips(null);
      return;
    }
    t.autoComplete.search(query, (status, result) => {
      const found = status === 'complete' && typeof result !== 'string' ? (result.tips ?? []) : [];
      setTips(found.filter((tip) => pointOf(tip.location) !== null));
    });
  };

  const center = store.point;
  return (
    <div className={styles.map}>
      <div className={styles.mapSearch}>
        <SearchBar
          placeholder="搜索地点"
          maxLength={30}
          value={keyword}
          onChange={(v) => {
            setKeyword(v);
            search(v);
          }}
          onSearch={search}
          onClear={() => setTips(null)}
        />
        {tips !== null && (
          <div className={styles.mapTips}>
            {tips.length === 0 ? (
              <p className={styles.mapEmpty}>未找到相关地点</p>
            ) : (
              <List>
                {tips.map((tip, i) => {
                  const point = pointOf(tip.location);
                  return (
                    <List.Item
                      key={tip.id ?? `${tip.name}-${i}`}
                      onClick={() => moveTo(tip)}
                      description={[tip.district, addressOf(tip)].filter(Boolean).join(' ')}
                      extra={point && center ? distanceText(distanceMeters(center, point)) : undefined}
                    >
                      {tip.name}
                    </List.Item>
                  );
                })}
              </List>
            )}
          </div>
        )}
      </div>
      <div className={styles.mapBox}>
        <div ref={container} className={styles.mapCanvas} />
        {state === 'ready' && <EnvironmentOutline className={styles.mapPin} aria-hidden="true" />}
        {state === 'loading' && (
          <div className={styles.mapState}>
            <SpinLoading />
            <span>地图加载中...</span>
          </div>
        )}
        {state === 'failed' && (
          <div className={styles.mapState}>
            <span role="button" onClick={() => setAttempt((n) => n + 1)}>
              地图加载失败，点击重试
            </span>
            <Button size="small" fill="none" color="primary" onClick={onGiveUp}>
              不使用地图，手动选择位置
            </Button>
          </div>
        )}
        {state === 'ready' && (
          <Button className={styles.mapLocate} size="small" onClick={locate}>
            定位
          </Button>
        )}
      </div>
      <section className={styles.mapPanel} data-testid="map-panel">
        <strong>{poiName || '拖动地图选择位置'}</strong>
        <span>{formatted}</span>
        <span>{store.regionText}</span>
        {nearby.length > 0 && (
          <List>
            {nearby.map((poi, i) => (
              <List.Item
                key={poi.id ?? `${poi.name}-${i}`}
                onClick={() => moveTo(poi)}
                description={addressOf(poi)}
                extra={poi.distance !== undefined ? distanceText(Math.round(Number(poi.distance))) : undefined}
              >
                {poi.name}
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </div>
  );
});
