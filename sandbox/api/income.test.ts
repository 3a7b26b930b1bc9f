import { describe, expect, it } from 'vitest';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import type {
  ArrearsOweAmount,
  CommOweAmount,
  MerchantEntity,
  MerchantEntityProperty,
  MerchantSignStatus,
  RevenueCurve,
  WalletBalance,
  WithdrawMode,
} from '../../src/api/income';
import type { TodayIncome } from '../../src/api/home';
import { addDays, addMonths, dayOf, firstDayOfMonth } from '../lib/time';

/**
 * The income home's endpoints (D-income.md §1 /income) through the sandbox app, over the seeded demo world with a
 * fixed clock: wallet = its parts = the ledger, the curve agrees with the home page's todayIncome and is zero-filled,
 * validation answers HTTP 200 with a non-zero code, the split-mode operator's platform-fee arrears, the property's
 * share-only curve, and 403 without income:view.
 */

const NOW = Date.parse('2024-05-20T15:30:00+08:00');
const TODAY = dayOf(NOW);

const { sb } = openSandboxForFile(NOW);

const curveUrl = (dimension: number, startDate: string, endDate: string) =>
  `/api/account/v3/revenueCurve?dimension=${dimension}&startDate=${startDate}&endDate=${endDate}`;

const {
  operator: OPERATOR,
  subAccount: SUB_ACCOUNT,
  builder: BUILDER,
  property: PROPERTY,
  splitOperator: SPLIT_OPERATOR,
  unsignedOperator: UNSIGNED_OPERATOR,
} = DEMO_PHONES;

const ENDPOINTS = [
  '/api/account/v2/balance',
  '/api/user/getWithdrawMode',
  curveUrl(1, TODAY, TODAY),
  '/api/merchant/esign/getMerchantSignStatus',
  '/api/merchant/entity/property/getMerchantEntityProperty',
  '/api/merchant/esign/getMerchantEntity',
  '/api/account/settlement/cost/arrears/oweAmount',
  '/api/share/instalment/queryCommOweAmount',
];

describe('GET /api/account/v2/balance', () => {
  it('equals its parts, the wallet row and the ledger', async () => {
    const wallet = await sb.data<WalletBalance>(OPERATOR, '/api/account/v2/balance');
    expect(wallet.balance).toBe(
      wallet.availableBalance + wallet.frozenAmount + wallet.cardFrozenAmount + wallet.withdrawingAmount,
    );
    const row = (
      await sb.db.query<{ balance: number; available_balance: number; total_income: number }>(
        'select balance, available_balance, total_income from wallet where account_id = 10001',
      )
    ).rows[0];
    expect(Number(row?.balance)).toBe(wallet.balance);
    const ledger = (
      await sb.db.query<{ net: string; income: string }>(
        `select coalesce(sum(case when direction = 1 then amount else -amount end), 0) as net,
                coalesce(sum(amount) filter (where biz_type between 1 and 5), 0) as income
         from account_bill where account_id = 10001`,
      )
    ).rows[0];
    expect(Number(ledger?.net)).toBe(wallet.availableBalance);
    expect(Number(ledger?.income)).toBe(wallet.totalIncome);
    const last = (
      await sb.db.query<{ balance_after: number }>(
        'select balance_after from account_bill where account_id = 10001 order by create_time desc, id desc limit 1',
      )
    ).rows[0];
    expect(Number(last?.balance_after)).toBe(wallet.availableBalance);
    expect(wallet.withdrawingAmount).toBeGreaterThan(0); // the withdrawal 待审核 since 40 minutes
    expect(wallet.account).toBe('杭州市西湖区易充充电服务部');
  });

  it("gives a sub-account its operator's whole wallet", async () => {
    const own = await sb.data<WalletBalance>(OPERATOR, '/api/account/v2/balance');
    const sub = await sb.data<WalletBalance>(SUB_ACCOUNT, '/api/account/v2/balance');
    expect(sub).toEqual(own);
  });
});

describe('GET /api/account/v3/revenueCurve', () => {
  const firstLoadStart = () => {
    const back = addDays(TODAY, -29);
    const monthStart = firstDayOfMonth(TODAY);
    return back < monthStart ? back : monthStart;
  };

  it("agrees with the home page's todayIncome (today, yesterday, this month)", async () => {
    const curve = await sb.data<RevenueCurve>(OPERATOR, curveUrl(1, firstLoadStart(), TODAY));
    const home = await sb.data<TodayIncome>(OPERATOR, '/api/user/todayIncome');
    const today = curve.points.at(-1);
    const yesterday = curve.points.find((p) => p.key === addDays(TODAY, -1));
    expect(today?.key).toBe(TODAY);
    expect(today?.total).toBe(home.total);
    expect(today?.charge).toBe(home.charge);
    expect(today?.valueCard).toBe(home.valueCardRecharge);
    expect(today?.monthCard).toBe(home.monthCard);
    expect(today?.coin).toBe(home.coin);
    expect(today?.refund).toBe(home.refund);
    expect(yesterday?.total).toBe(home.yesterdayTotal);
    const month = curve.points.filter((p) => p.key >= firstDayOfMonth(TODAY)).reduce((s, p) => s + p.total, 0);
    expect(month).toBe(home.monthTotal);
    expect(home.total).toBeGreaterThan(0);
  });

  it('reports total = charge + valueCard + monthCard + coin − refund per point, and the sum of the points', async () => {
    const curve = await sb.data<RevenueCurve>(OPERATOR, curveUrl(1, addDays(TODAY, -29), TODAY));
    expect(curve.points).toHaveLength(30);
    for (const p of curve.points) {
      expect(p.total).toBe(p.charge + p.valueCard + p.monthCard + p.coin - p.refund);
    }
    const fields = ['total', 'charge', 'valueCard', 'monthCard', 'coin', 'share', 'refund'] as const;
    for (const field of fields) {
      expect(curve.sum[field]).toBe(curve.points.reduce((s, p) => s + p[field], 0));
    }
    // The operator receives a superior's share of its agent's site.
    expect(curve.sum.share).toBeGreaterThan(0);
  });

  it('zero-fills days and months without orders, oldest first', async () => {
    const days = await sb.data<RevenueCurve>(OPERATOR, curveUrl(1, '2020-02-25', '2020-03-02'));
    expect(days.points.map((p) => p.key)).toEqual([
      '2020-02-25',
      '2020-02-26',
      '2020-02-27',
      '2020-02-28',
      '2020-02-29',
      '2020-03-01',
      '2020-03-02',
    ]);
    expect(days.points.every((p) => p.total === 0 && p.share === 0 && p.charge === 0)).toBe(true);
    expect(days.sum.total).toBe(0);

    const month = TODAY.slice(0, 7);
    const months = await sb.data<RevenueCurve>(OPERATOR, curveUrl(2, addMonths(month, -23), month));
    expect(months.points).toHaveLength(24);
    expect(months.points[0]?.key).toBe(addMonths(month, -23));
    expect(months.points.at(-1)?.key).toBe(month);
    // 90 days of history: the oldest months are empty, this month is not.
    expect(months.points[0]?.total).toBe(0);
    expect(months.points.at(-1)?.total).toBeGreaterThan(0);
    const byDay = await sb.data<RevenueCurve>(OPERATOR, curveUrl(1, firstDayOfMonth(TODAY), TODAY));
    expect(months.points.at(-1)?.total).toBe(byDay.sum.total);
  });

  it('answers invalid queries with HTTP 200, a non-zero code and a message', async () => {
    const bad = [
      curveUrl(3, TODAY, TODAY),
      '/api/account/v3/revenueCurve?startDate=2024-05-01&endDate=2024-05-02',
      curveUrl(1, '2024-5-1', TODAY),
      curveUrl(1, '2024-02-30', '2024-03-01'),
      curveUrl(1, TODAY, addDays(TODAY, -1)),
      curveUrl(1, addDays(TODAY, -92), TODAY),
      curveUrl(2, '2024-01-01', '2024-05-01'),
      curveUrl(2, '2024-13', '2024-14'),
      curveUrl(2, '2022-04', '2024-05'),
      curveUrl(2, '2024-05', '2024-04'),
    ];
    for (const url of bad) {
      const { status, body } = await sb.call<null>(OPERATOR, url);
      expect(status, url).toBe(200);
      expect(body.code, url).not.toBe(0);
      expect(body.message, url).toMatch(/\S/);
      expect(body.data, url).toBeNull();
    }
    const { body } = await sb.call<null>(OPERATOR, curveUrl(1, addDays(TODAY, -92), TODAY));
    expect(body.message).toBe('按日查询跨度不能超过92天');
    const limits = await sb.call<RevenueCurve>(OPERATOR, curveUrl(1, addDays(TODAY, -91), TODAY));
    expect(limits.body.data.points).toHaveLength(92);
  });

  it('limits a sub-account to its sites, like its todayIncome', async () => {
    const curve = await sb.data<RevenueCurve>(SUB_ACCOUNT, curveUrl(1, TODAY, TODAY));
    const own = await sb.data<RevenueCurve>(OPERATOR, curveUrl(1, TODAY, TODAY));
    const home = await sb.data<TodayIncome>(SUB_ACCOUNT, '/api/user/todayIncome');
    expect(curve.points[0]?.total).toBe(home.total);
    expect(curve.points[0]?.total).toBeLessThanOrEqual(own.points[0]?.total ?? 0);
  });

  it('gives a property its share only', async () => {
    const curve = await sb.data<RevenueCurve>(PROPERTY, curveUrl(1, addDays(TODAY, -29), TODAY));
    for (const p of curve.points) {
      expect([p.total, p.charge, p.valueCard, p.monthCard, p.coin, p.refund]).toEqual([0, 0, 0, 0, 0, 0]);
    }
    const from = Date.parse(`${addDays(TODAY, -29)}T00:00:00+08:00`);
    const to = Date.parse(`${addDays(TODAY, 1)}T00:00:00+08:00`);
    const share = (
      await sb.db.query<{ s: string }>(
        `select coalesce(sum(amount), 0) as s from order_split
         where account_id = 10003 and role in (1, 2, 5) and create_time >= $1 and create_time < $2`,
        [from, to],
      )
    ).rows[0];
    expect(curve.sum.share).toBe(Number(share?.s));
    expect(curve.sum.share).toBeGreaterThan(0);
  });
});

describe('GET /api/user/getWithdrawMode', () => {
  it("reads the operator's channel-1 wallet and weekly auto-withdraw", async () => {
    const mode = await sb.data<WithdrawMode>(OPERATOR, '/api/user/getWithdrawMode');
    expect(mode.channel).toBe(1);
    expect(mode.autoWithdraw).toBe(1);
    expect(mode.autoMode).toBe(2);
    expect(mode.date).toBe(1);
    expect(mode.nextWithdraw).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((mode.nextWithdraw ?? '') > TODAY || mode.nextWithdraw === TODAY).toBe(true);
    expect(new Date(`${mode.nextWithdraw}T12:00:00+08:00`).getUTCDay()).toBe(1);
    expect(mode.autoCard?.bankCardId).toBe(1);
    expect(mode.phone).toBe('138****8000');
    expect(mode.account).toBe('杭州市西湖区易充充电服务部');
    if (mode.cashBank) expect(mode.cashBank.cardNoTail).toMatch(/^\d{4}$/);
  });

  it('switches the split-mode operator (online-bank account opened) to channel 2 with its entity card', async () => {
    const mode = await sb.data<WithdrawMode>(SPLIT_OPERATOR, '/api/user/getWithdrawMode');
    const property = await sb.data<MerchantEntityProperty>(
      SPLIT_OPERATOR,
      '/api/merchant/entity/property/getMerchantEntityProperty',
    );
    expect(property.openStatus).toBe(4);
    expect(mode.channel).toBe(2);
    expect(mode.cashBank?.bankCardId).toBe(property.settleCard?.bankCardId);
    expect(mode.cashBank?.cardType).toBe(2);
  });
});

describe('e-sign, entity and online-bank state', () => {
  it('shows the signed operator and the unsigned one', async () => {
    const signed = await sb.data<MerchantSignStatus>(OPERATOR, '/api/merchant/esign/getMerchantSignStatus');
    expect(signed.signStatus).toBe(2);
    expect(signed.certStatus).toBe(2);
    expect(signed.signTime).not.toBeNull();
    expect(signed.agreements.length).toBeGreaterThan(0);
    expect(signed.agreements.every((a) => a.signedUrl !== null)).toBe(true);
    expect(signed.signerPhone).toBe('138****8000');

    const unsigned = await sb.data<MerchantSignStatus>(UNSIGNED_OPERATOR, '/api/merchant/esign/getMerchantSignStatus');
    expect(unsigned.signStatus).toBe(0);
    expect(unsigned.certStatus).toBe(0);
    expect(unsigned.openRequired).toBe(true);
    expect(unsigned.agreements.every((a) => a.signedUrl === null)).toBe(true);
    const property = await sb.data<MerchantEntityProperty>(
      UNSIGNED_OPERATOR,
      '/api/merchant/entity/property/getMerchantEntityProperty',
    );
    expect(property.openRequired).toBe(true);
    expect(property.openStatus).toBe(0);
  });

  it('masks the certified entity', async () => {
    const entity = await sb.data<MerchantEntity>(OPERATOR, '/api/merchant/esign/getMerchantEntity');
    expect(entity.certStatus).toBe(2);
    expect(entity.entityType).toBe(2);
    expect(entity.legalIdNo).toMatch(/^\d{4}\*+\w{4}$/);
    expect(entity.settleCardNoMasked).toMatch(/^\*{4} \*{4} \*{4} \d{4}$/);
    const none = await sb.data<MerchantEntity>(UNSIGNED_OPERATOR, '/api/merchant/esign/getMerchantEntity');
    expect(none.certStatus).toBe(0);
    expect(none.changeApply).toBeNull();
  });
});

describe('arrears', () => {
  it("reports the split-mode operator's unpaid platform-fee period", async () => {
    const comm = await sb.data<CommOweAmount>(SPLIT_OPERATOR, '/api/share/instalment/queryCommOweAmount');
    const periods = (
      await sb.db.query<{ owe: string; n: number }>(
        'select coalesce(sum(owe_amount - paid_amount), 0) as owe, count(*)::int as n from fee_period where account_id = 10007 and status = 3',
      )
    ).rows[0];
    expect(comm.oweAmount).toBe(Number(periods?.owe));
    expect(comm.owePeriodCount).toBe(periods?.n);
    expect(comm).toEqual({ oweAmount: 38650, owePeriodCount: 1 });
  });

  it('counts open arrears records (status 1/2) of every source', async () => {
    const owe = await sb.data<ArrearsOweAmount>(OPERATOR, '/api/account/settlement/cost/arrears/oweAmount');
    const open = (
      await sb.db.query<{ owe: string; n: number }>(
        `select coalesce(sum(amount - repaid_amount), 0) as owe, count(*)::int as n from arrears
         where account_id = 10001 and status in (1, 2)`,
      )
    ).rows[0];
    expect(owe).toEqual({ oweAmount: Number(open?.owe), count: open?.n });
    const none = await sb.data<CommOweAmount>(OPERATOR, '/api/share/instalment/queryCommOweAmount');
    expect(none).toEqual({ oweAmount: 0, owePeriodCount: 0 });
  });
});

describe('permission income:view', () => {
  it('answers 403 无操作权限 to a builder on every endpoint', async () => {
    for (const url of ENDPOINTS) {
      const { status, body } = await sb.call<null>(BUILDER, url);
      expect(status, url).toBe(200);
      expect(body.code, url).toBe(403);
      expect(body.message, url).toBe('无操作权限');
    }
  });

  it('answers 403 to a sub-account once income:view is taken away', async () => {
    await sb.data<WalletBalance>(SUB_ACCOUNT, '/api/account/v2/balance');
    await sb.db.query("update account set permissions = array_remove(permissions, 'income:view') where id = 10005");
    try {
      for (const url of ENDPOINTS) {
        const { body } = await sb.call<null>(SUB_ACCOUNT, url);
        expect(body.code, url).toBe(403);
      }
    } finally {
      await sb.db.query("update account set permissions = array_append(permissions, 'income:view') where id = 10005");
    }
  });

  it('asks for a login without a token', async () => {
    const { body } = await sb.get<null>('/api/account/v2/balance', null);
    expect(body.code).toBe(2);
  });
});
