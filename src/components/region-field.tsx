import { List } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import type { RegionValue } from './region-picker';
import styles from './region-field.module.css';

/** The region picker with its data (about 33 kB gzip), loaded only when the user opens it. */
const RegionPicker = lazy(() => import('./region-picker'));

/**
 * The 所在地区 row of a form (B-site.md §1 community form "所在地区 ... from the bundled GB/T 2260 region picker"; §4
 * map location without a map): "省 市 区" of the chosen region, or 请选择省/市/区; a tap opens the region picker, whose
 * module and data are fetched only then. The picker reports names and GB/T 2260 codes.
 */
export function RegionField({
  value,
  onChange,
  readOnly = false,
  testId,
}: {
  /** The current region by names ('' = none yet). */
  value: { province: string; city: string; area: string };
  /** A full province / city / district was chosen. */
  onChange: (region: RegionValue) => void;
  /** Shown only (no arrow, no picker). */
  readOnly?: boolean;
  testId?: string;
}) {
  const [picking, setPicking] = useState(false);
  const text = [value.province, value.city, value.area].filter(Boolean).join(' ');
  return (
    <>
      <List.Item
        title="所在地区"
        clickable={!readOnly}
        onClick={readOnly ? undefined : () => setPicking(true)}
        data-testid={testId}
      >
        <span className={text ? undefined : styles.placeholder}>{text || '请选择省/市/区'}</span>
      </List.Item>
      {picking && (
        <Suspense fallback={null}>
          <RegionPicker
            visible={picking}
            value={value}
            onClose={() => setPicking(false)}
            onConfirm={(region) => {
              onChange(region);
              setPicking(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
