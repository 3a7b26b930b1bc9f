import { addDays, addMonths, lastDayOfMonth, startOfDay } from '../../lib/time';
import { ACC, type SeedCtx } from './context';
import { nextId, seedIndividualOperator } from './individual';
import { HOUR_MS, IMG, withLuhn } from './util';
import { at } from './world';

/**
 * The owing operator of the demo (README demo accounts): 九堡快充服务部 (10021, 13800138021), a split-mode operator
 * (settleMode 2) on the platform wallet (channel 1) — certified (an individual entity), signed, a verified savings
 * card bound — whose last two platform-fee periods closed 欠费 (D-income.md §3; A-shell-home-settlement.md §5): 第1期
 * and 第2期 owe their ¥50.00 platform service fee each (it has no sites any more, so nothing was split to them), the
 * current month's 第3期 is 结算中, and its withdrawals are blocked (isWithdrawable 5) until the periods are paid. It
 * is there to pay arrears through each platform's cashier (test/e2e/income-arrears-pay.test.ts: the first run pays
 * 第1期, the second 第2期) without touching the split-mode operator 10007, whose one owed period other stories use.
 * Its wallet is empty and has no ledger.
 *
 * Added after the rest of the demo world like the second unsigned operator (held-operator.ts, both through
 * individual.ts): copies of rows of the same kinds with fixed values, ids after every other row, nothing drawn from the
 * world's random sequence.
 */

const ACCOUNT = ACC.owingOperator;
/** Who it is: 九堡快充服务部, run by 杜明远 (contact, legal person, signer and card holder). */
const OPERATOR = {
  accountId: ACCOUNT,
  phone: '13800138021',
  name: '九堡快充服务部',
  shortName: '九堡快充',
  logo: IMG('logo-jiubao.png'),
  person: '杜明远',
  idNo: '330104199002143516',
  inviteCode: 'JB7310',
};
/** The monthly platform service fee of each period (fen). */
export const OWING_PLATFORM_FEE = 5000;

/** Adds the owing operator with its entity, signing, card, empty wallet and platform-fee periods (module note). */
export function seedOwingOperator(ctx: SeedCtx): void {
  const { now, today } = ctx;
  const created = at(addDays(today, -120), 9, 30);
  const certified = created + 3 * HOUR_MS;
  const signed = certified + 2 * HOUR_MS;

  const agreements = (ctx.rows('merchant_sign').find((r) => r.accountId === ACC.agent)?.agreements ?? []) as {
    signedUrl: string;
  }[];
  seedIndividualOperator(ctx, {
    ...OPERATOR,
    accountLike: ACC.splitOperator,
    account: {
      email: null,
      settleMode: 2,
      signStatus: 2,
      lastLoginTime: now - 6 * HOUR_MS,
      updateTime: now - 6 * HOUR_MS,
    },
    created,
    certified,
    card: { no: withLuhn('621483571206038'), bankCode: 'CMB', bankName: '招商银行' },
    signLike: ACC.agent,
    sign: {
      signStatus: 2,
      agreements: agreements.map((a) => ({ ...a, signedUrl: a.signedUrl.replace(`/${ACC.agent}-`, `/${ACCOUNT}-`) })),
      signTime: signed,
      createTime: signed,
      updateTime: signed,
    },
  });

  // ---- platform-fee periods: the two months before this one closed 欠费 on their settle date, this month's 结算中 ----
  const month = today.slice(0, 7);
  for (let n = 1; n <= 3; n++) {
    const start = `${addMonths(month, n - 3)}-01`;
    const settleDate = addDays(lastDayOfMonth(start), 1);
    const closed = n < 3;
    const settled = closed ? at(settleDate, 3, 0) : null;
    ctx.push('fee_period', {
      id: nextId(ctx, 'fee_period'),
      accountId: ACCOUNT,
      periodNo: n,
      startDate: start,
      endDate: lastDayOfMonth(start),
      settleDate,
      deviceAmount: 0,
      platformFeeAmount: OWING_PLATFORM_FEE,
      dueAmount: OWING_PLATFORM_FEE,
      deductedAmount: 0,
      oweAmount: closed ? OWING_PLATFORM_FEE : 0,
      paidAmount: 0,
      status: closed ? 3 : 1,
      settleTime: settled,
      createTime: startOfDay(start),
      updateTime: settled ?? now,
    });
  }
}
