import './segmented.css';

/**
 * A segmented control (站点 | 小区, 今日 | 昨日 | 本月 ...): plain buttons in a pill. antd-mobile's Segmented brings
 * rc-segmented and rc-motion (about 4 kB gzip) for its sliding animation; screens use this instead to keep their chunks
 * within the byte budget. `block` stretches the items over the full width.
 */
export function Segmented<T extends string>({
  options,
  value,
  onChange,
  label,
  block = false,
}: {
  options: readonly { key: T; label: string }[];
  value: T;
  onChange: (key: T) => void;
  /** Accessible name of the group. */
  label: string;
  block?: boolean;
}) {
  return (
    <div className={block ? 'segmented segmented--block' : 'segmented'} role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          role="tab"
          aria-selected={option.key === value}
          className={option.key === value ? 'segmented__item is-active' : 'segmented__item'}
          onClick={() => onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
