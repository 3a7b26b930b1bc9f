import { describe, expect, it } from 'vitest';
import { DAY_MS, addDays, dayOf } from '../lib/time';
import { openSandboxForFile } from '../testing';

/**
 * The fixed interface of the business clock (README "Sandbox interfaces"): GET/POST/DELETE /__sandbox/clock, and the
 * status jobs of 00:00 and the payment expiry it runs (entities.md R10.1).
 */

const NOW = Date.parse('2024-05-20T15:30:00+08:00');
const { sb } = openSandboxForFile(NOW);
/** A sandbox seeded ten minutes ago, for the return to real time (catching up from 2024 would run two years of jobs). */
const recent = openSandboxForFile(Date.now() - 10 * 60_000).sb;

async function clockCall(method: 'GET' | 'POST' | 'DELETE', body?: unknown) {
  const res = await sb.app.request('/__sandbox/clock', {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { code: number; message: string; data: { now: number; real: boolean } | null };
}

async function value(sql: string, params: unknown[] = []): Promise<number> {
  const r = await sb.db.query<Record<string, unknown>>(sql, params);
  return Number(Object.values(r.rows[0] ?? { v: 0 })[0] ?? 0);
}

describe('/__sandbox/clock', () => {
  it('answers the business time in the envelope; POST { now } and { advanceMs } set it', async () => {
    expect(await clockCall('GET')).toEqual({ code: 0, message: 'success', data: { now: NOW, real: false } });
    expect((await clockCall('POST', { advanceMs: 60_000 })).data).toEqual({ now: NOW + 60_000, real: false });
    expect((await clockCall('POST', { now: NOW })).data).toEqual({ now: NOW, real: false });
    expect(sb.clock.now).toBe(NOW);
  });

  it('refuses a body with neither or both fields, or with a non-integer', async () => {
    for (const body of [{}, { now: NOW, advanceMs: 1 }, { now: 'tomorrow' }, { advanceMs: 1.5 }]) {
      const answer = await clockCall('POST', body);
      expect(answer.code).toBe(1);
      expect(answer.message).not.toBe('');
    }
    expect(sb.clock.now).toBe(NOW);
  });

  it('runs the jobs that fall due: month cards expire at 00:00 after their last day, applications after 7 days', async () => {
    const today = dayOf(NOW);
    const card = await sb.db.query<{ id: number }>(
      `update card set end_date = $1 where id = (select id from card where card_type = 2 and status = 3 order by id limit 1)
       returning id`,
      [today],
    );
    const cardId = Number(card.rows[0]?.id);
    const pending = await value('select count(*) from site_apply where status = 0 and expire_time <= $1', [
      NOW + 8 * DAY_MS,
    ]);
    expect(pending).toBeGreaterThan(0);

    // 23:59 today: nothing yet
    await clockCall('POST', { now: Date.parse(`${today}T23:59:00+08:00`) });
    expect(await value('select status from card where id = $1', [cardId])).toBe(3);
    // past 00:00 tomorrow: expired
    await clockCall('POST', { advanceMs: 2 * 60_000 });
    expect(await value('select status from card where id = $1', [cardId])).toBe(5);

    // eight days on, every application older than 7 days is 已过期 (status 3), and none is left pending past its time
    const later = Date.parse(`${addDays(today, 9)}T00:30:00+08:00`);
    await clockCall('POST', { now: later });
    expect(await value('select count(*) from site_apply where status = 0 and expire_time <= $1', [later])).toBe(0);
    expect(await value('select count(*) from site_apply where status = 3')).toBeGreaterThanOrEqual(pending);
  });

  it('closes an unpaid arrears payment 15 minutes after it was created', async () => {
    const t = sb.clock.now;
    const id = await value(
      `insert into owe_payment (payment_no, account_id, period_ids, amount, pay_way, status, request_id, expire_time,
         create_time, update_time)
       values ('OPTEST0001', 10007, array[(select id from fee_period where account_id = 10007 and status = 3 limit 1)],
         100, 1, 0, 'ffffffffffffffffffffffffffffffff', $1, $2, $2) returning id`,
      [t + 15 * 60_000, t],
    );
    await clockCall('POST', { advanceMs: 14 * 60_000 });
    expect(await value('select status from owe_payment where id = $1', [id])).toBe(0);
    await clockCall('POST', { advanceMs: 60_000 });
    expect(await value('select status from owe_payment where id = $1', [id])).toBe(3);
    expect(await value('select update_time from owe_payment where id = $1', [id])).toBe(t + 15 * 60_000);
  });

  it('DELETE returns to real time and runs what fell due up to it', async () => {
    await recent.db.query(
      `insert into owe_payment (payment_no, account_id, period_ids, amount, pay_way, status, request_id, expire_time,
           create_time, update_time)
         values ('OPTEST0002', 10007, array[(select id from fee_period where account_id = 10007 limit 1)], 100, 1, 0,
           'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', $1, $2, $2) returning id`,
      [recent.clock.now + 5 * 60_000, recent.clock.now],
    );
    const res = await recent.app.request('/__sandbox/clock', { method: 'DELETE' });
    const answer = (await res.json()) as { code: number; data: { now: number; real: boolean } };
    expect(answer.code).toBe(0);
    expect(answer.data.real).toBe(true);
    expect(Math.abs(answer.data.now - Date.now())).toBeLessThan(5_000);
    const closed = await recent.db.query<{ status: number }>(
      "select status from owe_payment where payment_no = 'OPTEST0002'",
    );
    expect(closed.rows[0]?.status).toBe(3);
    const get = (await (await recent.app.request('/__sandbox/clock')).json()) as { data: { real: boolean } };
    expect(get.data.real).toBe(true);
  });
});
