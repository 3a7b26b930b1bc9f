import { describe, expect, it } from 'vitest';
import { makeWithdrawal } from '../domain/withdrawal';
import { openSandboxForFile, walletViolations } from '../testing';

/**
 * The scheduled money jobs of entities.md R10 on the demo world, moved by the business clock across days, a month's
 * 1st and 10:00 with withdrawals in flight; after every step every wallet keeps its invariants (walletViolations).
 */

/** Thursday evening, two days before June; the operator's weekly auto-withdraw runs on Monday 2024-06-03. */
const NOW = Date.parse('2024-05-30T21:00:00+08:00');
const { sb } = openSandboxForFile(NOW);
const at = (iso: string) => Date.parse(`${iso}+08:00`);

async function value(sql: string, params: unknown[] = []): Promise<number> {
  const r = await sb.db.query<Record<string, unknown>>(sql, params);
  return Number(Object.values(r.rows[0] ?? { v: 0 })[0] ?? 0);
}

/** Moves the clock to `iso` (Asia/Shanghai) with its jobs, then checks every wallet. */
async function moveTo(iso: string): Promise<void> {
  await sb.jobs.setTime(at(iso));
  expect(await walletViolations(sb.db)).toEqual([]);
}

const OPERATOR = 10001;

describe('the money jobs over four days', () => {
  it('starts from a demo world whose wallets hold their invariants', async () => {
    expect(await walletViolations(sb.db)).toEqual([]);
  });

  it('02:00 posts yesterday’s splits: pending income becomes available, one bill per account and order', async () => {
    const pending = await value(
      `select coalesce(sum(amount), 0) from order_split
       where account_id = $1 and post_status = 0 and not cash_only and create_time < $2`,
      [OPERATOR, at('2024-05-31T00:00:00')],
    );
    expect(pending).toBeGreaterThan(0);
    const before = await value('select available_balance from wallet where account_id = $1', [OPERATOR]);
    await moveTo('2024-05-31T02:10:00');
    const posted = await value(
      'select coalesce(sum(amount), 0) from account_bill where account_id = $1 and create_time = $2',
      [OPERATOR, at('2024-05-31T02:00:00')],
    );
    expect(posted).toBe(pending);
    expect(await value('select available_balance from wallet where account_id = $1', [OPERATOR])).toBe(
      before + pending,
    );
    expect(
      await value(`select count(*) from order_split where post_status = 0 and not cash_only and create_time < $1`, [
        at('2024-05-31T00:00:00'),
      ]),
    ).toBe(0);
    expect(
      await value(`select count(*) from charge_order where settle_status = 0 and end_time < $1`, [
        at('2024-05-31T00:00:00'),
      ]),
    ).toBe(0);
  });

  it('02:30 freezes a proportion of yesterday’s posted income of each plan site (bizType 13)', async () => {
    const frozenBefore = await value('select frozen_amount from wallet where account_id = $1', [OPERATOR]);
    await moveTo('2024-05-31T02:40:00');
    const freezes = await value(`select coalesce(sum(amount), 0) from freeze_record where date = '2024-05-30'`);
    const entries = await value(
      'select coalesce(sum(amount), 0) from account_bill where account_id = $1 and biz_type = 13 and create_time = $2',
      [OPERATOR, at('2024-05-31T02:30:00')],
    );
    expect(entries).toBe(freezes);
    expect(await value('select frozen_amount from wallet where account_id = $1', [OPERATOR])).toBe(
      frozenBefore + freezes,
    );
  });

  it('a withdrawal made at 10:05 is paid out 5 minutes later; a first one to a new card is reviewed after an hour, and a card ending in 4444 fails and gets the money back', async () => {
    await moveTo('2024-05-31T10:05:00');
    const bounce = await value(
      `insert into bank_card (account_id, card_type, source, holder_name_enc, holder_name_masked, card_no_enc, card_no_tail,
         bank_code, bank_name, verify_status, status, create_time, update_time)
       values ($1, 1, 1, 'b64:', '陈*国', 'b64:', '4444', 'CMB', '招商银行', 2, 1, $2, $2) returning id`,
      [OPERATOR, sb.clock.now],
    );
    const made = await sb.db.transaction(async (tx) => {
      const ok = await makeWithdrawal(
        tx,
        {
          accountId: OPERATOR,
          operatorAccountId: OPERATOR,
          channel: 1,
          source: 1,
          amount: 2000,
          bankCardId: 1,
          requestId: 'a'.repeat(32),
          operatorName: '陈建国',
        },
        sb.clock.now,
      );
      const bad = await makeWithdrawal(
        tx,
        {
          accountId: OPERATOR,
          operatorAccountId: OPERATOR,
          channel: 1,
          source: 1,
          amount: 1500,
          bankCardId: bounce,
          requestId: 'b'.repeat(32),
          operatorName: '陈建国',
        },
        sb.clock.now,
      );
      return { ok, bad };
    });
    expect(made.ok.status).toBe(2);
    // the first withdrawal to a card waits for review
    expect(made.bad.status).toBe(1);
    expect(await walletViolations(sb.db)).toEqual([]);
    await moveTo('2024-05-31T10:09:00');
    expect(await value('select status from withdrawal where id = $1', [made.ok.withdrawId])).toBe(2);
    await moveTo('2024-05-31T10:11:00');
    expect(await value('select status from withdrawal where id = $1', [made.ok.withdrawId])).toBe(3);
    // the back office approves it an hour after it was made; the bank then refuses the card ending in 4444
    expect(await value('select status from withdrawal where id = $1', [made.bad.withdrawId])).toBe(1);
    await moveTo('2024-05-31T11:06:00');
    expect(await value('select status from withdrawal where id = $1', [made.bad.withdrawId])).toBe(2);
    await moveTo('2024-05-31T11:11:00');
    expect(await value('select status from withdrawal where id = $1', [made.bad.withdrawId])).toBe(4);
    const failed = await sb.db.query<{ fail_reason: string }>('select fail_reason from withdrawal where id = $1', [
      made.bad.withdrawId,
    ]);
    expect(failed.rows[0]?.fail_reason).toBe('户名与卡号不符');
    expect(
      await value('select count(*) from account_bill where withdraw_id = $1 and biz_type = 7', [made.bad.withdrawId]),
    ).toBe(1);
  });

  it('on the 1st: SIM rent deducted and frozen at 00:00, settlement at 03:00, platform-fee period closed', async () => {
    await moveTo('2024-06-01T00:05:00');
    expect(await value(`select count(*) from cost_bill where period = '2024-05' and status = 1`)).toBe(0);
    expect(await value(`select count(*) from cost_bill where account_id = $1 and period = '2024-06'`, [OPERATOR])).toBe(
      1,
    );
    await moveTo('2024-06-01T03:10:00');
    expect(
      await value(
        `select count(*) from instalment_deduction d join instalment_plan p on p.id = d.plan_id
         where p.account_id = $1 and d.cycle = '2024-05' and d.status = 1`,
        [OPERATOR],
      ),
    ).toBe(0);
    expect(
      await value(
        `select count(*) from instalment_deduction d join instalment_plan p on p.id = d.plan_id
         where p.account_id = $1 and d.cycle = '2024-06' and d.status = 1`,
        [OPERATOR],
      ),
    ).toBe(3);
    expect(
      await value(`select status from cost_settlement where account_id = $1 and cycle = '2024-05'`, [OPERATOR]),
    ).not.toBe(1);
    expect(
      await value(
        `select count(*) from fee_period where account_id = 10007 and start_date = '2024-05-01' and status = 1`,
      ),
    ).toBe(0);
    expect(
      await value(
        `select count(*) from fee_period where account_id = 10007 and start_date = '2024-06-01' and status = 1`,
      ),
    ).toBe(1);
  });

  it('Monday 10:00 withdraws automatically, records the run and moves the next run a week on; paid out after 5 minutes', async () => {
    // open arrears would block it (isWithdrawable 5): the operator has paid whatever the settlement left owing
    await sb.db.query(
      `update arrears set repaid_amount = amount, status = 3, clear_time = $2 where account_id = $1 and status in (1, 2)`,
      [OPERATOR, sb.clock.now],
    );
    await moveTo('2024-06-03T10:01:00');
    expect(
      await value(`select count(*) from auto_withdraw_run where account_id = $1 and run_date = '2024-06-03'`, [
        OPERATOR,
      ]),
    ).toBe(1);
    const auto = await value(
      `select id from withdrawal where account_id = $1 and source = 2 order by id desc limit 1`,
      [OPERATOR],
    );
    expect(auto).toBeGreaterThan(0);
    expect(await value('select available_balance from wallet where account_id = $1', [OPERATOR])).toBe(0);
    const next = await sb.db.query<{ next_withdraw: string }>(
      'select next_withdraw from withdraw_setting where account_id = $1',
      [OPERATOR],
    );
    expect(next.rows[0]?.next_withdraw).toBe('2024-06-10');
    await moveTo('2024-06-03T10:30:00');
    expect(await value('select status from withdrawal where id = $1', [auto])).toBe(3);
  });

  it('held orders past their 15 days are returned at 02:00, refunded in full by 系统', async () => {
    const due = await value(`select count(*) from charge_order where settle_status = 2 and deadline <= $1`, [
      at('2024-06-04T02:00:00'),
    ]);
    expect(due).toBeGreaterThan(0);
    const returned = await value(`select count(*) from charge_order where settle_status = 4`);
    await moveTo('2024-06-04T02:10:00');
    expect(
      await value(`select count(*) from charge_order where settle_status = 2 and deadline <= $1`, [sb.clock.now]),
    ).toBe(0);
    expect(await value(`select count(*) from charge_order where settle_status = 4`)).toBe(returned + due);
    expect(
      await value(
        `select count(*) from charge_order o join order_refund r on r.order_id = o.id
         where o.return_time = $1 and o.status = 3 and r.refund_amount = o.amount and r.operator_name = '系统'`,
        [at('2024-06-04T02:00:00')],
      ),
    ).toBe(due);
  });
});
