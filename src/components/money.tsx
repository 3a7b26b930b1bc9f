import { formatFen } from '@/lib/money';

/**
 * An amount of money: fen shown as ¥1,234.56 (negative -¥1.00, optional + sign); `--` when unknown; `****` when the
 * screen hides amounts.
 */
export function Money({
  fen,
  sign = false,
  hidden = false,
  className,
}: {
  fen: number | null | undefined;
  sign?: boolean;
  hidden?: boolean;
  className?: string;
}) {
  // Not `nowrap`: a balance drawn large with text at 200 % is wider than a 320 px screen and must break there.
  return <span className={className}>{hidden ? '****' : formatFen(fen, { sign })}</span>;
}

/** A count with a unit, or `--` when unknown. */
export function Count({ value, unit = '' }: { value: number | null | undefined; unit?: string }) {
  return <span className="nowrap">{value === null || value === undefined ? '--' : `${value}${unit}`}</span>;
}
