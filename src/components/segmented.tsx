import { clsx } from 'clsx';
import styles from './segmented.module.css';

/** Class names of the two looks: a pill of segments, or a row of separate filter chips (which has no block form). */
const LOOKS = {
  pill: { group: styles.pill, block: styles.pillBlock, item: styles.pillItem },
  chips: { group: styles.chips, block: undefined, item: styles.chip },
} as const;

/**
 * A segmented control (站点 | 小区, 今日 | 昨日 | 本月 ...): plain buttons in a pill. antd-mobile's Segmented brings
 * rc-segmented and rc-motion (about 4 kB gzip) for its sliding animation; screens use this instead to keep their chunks
 * within the byte budget. `block` stretches the items over the full width. `variant="chips"` draws the same one-of-many
 * choice as a row of filter chips (全部 / 在线 / 离线 …, scrolling sideways when long), e.g. the device lists' filters.
 */
export function Segmented<T extends string>({
  options,
  value,
  onChange,
  label,
  block = false,
  variant = 'pill',
  className,
}: {
  options: readonly { key: T; label: string }[];
  value: T;
  onChange: (key: T) => void;
  /** Accessible name of the group. */
  label: string;
  block?: boolean;
  /** 'pill' (default) or 'chips'. */
  variant?: keyof typeof LOOKS;
  /** A class of the screen for the group (e.g. a colour on a dark background). */
  className?: string;
}) {
  const look = LOOKS[variant];
  return (
    <div className={clsx(look.group, block && look.block, className)} role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          role="tab"
          aria-selected={option.key === value}
          className={clsx(look.item, option.key === value && styles.active)}
          onClick={() => onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
