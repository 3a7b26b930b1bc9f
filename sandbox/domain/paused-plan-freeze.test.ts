import { describe, expect, it } from 'vitest';
import type { WalletBalance } from '../../src/api/income';
import { rows, scalar } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile, walletViolations } from '../testing';
import { dailyFreezeAmount } from './settlement';

/**
 * A paused instalment plan freezes nothing (issue 34): A-shell-home-settlement.md "Balance-deduction settlement
 * (settleMode 1)" — "Plans with status 4 (暂停扣款) freeze nothing" and "Daily at 02:30 … for each plan with status 1";
 * entities.md R6.1. The operator's plan of site 1 is paused (status 4, a back-office decision no app call makes) on an
 * evening early in the month, with room left in its cycle's due and site 1 still earning (a paid charge running); the
 * income of that day and of the next, posted at 02:00 while the plan is paused, is not frozen for it at 02:30, while
 * the running plans of sites 2 and 3 freeze their share as before, and the wallet's frozenAmount grows by theirs only.
 */

/** Tuesday evening, 4 June 2024: the June deductions have frozen only 1–3 June so far. */
const NOW = Date.parse('2024-06-04T21:00:00+08:00');
const { sb } = openSandboxForFile(NOW);
const OPERATOR = 10001;
const shanghai = (text: string) => Date.parse(`${text}+08:00`);

interface PlanFacts {
  planId: number;
  siteId: number;
  proportion: number;
  deductionId: number;
  dueAmount: number;
  frozenAmount: number;
}

/** The operator's plans (one site each) with their June 2024 deduction. */
async function plans(): Promise<PlanFacts[]> {
  const list = await rows<PlanFacts>(
    sb.db,
    `select p.id as plan_id, ps.site_id, ps.proportion, d.id as deduction_id, d.due_amount, d.frozen_amount
     from instalment_plan p join plan_site ps on ps.plan_id = p.id
     join instalment_deduction d on d.plan_id = p.id and d.cycle = '2024-06'
     where p.account_id = $1 order by ps.site_id`,
    [OPERATOR],
  );
  return list.map((p) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, Number(v)])) as unknown as PlanFacts);
}

/** What the 02:30 job froze for the income of `day`, by plan site. */
async function freezesOf(day: string): Promise<Map<number, number>> {
  const list = await rows<{ siteId: number; amount: string }>(
    sb.db,
    `select f.site_id, sum(f.amount) as amount from freeze_record f where f.date = $1 group by f.site_id`,
    [day],
  );
  return new Map(list.map((r) => [Number(r.siteId), Number(r.amount)]));
}

/** The owner's income of a site on `day` that the 02:00 job posted (the 02:30 freeze base). */
const postedIncome = (siteId: number, day: string) =>
  scalar(
    sb.db,
    `select coalesce(sum(amount), 0) from order_split
     where role = 0 and account_id = $1 and site_id = $2 and not cash_only and amount > 0 and post_status = 1
       and create_time >= $3 and create_time < $3 + 86400000`,
    [OPERATOR, siteId, shanghai(`${day}T00:00:00`)],
  );

const wallet = () => sb.data<WalletBalance>(DEMO_PHONES.operator, '/api/account/v2/balance');

async function moveTo(text: string): Promise<void> {
  await sb.advance(shanghai(text) - sb.clock.now);
  expect(await walletViolations(sb.db)).toEqual([]);
}

describe('A Balance-deduction settlement: plans with status 4 (暂停扣款) freeze nothing', () => {
  it('does not freeze the income of site 1 for its paused plan, night after night, while sites 2 and 3 freeze theirs', async () => {
    const before = await plans();
    expect(before.map((p) => p.siteId)).toEqual([1, 2, 3]);
    const [paused, ...running] = before as [PlanFacts, ...PlanFacts[]];
    // room left in every cycle: a running plan would freeze
    for (const p of before) expect(p.dueAmount - p.frozenAmount).toBeGreaterThan(0);
    // site 1 is still earning: a paid charge runs on it
    expect(
      await scalar(sb.db, 'select count(*) from charge_order where site_id = 1 and status = 1 and pay_type in (1, 2)'),
    ).toBeGreaterThan(0);

    await sb.db.query('update instalment_plan set status = 4, update_time = $2 where id = $1', [
      paused.planId,
      sb.clock.now,
    ]);
    const ledgerOfPaused = () =>
      scalar(sb.db, 'select count(*) from account_bill where deduction_id = $1 and biz_type = 13', [
        paused.deductionId,
      ]);
    const entries = await ledgerOfPaused();

    let frozenBefore = (await wallet()).frozenAmount;
    let wouldFreeze = 0;
    for (const [day, after] of [
      ['2024-06-04', '2024-06-05T02:40:00'],
      ['2024-06-05', '2024-06-06T02:40:00'],
    ] as const) {
      await moveTo(after);
      const freezes = await freezesOf(day);
      const income = await postedIncome(paused.siteId, day);
      // the paused plan froze nothing of its site's income …
      expect([day, freezes.get(paused.siteId) ?? 0]).toEqual([day, 0]);
      // … which a running plan would have frozen a part of (A: ⌊income × proportion / 100⌋ up to the due)
      const now = (await plans())[0] as PlanFacts;
      wouldFreeze += dailyFreezeAmount(
        income,
        paused.proportion,
        now.dueAmount,
        now.frozenAmount,
        (await wallet()).availableBalance,
      );
      // the running plans froze their share, and the wallet's frozenAmount grew by theirs only
      let theirs = 0;
      for (const p of running) theirs += freezes.get(p.siteId) ?? 0;
      const frozenNow = (await wallet()).frozenAmount;
      expect(frozenNow - frozenBefore).toBe(theirs);
      frozenBefore = frozenNow;
      if (day === '2024-06-04') expect(theirs, 'the running plans froze on 5 June').toBeGreaterThan(0);
    }
    expect(wouldFreeze, 'site 1 earned what a running plan would have frozen a part of').toBeGreaterThan(0);

    // the paused plan's deduction and ledger are as the pause found them
    const after = (await plans())[0] as PlanFacts;
    expect(after.frozenAmount).toBe(paused.frozenAmount);
    expect(await ledgerOfPaused()).toBe(entries);
  });
});
