/**
 * The parts of the AMap JS API 2.0 (GCJ-02) the map location screen uses, typed by hand (the loader returns `any`):
 * Map, Geolocation, Geocoder (reverse geocoding with nearby POIs), AutoComplete and CitySearch. Reference:
 * https://lbs.amap.com/api/javascript-api-v2/documentation.
 */

/** A GCJ-02 point. */
export interface AmapLngLat {
  getLng(): number;
  getLat(): number;
}

export interface AmapMap {
  getCenter(): AmapLngLat;
  setCenter(center: [number, number] | AmapLngLat, immediately?: boolean): void;
  setZoom(zoom: number): void;
  setBounds(bounds: unknown): void;
  on(event: 'moveend' | 'dragstart' | 'complete', handler: () => void): void;
  destroy(): void;
}

/** A point of interest (reverse geocoding `pois`, search tips). */
export interface AmapPoi {
  id?: string;
  name: string;
  address?: string | unknown[];
  /** Metres from the queried point (reverse geocoding). */
  distance?: number | string;
  location?: AmapLngLat | string;
  district?: string;
}

export interface AmapAddressComponent {
  province: string;
  /** Empty (or []) in municipalities. */
  city: string | unknown[];
  district: string;
  /** The district's adcode (its first two digits are the province's). */
  adcode: string;
  township?: string;
  street?: string;
  streetNumber?: string;
}

export interface AmapRegeocode {
  formattedAddress: string;
  addressComponent: AmapAddressComponent;
  pois?: AmapPoi[];
}

export interface AmapGeocoder {
  getAddress(
    point: [number, number] | AmapLngLat,
    callback: (status: 'complete' | 'error' | 'no_data', result: { regeocode?: AmapRegeocode } | string) => void,
  ): void;
}

export interface AmapGeolocation {
  getCurrentPosition(
    callback: (status: 'complete' | 'error', result: { position?: AmapLngLat; message?: string }) => void,
  ): void;
}

export interface AmapAutoComplete {
  setCity(city: string): void;
  search(
    keyword: string,
    callback: (status: 'complete' | 'error' | 'no_data', result: { tips?: AmapPoi[] } | string) => void,
  ): void;
}

export interface AmapCitySearch {
  getLocalCity(
    callback: (status: 'complete' | 'error' | 'no_data', result: { city?: string; bounds?: unknown } | string) => void,
  ): void;
}

/** The AMap namespace as the loader resolves it. */
export interface AmapNamespace {
  Map: new (
    container: HTMLElement,
    options: { zoom: number; center?: [number, number]; resizeEnable?: boolean },
  ) => AmapMap;
  Geolocation: new (options: { enableHighAccuracy: boolean; timeout: number; convert?: boolean }) => AmapGeolocation;
  Geocoder: new (options: { radius: number; extensions: 'base' | 'all' }) => AmapGeocoder;
  AutoComplete: new (options: { city?: string; citylimit?: boolean }) => AmapAutoComplete;
  CitySearch: new () => AmapCitySearch;
}
