/**
 * Money: integer fen in the API and the stores; only the display formats yuan (ARCHITECTURE.md "Money").
 */

/**
 * Formats fen as yuan with two decimals and thousands separators, with the ¥ sign: 123456 → "¥1,234.56",
 * -100 → "-¥1.00". Null/undefined/NaN → "--" (a figure that failed to load).
 */
export function formatFen(fen: number | null | undefined, options: { sign?: boolean; symbol?: boolean } = {}): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '--';
  const symbol = options.symbol === false ? '' : '¥';
  const negative = fen < 0;
  const abs = Math.abs(Math.round(fen));
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  const grouped = String(yuan).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const prefix = negative ? '-' : options.sign && abs > 0 ? '+' : '';
  return `${prefix}${symbol}${grouped}.${cents}`;
}

/**
 * Converts a yuan amount typed by the user ("12", "12.3", "12.34") to integer fen by string, without float math.
 * Returns null when the text is not a non-negative amount with at most two decimals.
 */
export function yuanToFen(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const integer = Number(match[1]);
  const decimals = (match[2] ?? '').padEnd(2, '0');
  return integer * 100 + Number(decimals);
}

/** Fen as the yuan a money input shows: two decimals, no sign or separators: 60 → "0.60", 123456 → "1234.56". */
export function fenToYuan(fen: number): string {
  return (fen / 100).toFixed(2);
}
