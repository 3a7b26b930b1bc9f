import { describe, expect, it } from 'vitest';
import { rows, scalar } from '../lib/db';
import { openSandboxForFile } from '../testing';

/**
 * A paused instalment plan (status 4 暂停扣款) freezes nothing (entities.md R6.2: the 02:30 freeze takes the plans 分期中
 * only), while a running plan of the same job freezes as before. The plans are the demo world's.
 */

const NOW = Date.parse('2024-05-30T21:00:00+08:00');
const { sb } = openSandboxForFile(NOW);

/** The freezes (fen) the 02:30 job wrote for yesterday's income `day`, by plan id. */
async function freezesByPlan(day: string): Promise<Map<number, number>> {
  const list = await rows<{ planId: number; amount: string }>(
    sb.db,
    `select d.plan_id, sum(f.amount) as amount from freeze_record f
     join instalment_deduction d on d.id = f.deduction_id where f.date = $1 group by d.plan_id`,
    [day],
  );
  return new Map(list.map((r) => [Number(r.planId), Number(r.amount)]));
}

describe('a paused instalment plan', () => {
  it('freezes nothing at 02:30, though its sites earned the day before', async () => {
    // the plan that froze most of 29 May's income is paused
    const before = [...(await freezesByPlan('2024-05-29'))].sort((a, b) => b[1] - a[1]);
    expect(before.length, 'the demo world has a running plan that freezes').toBeGreaterThan(0);
    const [[paused]] = before as [[number, number]];
    await sb.db.query('update instalment_plan set status = 4 where id = $1', [paused]);
    const ledger = () =>
      rows<{ id: number }>(
        sb.db,
        `select b.id from account_bill b join instalment_deduction d on d.id = b.deduction_id
         where d.plan_id = $1 and b.biz_type = 13`,
        [paused],
      );
    const entries = await ledger();
    await sb.jobs.setTime(Date.parse('2024-05-31T02:40:00+08:00'));
    expect((await freezesByPlan('2024-05-30')).get(paused) ?? 0).toBe(0);
    expect(await ledger()).toEqual(entries);
    // what a running plan would have frozen a part of: its sites' posted income of 30 May
    const earned = await scalar(
      sb.db,
      `select coalesce(sum(s.amount), 0) from order_split s
       join instalment_plan p on p.account_id = s.account_id and p.id = $1
       where s.role = 0 and not s.cash_only and s.amount > 0 and s.post_status = 1
         and s.create_time >= $2 and s.create_time < $3
         and s.site_id in (select i.site_id from deduction_item i join instalment_deduction d on d.id = i.deduction_id
                           where d.plan_id = $1)`,
      [paused, Date.parse('2024-05-30T00:00:00+08:00'), Date.parse('2024-05-31T00:00:00+08:00')],
    );
    expect(earned).toBeGreaterThan(0);
  });
});
