/**
 * Profit-share rates: integers in basis points everywhere in the API (1 = 0.01 %, 3000 = 30.00 %); the screens take
 * and show percents with up to two decimals (B-site.md "Section-specific units").
 */

/**
 * Converts a typed percent ("30", "12.5", "0.25") to basis points by string, without float math. Returns null when the
 * text is not a number from 0 to 100 with at most two decimals.
 */
export function percentToBp(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** Basis points as a percent: 3000 → "30%", 1250 → "12.5%", 25 → "0.25%". */
export function formatBp(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`;
}

/** Basis points as the percent a rate input shows: 3000 → "30", 1250 → "12.5", 25 → "0.25". */
export function bpToPercent(bp: number): string {
  return String(Number((bp / 100).toFixed(2)));
}
