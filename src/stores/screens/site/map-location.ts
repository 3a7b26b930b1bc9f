import { screenStore } from '@/stores/screen-store';
import { makeAutoObservable } from 'mobx';
import type { SitesStore } from '@/stores/domain/sites';
import { firstError } from '@/api/rules';
import { addressRule, REGION_REQUIRED } from '@/api/site-rules';
import { modifySite } from '@/api/site-settings';
import { locateByBrowser, locationFailure, roundCoordinate, type LngLat, type LocateFailure } from '@/lib/coords';
import { ActionGuard } from '@/stores/support/action-guard';
import type { SiteDraftStore } from '@/stores/domain/drafts';
import type { SiteTarget } from './site-add';

/**
 * The map location screen /site/siteInfo/siteData/maplocation (B-site.md §4 "地图定位", §0.5): the position being chosen
 * (GCJ-02), its region and address, the accepted-area check and what 确定 does — with ?from=add it writes province,
 * city, area, address, longitude and latitude into the site draft; with ?siteId it updates the site through
 * modifySite after the screen's confirmation. The position comes from the AMap view (when the build has a map key) or,
 * without a map, from the region picker, the address typed and the browser's geolocation converted WGS-84 → GCJ-02.
 */

/** The location being chosen. */
export interface PickedLocation {
  province: string;
  city: string;
  area: string;
  /** Province adcode (GB/T 2260) when known (AMap reverse geocoding or the region picker), else ''. */
  provinceAdcode: string;
  /** Detailed address (≤ 60 characters). */
  address: string;
  /** GCJ-02 degrees, 6 decimals; null until chosen. */
  longitude: number | null;
  latitude: number | null;
}

/** Toast of a failed positioning (B §4 Actions). */
export const LOCATE_FAILED = '定位失败，请搜索或拖动地图选择';

/** Toast of a failed positioning without a map, by cause. */
export function locateFailureText(failure: LocateFailure): string {
  switch (failure) {
    case 'denied':
      return '定位失败：未获得定位权限，请在设置中允许或手动填写经纬度';
    case 'timeout':
      return '定位超时，请重试或手动填写经纬度';
    case 'unsupported':
      return '当前环境不支持定位，请手动填写经纬度';
    default:
      return '定位失败，请重试或手动填写经纬度';
  }
}

/**
 * The address written for a chosen POI (B §4: "POI name + street detail, max 60 chars"): the formatted address without
 * its province/city/district prefix, followed by the POI name when it is not already part of it.
 */
export function composeAddress(
  poiName: string,
  formatted: string,
  region: { province: string; city: string; area: string },
): string {
  let detail = formatted;
  for (const part of [region.province, region.city, region.area]) {
    if (part && detail.startsWith(part)) detail = detail.slice(part.length);
  }
  const full = poiName && !detail.includes(poiName) ? `${detail}${poiName}` : detail || poiName;
  return full.slice(0, 60);
}

/** Municipalities: AMap reports an empty city, which becomes the province (B §4 Actions). */
export function cityOrProvince(city: string | unknown[] | undefined, province: string): string {
  return typeof city === 'string' && city ? city : province;
}

/** State and actions of the map location screen. */
export class MapLocationStore {
  picked: PickedLocation = {
    province: '',
    city: '',
    area: '',
    provinceAdcode: '',
    address: '',
    longitude: null,
    latitude: null,
  };
  /** The site name (edit mode), for the header. */
  siteName = '';
  /** Edit mode: false until the site is loaded; true when it may not be changed by the caller. */
  loaded = false;
  readOnly = false;
  locating = false;
  private readonly guard = new ActionGuard();

  /**
   * @param sites the app's sites (root.sites)
   * @param mode the add-site draft or a site being edited
   * @param draftStore the site draft (add mode)
   */
  constructor(
    private readonly sites: SitesStore,
    readonly mode: SiteTarget,
    private readonly draftStore: SiteDraftStore,
  ) {
    makeAutoObservable<MapLocationStore, 'sites' | 'draftStore' | 'guard'>(this, {
      sites: false,
      draftStore: false,
      mode: false,
      guard: false,
    });
    if (mode.kind === 'add') {
      const d = draftStore.draft;
      this.picked = {
        province: d.province,
        city: d.city,
        area: d.area,
        provinceAdcode: '',
        address: d.address,
        longitude: d.longitude,
        latitude: d.latitude,
      };
      this.loaded = true;
    }
  }

  /**
   * Loads what the screen starts from: in edit mode the site's current location (resolves false when the site cannot
   * be read, already toasted); the draft's is there from the start.
   */
  async load(): Promise<boolean> {
    if (this.mode.kind !== 'edit') return true;
    const siteId = this.mode.siteId;
    if ((await this.sites.load(siteId)) !== 'ok') return false;
    const site = this.sites.get(siteId);
    if (!site) return false;
    this.applySite(site.name, site.editable, {
      province: site.province,
      city: site.city,
      area: site.area,
      provinceAdcode: '',
      address: site.address,
      longitude: site.longitude,
      latitude: site.latitude,
    });
    return true;
  }

  /** True while the new location is being saved (edit mode; 确定 ignores taps). */
  get saving(): boolean {
    return this.guard.anyBusy;
  }

  /** The point chosen so far, or null. */
  get point(): LngLat | null {
    const { longitude, latitude } = this.picked;
    return longitude === null || latitude === null ? null : [longitude, latitude];
  }

  /** "省 市 区" of the chosen point ('' before one is chosen). */
  get regionText(): string {
    return [this.picked.province, this.picked.city, this.picked.area].filter(Boolean).join(' ');
  }

  /** Sets the position (GCJ-02), rounded to 6 decimals. */
  setPoint([lng, lat]: LngLat): void {
    this.picked.longitude = roundCoordinate(lng);
    this.picked.latitude = roundCoordinate(lat);
  }

  /** Sets the region (from the region picker or reverse geocoding). */
  setRegion(region: { province: string; city: string; area: string; provinceAdcode?: string }): void {
    this.picked.province = region.province;
    this.picked.city = region.city;
    this.picked.area = region.area;
    this.picked.provinceAdcode = region.provinceAdcode ?? '';
  }

  setAddress(address: string): void {
    this.picked.address = address;
  }

  /**
   * Without a map: 定位到当前位置 with the browser's geolocation, converted WGS-84 → GCJ-02. Resolves null on success,
   * else the failure (for the toast). Ignored while a positioning runs.
   */
  async locate(): Promise<LocateFailure | null> {
    if (this.locating) return null;
    this.setLocating(true);
    const result = await locateByBrowser(10_000);
    this.setLocating(false);
    if ('failure' in result) return result.failure;
    this.setPoint(result.point);
    return null;
  }

  /**
   * The check before 确定 (B §4 "Validation", §0.5): a chosen point inside the accepted area, and — without reverse
   * geocoding — a region and an address. Returns the first message, or null.
   */
  confirmFailure(): string | null {
    const { longitude, latitude, province, city, area, provinceAdcode } = this.picked;
    const where = locationFailure(longitude, latitude, { name: province, adcode: provinceAdcode });
    if (where) return where;
    if (!province || !city || !area) return REGION_REQUIRED;
    return firstError(addressRule, this.picked.address);
  }

  /** from=add: writes the location into the site draft (call after confirmFailure() is null). */
  applyToDraft(): void {
    const { province, city, area, address, longitude, latitude } = this.picked;
    if (longitude === null || latitude === null) return;
    this.draftStore.setLocation({ province, city, area, address: address.trim(), longitude, latitude });
  }

  /**
   * With siteId: POST modifySite `{ id, province, city, area, address, longitude, latitude }`. Resolves true when
   * saved; false when refused (toasted by the request layer) or while a save runs.
   */
  async saveToSite(): Promise<boolean> {
    const { province, city, area, address, longitude, latitude } = this.picked;
    if (this.mode.kind !== 'edit' || longitude === null || latitude === null) return false;
    const siteId = this.mode.siteId;
    const saved = await this.guard.done('save', () =>
      modifySite({ siteId, province, city, area, address: address.trim(), longitude, latitude }).send(),
    );
    if (saved) void this.sites.invalidate(siteId);
    return saved;
  }

  private applySite(name: string, editable: boolean, picked: PickedLocation): void {
    this.siteName = name;
    this.readOnly = !editable;
    this.picked = picked;
    this.loaded = true;
  }

  private setLocating(on: boolean): void {
    this.locating = on;
  }
}

/** The store of 地图定位 for the add-site draft or a site, new on each visit. */
export const mapLocationStore = screenStore(
  (root, target: SiteTarget) => new MapLocationStore(root.sites, target, root.siteDraft),
  'visit',
);
