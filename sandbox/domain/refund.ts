/**
 * The reversal of a refund over an order's split rows (D-income.md "Business rules: Splits"; entities.md R4.4): every
 * party's row is reversed in proportion refund / gross (rounded down) and the site owner (role 0) takes the remainder,
 * so that the reversal adds up to the refund exactly. Shared by the demo world's history and the orders API.
 */

/** The negative amounts that reverse `refund` of an order whose rows add up to `gross` (rows of zero omitted). */
export function refundReversal<R extends { role: number; amount: number }>(
  rows: readonly R[],
  refund: number,
  gross: number,
): { row: R; amount: number }[] {
  const out: { row: R; amount: number }[] = [];
  let parties = 0;
  for (const r of rows) {
    if (r.role === 0) continue;
    const part = Math.floor((r.amount * refund) / gross);
    parties += part;
    if (part > 0) out.push({ row: r, amount: -part });
  }
  const owner = rows.find((r) => r.role === 0);
  if (owner) out.push({ row: owner, amount: -(refund - parties) });
  return out;
}
