import { Input, List, Skeleton, TextArea } from 'antd-mobile';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/button';
import { confirm, toast } from '@/components/feedback';
import { RegionField } from '@/components/region-field';
import { amapSettings, type AmapSettings } from '@/lib/amap-settings';
import { locateFailureText, mapLocationStore, type MapLocationStore } from '@/stores/screens/site/map-location';
import { useScreenStore } from '@/stores/screen-store';
import type { SiteTarget } from '@/stores/screens/site/site-add';
import { useGoBack } from '@/sections/site/navigation';
import { siteTargetBack, siteTargetKey, useLoadOrLeave, useSiteTarget } from '@/sections/site/settings-ui';
import styles from './maplocation.module.css';

/**
 * /site/siteInfo/siteData/maplocation — 地图定位 (B-site.md §4, §0.5): choose a site's GCJ-02 position, its province /
 * city / district and address. With a map key (PUBLIC_AMAP_KEY) the AMap view does it; without one (the sandbox, or
 * the map failing to load for good) the screen still works: the region picker, the address typed, and 定位到当前位置
 * with the browser's geolocation converted WGS-84 → GCJ-02 (or the coordinates typed). 确定 checks the accepted area;
 * with ?from=add it writes the site draft and goes back, with ?siteId it confirms and saves through modifySite.
 */

const AmapView = lazy(() => import('./amap-view').then((m) => ({ default: m.AmapView })));

/** A coordinate as typed ('' while empty), parsed on change. */
function coordinateText(value: number | null): string {
  return value === null ? '' : value.toFixed(6);
}

/** The map-less form: region picker, address, current position or typed coordinates. */
const ManualLocation = observer(function ManualLocation({ store }: { store: MapLocationStore }) {
  const [lngText, setLngText] = useState(coordinateText(store.picked.longitude));
  const [latText, setLatText] = useState(coordinateText(store.picked.latitude));
  const { picked } = store;

  const takeTyped = (lng: string, lat: string) => {
    const x = Number(lng);
    const y = Number(lat);
    if (lng.trim() && lat.trim() && Number.isFinite(x) && Number.isFinite(y)) store.setPoint([x, y]);
  };

  const locate = async () => {
    const failure = await store.locate();
    if (failure) {
      toast(locateFailureText(failure));
      return;
    }
    setLngText(coordinateText(store.picked.longitude));
    setLatText(coordinateText(store.picked.latitude));
    toast('已定位到当前位置');
  };

  return (
    <>
      <p className={styles.hint}>
        未接入地图：请选择所在地区、填写详细地址，并定位到当前位置或填写经纬度（高德/GCJ-02坐标）
      </p>
      <List mode="card">
        <RegionField
          value={{ province: picked.province, city: picked.city, area: picked.area }}
          readOnly={store.readOnly}
          onChange={(r) =>
            store.setRegion({ province: r.province, city: r.city, area: r.area, provinceAdcode: r.provinceCode })
          }
          testId="maplocation-region"
        />
        <List.Item title="详细地址">
          <TextArea
            name="locationAddress"
            placeholder="如：翠苑一区3栋南侧车棚"
            maxLength={60}
            autoSize={{ minRows: 1, maxRows: 3 }}
            readOnly={store.readOnly}
            value={picked.address}
            onChange={(v) => store.setAddress(v)}
          />
        </List.Item>
        <List.Item title="经度">
          <Input
            name="longitude"
            placeholder="如 120.123456"
            inputMode="decimal"
            readOnly={store.readOnly}
            value={lngText}
            onChange={(v) => {
              setLngText(v);
              takeTyped(v, latText);
            }}
          />
        </List.Item>
        <List.Item title="纬度">
          <Input
            name="latitude"
            placeholder="如 30.123456"
            inputMode="decimal"
            readOnly={store.readOnly}
            value={latText}
            onChange={(v) => {
              setLatText(v);
              takeTyped(lngText, v);
            }}
          />
        </List.Item>
      </List>
      {!store.readOnly && (
        <div className={styles.locate}>
          <Button block fill="outline" color="primary" loading={store.locating} onClick={() => void locate()}>
            定位到当前位置
          </Button>
        </div>
      )}
    </>
  );
});

const MapLocationPage = observer(function MapLocationPage({
  mode,
  map,
}: {
  mode: SiteTarget;
  map: AmapSettings | null;
}) {
  const goBack = useGoBack();
  const store = useScreenStore(mapLocationStore, mode);
  // The map is used when the build has a key, until the user gives up on it (the script cannot load).
  const [useMap, setUseMap] = useState(map !== null);
  const back = siteTargetBack(mode);
  useLoadOrLeave(store);

  const submit = async () => {
    const failure = store.confirmFailure();
    if (failure) {
      toast(failure);
      return;
    }
    if (mode.kind === 'add') {
      store.applyToDraft();
      goBack(back);
      return;
    }
    if (!(await confirm('提示', `确定将站点位置修改为「${store.picked.address.trim()}」？`))) return;
    if (await store.saveToSite()) {
      toast('位置已更新');
      goBack(back);
    }
  };

  if (!store.loaded) {
    return (
      <main className={styles.page}>
        <Skeleton.Paragraph lineCount={6} animated />
      </main>
    );
  }
  return (
    <main className={clsx(styles.page, map && useMap && styles.pageMap)}>
      {store.siteName && <div className={styles.site}>{store.siteName}</div>}
      {map && useMap ? (
        <Suspense fallback={<div className={styles.loading}>地图加载中...</div>}>
          <AmapView store={store} settings={map} onGiveUp={() => setUseMap(false)} />
        </Suspense>
      ) : (
        <ManualLocation store={store} />
      )}
      {store.readOnly ? (
        <p className={styles.hint}>无修改权限，仅可查看</p>
      ) : (
        <div className={styles.confirm} data-testid="maplocation-confirm">
          <Button block color="primary" size="large" disabled={store.saving} onClick={() => void submit()}>
            确定
          </Button>
        </div>
      )}
    </main>
  );
});

/** The route's screen: reads the mode from the query; without one, back to the site list (B-site.md header). */
export default function MapLocationRoute() {
  const target = useSiteTarget('siteMapLocation');
  if (!target) return null;
  return <MapLocationPage key={siteTargetKey(target)} mode={target} map={amapSettings()} />;
}
