import { describe, expect, it } from 'vitest';
import type { ChargerListOfBox, RemotePayResult } from '../../src/api/device-setup';
import type { OrderDetail } from '../../src/api/orders';
import type { RemoteRecordPage } from '../../src/api/remote';
import { one, rows, scalar } from '../lib/db';
import { dayOf } from '../lib/time';
import { openSandboxForFile, walletViolations } from '../testing';
import { moneyNeverDoubles, newRequestId } from '../testing-money';
import { REJECT_REASON, REMOTE_ACK_MS, REMOTE_START_TIMEOUT_MS } from './remote-start';

/**
 * Remote charging against the simulated box (C-mine.md /mine/remoteCharge; Business rule 15) through HTTP: a start is
 * 启动中 with its free order (payType 7, amount 0) and its command recorded once; the box acknowledges within seconds
 * (socket and record 充电中) and the order later ends (已结束); a box set to fail leaves the start 启动失败 after 60 s
 * with the socket free; an offline box refuses; repeats of one requestId start once; parallel starts of one socket
 * start once.
 */

const NOW = Date.parse('2026-11-20T10:00:00+08:00');
const { sb, tokens } = openSandboxForFile(NOW, ['operator', 'subAccount']);

interface Socket {
  deviceId: number;
  serialNumber: string;
  socketNo: number;
  chargerId: number;
}

/** An idle socket of an online box of the operator's site 5, not in `skip` (charger ids). */
async function idleSocket(skip: number[] = []): Promise<Socket> {
  const row = await one<Socket>(
    sb.db,
    `select d.id as device_id, d.serial_number, c.socket_no, c.id as charger_id
     from charger c join device d on d.id = c.device_id
     where d.site_id = 5 and d.status = 1 and d.device_type between 1 and 3 and c.status = 0
       and c.current_order_id is null and not (c.id = any($1::bigint[]))
     order by d.id, c.socket_no limit 1`,
    [skip],
  );
  if (!row) throw new Error('site 5 has an idle socket');
  return { ...row, deviceId: Number(row.deviceId), socketNo: Number(row.socketNo), chargerId: Number(row.chargerId) };
}

const start = (s: Socket, requestId = newRequestId(), minutes = 60) =>
  sb.post<RemotePayResult>('/api/r9/charge/remotePay', tokens.operator, {
    serialNumber: s.serialNumber,
    socketNo: s.socketNo,
    chargeMinutes: minutes,
    reasonType: 2,
    requestId,
  });

const socketStatus = async (s: Socket) =>
  (
    await sb.get<ChargerListOfBox>('/api/box/getChargerListByBoxCode', tokens.operator, { boxCode: s.serialNumber })
  ).body.data.chargers.find((c) => c.socketNo === s.socketNo)?.status;

const recordOf = async (recordId: number) => {
  const day = dayOf(sb.clock.now);
  const page = (
    await sb.get<RemoteRecordPage>('/api/r9/charge/remotePayRecord', tokens.operator, {
      startDate: day,
      endDate: day,
      pageNum: 1,
      pageSize: 100,
    })
  ).body.data;
  return page.list.find((r) => r.id === recordId);
};

const commands = async (s: Socket, since: number) =>
  (
    await sb.get<{ type: number; params: { socketNo: number } }[]>('/__sandbox/device-commands', null, {
      deviceId: s.deviceId,
      since,
    })
  ).body.data.filter((c) => c.type === 7 && c.params.socketNo === s.socketNo);

const behave = (s: Socket, behaviour: 'ok' | 'fail' | 'reject' | 'offline') =>
  sb.post('/__sandbox/device-behaviour', null, { serialNumber: s.serialNumber, behaviour });

describe('remote start (rule 15)', () => {
  it('a working box acknowledges within seconds; the socket charges and the order ends at its minutes', async () => {
    const s = await idleSocket();
    const at = sb.clock.now;
    const answer = await start(s, newRequestId(), 30);
    expect(answer.body).toMatchObject({ code: 0, data: { status: 1 } });
    const { recordId, orderNo } = answer.body.data;
    expect(await recordOf(recordId)).toMatchObject({ status: 1, chargeMinutes: 30 });
    expect(await socketStatus(s)).toBe(0); // reserved, not charging yet
    expect(await commands(s, at)).toHaveLength(1);
    const order = await one<{ id: number; payType: number; amount: number; status: number }>(
      sb.db,
      'select id, pay_type, amount, status from charge_order where order_no = $1',
      [orderNo],
    );
    expect(order).toMatchObject({ payType: 7, amount: 0, status: 1 });

    await sb.advance(REMOTE_ACK_MS);
    expect(await recordOf(recordId)).toMatchObject({ status: 2 });
    expect(await socketStatus(s)).toBe(1);
    const detail = (
      await sb.get<OrderDetail>('/api/order/orderDetail', tokens.operator, { orderId: Number(order?.id) })
    ).body.data;
    expect(detail).toMatchObject({ status: 1, payType: 7, amount: 0, refundableAmount: 0 });

    await sb.advance(30 * 60_000);
    // the order ends at its minutes (read: brought up to the clock), with its record and its socket
    const ended = (await sb.get<OrderDetail>('/api/order/orderDetail', tokens.operator, { orderId: Number(order?.id) }))
      .body.data;
    expect(ended).toMatchObject({ status: 2, amount: 0, endReason: 2, durationMinutes: 30 });
    expect(await recordOf(recordId)).toMatchObject({ status: 3, actualMinutes: 30 });
    expect(await socketStatus(s)).toBe(0);
    // free orders are not refundable
    const refund = await sb.post('/api/r9/order/orderRefund', tokens.operator, {
      orderId: Number(order?.id),
      refundAmount: 1,
      reason: '其他原因',
      requestId: newRequestId(),
    });
    expect(refund.body.message).toBe('该支付方式的订单不支持退款');
    expect(await commands(s, at)).toHaveLength(1);
  });

  it('a box that does not answer fails the start after 60 s and frees the socket; an offline box refuses', async () => {
    const s = await idleSocket();
    expect((await behave(s, 'fail')).body.code).toBe(0);
    const at = sb.clock.now;
    const answer = await start(s);
    expect(answer.body).toMatchObject({ code: 0, data: { status: 1 } });
    const { recordId, orderNo } = answer.body.data;
    await sb.advance(REMOTE_START_TIMEOUT_MS - 1_000);
    expect(await recordOf(recordId)).toMatchObject({ status: 1 });
    // the socket stays taken while the start is pending
    expect((await start(s)).body.message).toBe('插座使用中');
    await sb.advance(2_000);
    expect(await recordOf(recordId)).toMatchObject({ status: 4, failReason: '设备未响应，启动失败' });
    expect(await socketStatus(s)).toBe(0);
    expect(
      await one(sb.db, 'select status, amount, pay_type from charge_order where order_no = $1', [orderNo]),
    ).toMatchObject({ status: 5, amount: 0, payType: 7 });
    expect(await commands(s, at)).toHaveLength(1);

    expect((await behave(s, 'offline')).body.code).toBe(0);
    expect((await start(s)).body).toMatchObject({ code: 1, message: '设备离线' });
    expect(await socketStatus(s)).toBe(4);
    expect((await behave(s, 'ok')).body.code).toBe(0);
    expect(await socketStatus(s)).toBe(0);
    const again = await start(s);
    expect(again.body.code).toBe(0);
    await sb.advance(REMOTE_ACK_MS);
    expect(await recordOf(again.body.data.recordId)).toMatchObject({ status: 2 });
  });

  it('a box that refuses the command answers 启动失败 at once; the socket stays free and a repeat answers the same', async () => {
    const s = await idleSocket();
    expect((await behave(s, 'reject')).body.code).toBe(0);
    const at = sb.clock.now;
    const requestId = newRequestId();
    const answer = await start(s, requestId);
    expect(answer.body).toMatchObject({ code: 0, data: { status: 4, failReason: REJECT_REASON } });
    const { recordId, orderNo } = answer.body.data;
    // at once, without the clock moving: record and order 启动失败, the socket never taken
    expect(await recordOf(recordId)).toMatchObject({ status: 4, failReason: REJECT_REASON, actualMinutes: 0 });
    expect(
      await one(sb.db, 'select status, amount, pay_type from charge_order where order_no = $1', [orderNo]),
    ).toMatchObject({ status: 5, amount: 0, payType: 7 });
    expect(await socketStatus(s)).toBe(0);
    expect(await commands(s, at)).toHaveLength(1);
    // the same request again: the first answer, no second record or command
    expect((await start(s, requestId)).body.data).toEqual(answer.body.data);
    expect(await commands(s, at)).toHaveLength(1);
    // the box works again: the next start goes through
    expect((await behave(s, 'ok')).body.code).toBe(0);
    const again = await start(s);
    expect(again.body.data.status).toBe(1);
    await sb.advance(REMOTE_ACK_MS);
    expect(await recordOf(again.body.data.recordId)).toMatchObject({ status: 2 });
  });

  it('starts once per requestId, and parallel starts of one socket start once', async () => {
    const used: number[] = [];
    let s = await idleSocket();
    await moneyNeverDoubles(sb, {
      path: '/api/r9/charge/remotePay',
      prepare: async () => {
        s = await idleSocket(used);
        used.push(s.chargerId);
      },
      send: (requestId) => start(s, requestId),
      // one start = one record and one command
      effects: async () =>
        (await scalar(sb.db, 'select count(*) from remote_charge_record where operator_account_id = 10001')) +
        (await scalar(sb.db, 'select count(*) from device_operation_log where type = 7 and operator_user_id = 10001')),
      perSuccess: 2,
      race: {
        count: 6,
        maxSuccesses: 1,
        prepare: async () => {
          s = await idleSocket(used);
          used.push(s.chargerId);
        },
        send: (requestId) => start(s, requestId),
      },
    });
    const limitRows = await rows(sb.db, 'select 1 from remote_charge_record where operator_account_id = 10001');
    expect(limitRows.length).toBeLessThanOrEqual(20);
    expect(await walletViolations(sb.db)).toEqual([]);
  });
});

describe('the daily limit (rule 15: at most 20 starts per account and day)', () => {
  it('refuses the 21st start of a day, parallel ones included, and starts again the next day', async () => {
    // a new day (Asia/Shanghai) with no start of this account yet; the clock moves without running the jobs
    sb.clock.now = Date.parse('2026-11-23T09:00:00+08:00');
    const sockets = (
      await rows<Socket>(
        sb.db,
        `select d.id as device_id, d.serial_number, c.socket_no, c.id as charger_id
         from charger c join device d on d.id = c.device_id join site s on s.id = d.site_id
         where s.operator_id = 10001 and d.status = 1 and d.device_type between 1 and 3 and c.status = 0
           and c.current_order_id is null
         order by d.id, c.socket_no limit 24`,
      )
    ).map((r) => ({
      ...r,
      deviceId: Number(r.deviceId),
      socketNo: Number(r.socketNo),
      chargerId: Number(r.chargerId),
    }));
    expect(sockets.length).toBe(24);
    for (const s of sockets.slice(0, 18)) expect((await start(s)).body.code).toBe(0);
    // four at once for the last two places: two start, two are refused
    const race = await Promise.all(sockets.slice(18, 22).map((s) => start(s)));
    expect(race.filter((r) => r.body.code === 0)).toHaveLength(2);
    expect(race.filter((r) => r.body.code !== 0).map((r) => r.body.message)).toEqual([
      '今日远程充电次数已达上限',
      '今日远程充电次数已达上限',
    ]);
    expect((await start(sockets[22] as Socket)).body).toMatchObject({ code: 1, message: '今日远程充电次数已达上限' });
    const today = await scalar(
      sb.db,
      'select count(*) from remote_charge_record where operator_account_id = 10001 and start_time >= $1',
      [Date.parse('2026-11-23T00:00:00+08:00')],
    );
    expect(today).toBe(20);
    // the next day counts from zero again
    sb.clock.now = Date.parse('2026-11-24T00:00:01+08:00');
    expect((await start(sockets[23] as Socket)).body.code).toBe(0);
  });
});

describe('permission and data scope (rule 15: remote:charge on that site)', () => {
  it('a sub-account starts only with remote:charge, and only at its own sites', async () => {
    const bySite = async (siteId: number) => {
      const row = await one<Socket>(
        sb.db,
        `select d.id as device_id, d.serial_number, c.socket_no, c.id as charger_id
         from charger c join device d on d.id = c.device_id
         where d.site_id = $1 and d.status = 1 and d.device_type between 1 and 3 and c.status = 0
           and c.current_order_id is null order by d.id, c.socket_no limit 1`,
        [siteId],
      );
      if (!row) throw new Error(`site ${siteId} has an idle socket`);
      return { ...row, socketNo: Number(row.socketNo) };
    };
    const asSub = (s: { serialNumber: string; socketNo: number }) =>
      sb.post<RemotePayResult>('/api/r9/charge/remotePay', tokens.subAccount, {
        serialNumber: s.serialNumber,
        socketNo: s.socketNo,
        chargeMinutes: 60,
        reasonType: 1,
        requestId: newRequestId(),
      });
    const own = await bySite(1);
    const other = await bySite(5);
    // the demo sub-account (sites 1 and 2) lacks remote:charge
    expect((await asSub(own)).body).toMatchObject({ code: 403, message: '无操作权限' });
    await sb.db.query(
      `update account set permissions = array_append(permissions, 'remote:charge') where phone = '13800138004'`,
    );
    const outside = await asSub(other);
    expect(outside.body.code).not.toBe(0);
    const inside = await asSub(own);
    expect(inside.body.code, inside.body.message).toBe(0);
    const made = await rows<{ siteId: number }>(
      sb.db,
      `select site_id from remote_charge_record where operator_account_id =
         (select id from account where phone = '13800138004')`,
    );
    expect(made.map((r) => Number(r.siteId))).toEqual([1]);
  });
});
