import { newRequestId } from '../testing-money';
import { describe, expect, it } from 'vitest';
import { rows } from '../lib/db';
import { DEMO_PHONES, openSandboxForFile } from '../testing';

/**
 * Counters that guard security or money change atomically (issue 12, defect 1): parallel requests never read a stale
 * count across an await. Each test fires its requests at once (Promise.all): the handlers interleave at every await,
 * as concurrent requests to the server do.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb } = openSandboxForFile(NOW, ['operator']);

const smsCode = async (phone: string) => {
  const { body } = await sb.get<{ code: string }>('/__sandbox/sms', null, { phone });
  expect(body.code).toBe(0);
  return body.data.code;
};

describe('password lockout under parallel guesses (A "Password": 5 wrong → locked 30 min; issue 31 item 6: slowed)', () => {
  it('100 simultaneous wrong passwords from one source: two are judged, the others wait, none unlocks', async () => {
    const phone = DEMO_PHONES.unsignedOperator;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        sb.post('/api/user/antLoginWithPwd', null, { phone, password: `wrong${String(i).padStart(3, '0')}` }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    // Only the first two wrong guesses are judged; every other one is told to wait, without being judged or counted.
    expect(codes.filter((c) => c === 1004)).toHaveLength(2);
    expect(codes.filter((c) => c === 1007)).toHaveLength(98);
    const right = await sb.post('/api/user/antLoginWithPwd', null, { phone, password: 'sandbox123' });
    expect(right.body).toMatchObject({ code: 1007, message: '尝试过于频繁，请1秒后再试' });
    sb.clock.now += 1_000;
    expect((await sb.post('/api/user/antLoginWithPwd', null, { phone, password: 'sandbox123' })).body.code).toBe(0);
  });

  it('parallel guesses spaced past each wait never judge more than five passwords', async () => {
    const phone = DEMO_PHONES.kybOperator;
    let judged = 0;
    for (let round = 0; round < 6; round += 1) {
      const answers = await Promise.all(
        [...Array.from({ length: 10 }, (_, i) => `bad${round}${i}xyz`), 'sandbox123'].map((password) =>
          sb.post('/api/user/antLoginWithPwd', null, { phone, password }),
        ),
      );
      judged += answers.filter((a) => a.body.code === 1004).length;
      // The right one came after ten wrong ones: it is refused, not evaluated.
      expect(answers.at(-1)?.body.code).not.toBe(0);
      sb.clock.now += 8_000;
    }
    expect(judged).toBeLessThanOrEqual(4);
    expect((await sb.post('/api/user/antLoginWithPwd', null, { phone, password: 'sandbox123' })).body.code).toBe(1005);
  });
});

describe('SMS codes under parallel requests (A "SMS": 60 s between sends, 10 a day, 5 wrong tries, single use)', () => {
  it('20 simultaneous sends to one phone send one code', async () => {
    const phone = DEMO_PHONES.builder;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sb.post('/api/user/verificationCode', null, { phone, type: 1 })),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 1007)).toHaveLength(19);
    const sent = await rows(sb.db, 'select id from sms_code where phone = $1', [phone]);
    expect(sent).toHaveLength(1);
  });

  it('a right code sent among 30 simultaneous wrong ones is refused: only five tries are ever judged', async () => {
    const phone = DEMO_PHONES.property;
    sb.clock.now += 61_000;
    expect((await sb.post('/api/user/verificationCode', null, { phone, type: 1 })).body.code).toBe(0);
    const code = await smsCode(phone);
    const wrong = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      [...wrong, code].map((c) => sb.post('/api/user/antLogin', null, { phone, code: c })),
    );
    expect(answers.every((a) => a.body.code === 1001)).toBe(true);
    expect((await sb.post('/api/user/antLogin', null, { phone, code })).body.code).toBe(1001);
  });

  it('one code used by 5 simultaneous logins logs in once', async () => {
    const phone = DEMO_PHONES.agent;
    sb.clock.now += 61_000;
    expect((await sb.post('/api/user/verificationCode', null, { phone, type: 1 })).body.code).toBe(0);
    const code = await smsCode(phone);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sb.post('/api/user/antLogin', null, { phone, code })),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 1001)).toHaveLength(4);
  });
});

describe('the daily limit of remote starts under parallel requests (R3.7: at most 20 per account per day)', () => {
  it('with 18 used, 6 simultaneous remote starts start 2', async () => {
    const at = sb.clock.now;
    const sockets = await rows<{ serialNumber: string; socketNo: number; chargerId: number; deviceId: number }>(
      sb.db,
      `select d.serial_number, c.socket_no, c.id as charger_id, d.id as device_id
       from charger c join device d on d.id = c.device_id join site s on s.id = d.site_id
       where s.operator_id = 10001 and d.status = 1 and c.status = 0 and c.current_order_id is null
       order by d.id, c.socket_no limit 7`,
    );
    const first = sockets[0];
    if (!first) throw new Error('the operator has idle sockets');
    // 18 remote starts of the operator's account earlier today.
    await sb.db.query(
      `insert into remote_charge_record (merchant_id, device_id, charger_id, serial_number, socket_no, site_id,
         charge_minutes, reason_type, status, operator_account_id, start_time, create_time, update_time)
       select 10001, $1, $2, $3, $4, (select site_id from device where id = $1), 60, 2, 3, 10001, $5, $5, $5
       from generate_series(1, 18)`,
      [first.deviceId, first.chargerId, first.serialNumber, first.socketNo, at - 60_000],
    );
    const answers = await Promise.all(
      sockets.slice(1).map((s) =>
        sb.call(DEMO_PHONES.operator, '/api/r9/charge/remotePay', {
          serialNumber: s.serialNumber,
          socketNo: s.socketNo,
          chargeMinutes: 30,
          reasonType: 2,
          requestId: newRequestId(),
        }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(2);
    expect(answers.filter((a) => a.body.message === '今日远程充电次数已达上限')).toHaveLength(4);
    const today = await rows(
      sb.db,
      'select id from remote_charge_record where operator_account_id = 10001 and start_time >= $1',
      [at - 3600_000],
    );
    expect(today).toHaveLength(20);
  });
});
