import { areaList } from '@vant/area-data';
import { Cascader, type CascaderOption } from 'antd-mobile';
import { useMemo } from 'react';
import { toast } from './feedback';
import { useScrollRegions } from './scroll-region';

/**
 * The mainland region picker of the site section (B-site.md §1 community form "所在地区 ... from the bundled GB/T 2260
 * region picker"; §4 map location without a map): province → city → district from @vant/area-data (GB/T 2260 codes,
 * 34 provinces incl. 台湾/香港/澳门, which the site location check refuses). A bottom sheet with one tab per level;
 * tapping a district completes the choice. The data (about 33 kB gzip) travels in the lib-map chunk: screens load this
 * module lazily (React.lazy), only when the picker is needed.
 */

/** A chosen region: names as stored by the contract, and the GB/T 2260 codes (adcodes). */
export interface RegionValue {
  province: string;
  city: string;
  area: string;
  /** 6-digit codes, e.g. 330000 / 330100 / 330106. */
  provinceCode: string;
  cityCode: string;
  areaCode: string;
}

let options: CascaderOption[] | null = null;

/** The three-level options, built once from the area data (children matched by code prefix). */
function regionOptions(): CascaderOption[] {
  if (options) return options;
  const counties = Object.entries(areaList.county_list);
  const cities = Object.entries(areaList.city_list);
  options = Object.entries(areaList.province_list).map(([provinceCode, province]) => ({
    label: province,
    value: provinceCode,
    children: cities
      .filter(([code]) => code.slice(0, 2) === provinceCode.slice(0, 2))
      .map(([cityCode, city]) => ({
        label: city,
        value: cityCode,
        children: counties
          .filter(([code]) => code.slice(0, 4) === cityCode.slice(0, 4))
          .map(([areaCode, area]) => ({ label: area, value: areaCode })),
      })),
  }));
  return options;
}

/**
 * The codes of a region given by its names (the stored form), or [] when the names are not one region of the data.
 * A city name that equals the province (municipalities, as AMap reports them) matches the province's only city.
 */
export function regionCodesOf(names: { province: string; city: string; area: string }): string[] {
  const province = regionOptions().find((p) => p.label === names.province);
  const cities = province?.children ?? [];
  const city = cities.find((c) => c.label === names.city) ?? (cities.length === 1 ? cities[0] : undefined);
  const area = city?.children?.find((a) => a.label === names.area);
  return province?.value && city?.value && area?.value ? [province.value, city.value, area.value] : [];
}

/** Props of RegionPicker. */
export interface RegionPickerProps {
  visible: boolean;
  /** The current region by names ('' = none yet). */
  value: { province: string; city: string; area: string };
  /** A full province/city/district was chosen. */
  onConfirm: (region: RegionValue) => void;
  onClose: () => void;
  /** Sheet title, default 所在地区. */
  title?: string;
}

/** The region picker sheet; see the module docstring. */
export default function RegionPicker({ visible, value, onConfirm, onClose, title = '所在地区' }: RegionPickerProps) {
  const all = useMemo(() => regionOptions(), []);
  const current = useMemo(() => regionCodesOf(value), [value]);
  // antd-mobile's cascader scrolls each level's list in a box no keyboard reaches: each is a region "<title>选项".
  useScrollRegions(visible, '.adm-cascader-view-content', `${title}选项`);
  return (
    <Cascader
      options={all}
      visible={visible}
      value={current}
      title={title}
      placeholder="请选择"
      onClose={onClose}
      onConfirm={(_codes, extend) => {
        const [province, city, area] = extend.items;
        if (!extend.isLeaf || !province || !city || !area) {
          toast('请选择完整的省、市、区');
          return;
        }
        onConfirm({
          province: province.label ?? '',
          city: city.label ?? '',
          area: area.label ?? '',
          provinceCode: province.value ?? '',
          cityCode: city.value ?? '',
          areaCode: area.value ?? '',
        });
      }}
    />
  );
}
