import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/http';
import type { NoticeDetail, PhoneMessageInfo, WarningRow } from '../../src/api/messages';
import type { AlarmNum, NoticeListResult } from '../../src/api/mine';
import { MOBILE_MESSAGE } from '../../src/api/rules';
import type { CommercialInfo } from '../../src/api/user';
import { DEMO_PHONES, openSandboxForFile } from '../testing';
import { one, rows, scalar } from '../lib/db';
import { ALARM_SMS_WINDOW_MS, HEARTBEAT_TIMEOUT_MS } from '../domain/warnings';

/**
 * Alarms and messages (C-mine.md business rules 3, 23, 25; /mine/message/warning, /upgrads, /upgrads/info) through the
 * sandbox app on the business clock: a box whose heartbeat stops goes 离线 exactly 10 minutes later with a 设备离线
 * warning that every count follows and that closes when the heartbeat returns; alarm SMS at most once per device per
 * hour, to the alarm phone, only with SMS alarms on; the warning list's filters and scope; notices read per account.
 */

const NOW = Date.parse('2024-05-20T15:30:00+08:00');
const { operator: OPERATOR, subAccount: SUB_ACCOUNT } = DEMO_PHONES;
const OPERATOR_ID = 10001;
const MIN = 60_000;

const { sb } = openSandboxForFile(NOW);

interface Box {
  id: number;
  serialNumber: string;
  siteId: number;
}

/** An online charging box of the operator on a site, other than `skip`. */
async function onlineBox(skip: number[] = []): Promise<Box> {
  const box = await one<Box>(
    sb.db,
    `select id, serial_number, site_id from device
     where owner_operator_id = $1 and device_type between 1 and 3 and site_id is not null and status = 1
       and not (id = any($2::bigint[]))
     order by id limit 1`,
    [OPERATOR_ID, skip],
  );
  if (!box) throw new Error('the demo world has an online box');
  return { id: Number(box.id), serialNumber: box.serialNumber, siteId: Number(box.siteId) };
}

const heartbeat = async (serialNumber: string, beat: 'stop' | 'resume') => {
  const res = await sb.app.request('/__sandbox/device-heartbeat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ serialNumber, heartbeat: beat }),
  });
  return (await res.json()) as { code: number; message: string; data: { status: number; warningsClosed: number } };
};

const inbox = async (phone: string) => {
  const res = await sb.app.request(`/__sandbox/sms/inbox?phone=${phone}`);
  return ((await res.json()) as { data: { content: string; deviceId: number; sentAt: number }[] }).data;
};

const deviceStatus = (id: number) => scalar(sb.db, 'select status from device where id = $1', [id]);
const offlineWarnings = (id: number) =>
  rows<{ id: number; status: number; warningTime: number; recoverTime: number | null; smsSent: number; level: number }>(
    sb.db,
    `select id, status, warning_time, recover_time, sms_sent, level from warning_record
     where device_id = $1 and warning_type = 1 order by id`,
    [id],
  );
const alarmNum = () => sb.data<AlarmNum>(OPERATOR, '/api/warning/getAlarmNum');
const unread = async () => (await sb.data<CommercialInfo>(OPERATOR, '/api/user/getCommercialInfo')).unreadCount;

describe('rule 3: a box without heartbeat for 10 minutes goes 离线 with a 设备离线 warning', () => {
  it('opens at exactly 10 minutes, every count follows, and closes when the heartbeat returns', async () => {
    const box = await onlineBox();
    const idleBefore = await scalar(sb.db, 'select count(*) from charger where device_id = $1 and status = 0', [
      box.id,
    ]);
    expect(idleBefore).toBeGreaterThan(0);
    const before = await alarmNum();
    const unreadBefore = await unread();
    const stoppedAt = sb.clock.now;

    expect((await heartbeat(box.serialNumber, 'stop')).code).toBe(0);
    await sb.advance(HEARTBEAT_TIMEOUT_MS - 1000);
    expect(await deviceStatus(box.id)).toBe(1);
    expect(await offlineWarnings(box.id)).toEqual([]);

    await sb.advance(1000);
    expect(await deviceStatus(box.id)).toBe(2);
    expect(await scalar(sb.db, 'select count(*) from charger where device_id = $1 and status = 4', [box.id])).toBe(
      idleBefore,
    );
    const [opened] = await offlineWarnings(box.id);
    expect(opened).toMatchObject({ status: 0, level: 2, warningTime: stoppedAt + HEARTBEAT_TIMEOUT_MS });
    const during = await alarmNum();
    expect(during.unrecoveredCount).toBe(before.unrecoveredCount + 1);
    expect(during.typeCounts[0]).toEqual({ warningType: 1, count: (before.typeCounts[0]?.count ?? 0) + 1 });
    expect(await unread()).toBe(unreadBefore + 1);
    const listed = await sb.data<Page<WarningRow>>(
      OPERATOR,
      `/api/warning/warningRecordList?status=0&warningType=1&deviceId=${box.id}&pageNum=1&pageSize=20`,
    );
    expect(listed.total).toBe(1);
    expect(listed.list[0]).toMatchObject({
      id: opened?.id,
      serialNumber: box.serialNumber,
      siteId: box.siteId,
      content: '设备离线已超过10分钟',
      status: 0,
      recoverTime: null,
    });

    await sb.advance(5 * MIN);
    const resumed = await heartbeat(box.serialNumber, 'resume');
    expect(resumed.data).toMatchObject({ status: 1, warningsClosed: 1 });
    expect(await deviceStatus(box.id)).toBe(1);
    expect(await scalar(sb.db, 'select count(*) from charger where device_id = $1 and status = 0', [box.id])).toBe(
      idleBefore,
    );
    const [closed] = await offlineWarnings(box.id);
    expect(closed).toMatchObject({ id: opened?.id, status: 1, recoverTime: sb.clock.now });
    expect((await alarmNum()).unrecoveredCount).toBe(before.unrecoveredCount);
    expect(await unread()).toBe(unreadBefore);
  });

  it('a heartbeat back within the 10 minutes opens nothing; an unknown box is refused', async () => {
    const box = await onlineBox();
    const count = (await offlineWarnings(box.id)).length;
    await heartbeat(box.serialNumber, 'stop');
    await sb.advance(9 * MIN);
    expect((await heartbeat(box.serialNumber, 'resume')).data.warningsClosed).toBe(0);
    await sb.advance(HEARTBEAT_TIMEOUT_MS * 2);
    expect(await deviceStatus(box.id)).toBe(1);
    expect(await offlineWarnings(box.id)).toHaveLength(count);
    expect((await heartbeat('NOSUCHBOX1', 'stop')).code).toBe(1);
    expect((await heartbeat(box.serialNumber, 'pause' as 'stop')).code).toBe(1);
  });
});

describe('rule 23: alarm SMS at most once per device per hour, to the alarm phone, only when on', () => {
  it('sends the first, holds the second within the hour, sends again after it; none when switched off', async () => {
    const alarmPhone = '13912345678';
    const info = await sb.data<PhoneMessageInfo>(OPERATOR, '/api/warning/updatePhoneMessageInfo', {
      alarmPhone,
      phoneMessageReceive: 1,
    });
    expect(info).toMatchObject({ alarmPhone, phoneMessageReceive: 1 });
    const box = await onlineBox();
    const other = await onlineBox([box.id]);
    const cycle = async (serial: string, offlineFor = MIN) => {
      await heartbeat(serial, 'stop');
      await sb.advance(HEARTBEAT_TIMEOUT_MS);
      await sb.advance(offlineFor);
      await heartbeat(serial, 'resume');
    };

    const firstAt = sb.clock.now + HEARTBEAT_TIMEOUT_MS;
    await cycle(box.serialNumber);
    let sms = await inbox(alarmPhone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ deviceId: box.id, sentAt: firstAt });
    expect(sms[0]?.content).toContain(box.serialNumber);
    expect(sms[0]?.content).toContain('设备离线已超过10分钟');
    expect(await inbox(OPERATOR)).toHaveLength(0); // the alarm phone, not the login phone

    // within the hour: the warning opens, no SMS for that device; another device still gets one
    await cycle(box.serialNumber);
    await cycle(other.serialNumber);
    sms = await inbox(alarmPhone);
    expect(sms.map((s) => s.deviceId)).toEqual([other.id, box.id]);
    const warnings = await offlineWarnings(box.id);
    expect(warnings.slice(-2).map((w) => w.smsSent)).toEqual([1, 0]);

    // an hour after the first SMS: the next offline of the device sends again
    await sb.advance(Math.max(0, firstAt + ALARM_SMS_WINDOW_MS - sb.clock.now));
    await cycle(box.serialNumber);
    sms = await inbox(alarmPhone);
    expect(sms.filter((s) => s.deviceId === box.id)).toHaveLength(2);

    // SMS alarms off: the warning opens, no SMS
    await sb.data(OPERATOR, '/api/warning/updatePhoneMessageInfo', { phoneMessageReceive: 0 });
    await sb.advance(2 * ALARM_SMS_WINDOW_MS);
    const opened = (await offlineWarnings(box.id)).length;
    await cycle(box.serialNumber);
    expect(await offlineWarnings(box.id)).toHaveLength(opened + 1);
    expect((await inbox(alarmPhone)).filter((s) => s.deviceId === box.id)).toHaveLength(2);

    await sb.data(OPERATOR, '/api/warning/updatePhoneMessageInfo', { phoneMessageReceive: 1, alarmPhone: OPERATOR });
  });

  it('refuses a malformed alarm phone and an empty change', async () => {
    const bad = await sb.call<null>(OPERATOR, '/api/warning/updatePhoneMessageInfo', { alarmPhone: '12345' });
    expect(bad.body.code).toBe(1);
    expect(bad.body.message).toBe(MOBILE_MESSAGE);
    expect((await sb.call<null>(OPERATOR, '/api/warning/updatePhoneMessageInfo', {})).body.code).toBe(1);
  });
});

describe('GET /api/warning/warningRecordList', () => {
  it('lists newest first with the counts of getAlarmNum, and filters by type, status and site', async () => {
    const all = await sb.data<Page<WarningRow>>(OPERATOR, '/api/warning/warningRecordList?pageNum=1&pageSize=100');
    const num = await alarmNum();
    expect(all.total).toBe(num.typeCounts.reduce((sum, t) => sum + t.count, 0));
    const times = all.list.map((w) => w.warningTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const open = await sb.data<Page<WarningRow>>(
      OPERATOR,
      '/api/warning/warningRecordList?status=0&pageNum=1&pageSize=100',
    );
    expect(open.total).toBe(num.unrecoveredCount);
    expect(open.list.every((w) => w.status === 0 && w.recoverTime === null)).toBe(true);
    const smoke = await sb.data<Page<WarningRow>>(
      OPERATOR,
      '/api/warning/warningRecordList?warningType=3&pageNum=1&pageSize=100',
    );
    expect(smoke.total).toBe(num.typeCounts[2]?.count);
    const site1 = await sb.data<Page<WarningRow>>(
      OPERATOR,
      '/api/warning/warningRecordList?siteId=1&pageNum=1&pageSize=100',
    );
    expect(site1.list.every((w) => w.siteId === 1)).toBe(true);
  });

  it('a sub-account limited to sites 1 and 2 sees their warnings only, and the same count on its badge', async () => {
    const list = await sb.data<Page<WarningRow>>(SUB_ACCOUNT, '/api/warning/warningRecordList?pageNum=1&pageSize=100');
    expect(list.total).toBeGreaterThan(0);
    expect(list.list.every((w) => w.siteId === 1 || w.siteId === 2)).toBe(true);
    const open = await sb.data<Page<WarningRow>>(
      SUB_ACCOUNT,
      '/api/warning/warningRecordList?status=0&pageNum=1&pageSize=100',
    );
    expect((await sb.data<AlarmNum>(SUB_ACCOUNT, '/api/warning/getAlarmNum')).unrecoveredCount).toBe(open.total);
  });
});

describe('notices (rule 25)', () => {
  it('reads one, then all, per account; the detail is the stored HTML; an offline notice is not found', async () => {
    const before = await sb.data<NoticeListResult>(OPERATOR, '/api/message/noticeList?pageNum=1&pageSize=20');
    const unreadRow = before.list.find((n) => n.read === 0);
    expect(unreadRow).toBeDefined();
    const detail = await sb.data<NoticeDetail>(OPERATOR, `/api/message/noticeDetail?id=${unreadRow?.id}`);
    expect(detail).toMatchObject({ id: unreadRow?.id, title: unreadRow?.title });
    expect(detail.content).toContain('<p>');
    const one = await sb.data<{ unreadCount: number }>(OPERATOR, '/api/message/readNotice', { id: unreadRow?.id });
    expect(one.unreadCount).toBe(before.unreadCount - 1);
    const all = await sb.data<{ unreadCount: number }>(OPERATOR, '/api/message/readNotice', {});
    expect(all.unreadCount).toBe(0);
    // another account's reads are its own
    const sub = await sb.data<NoticeListResult>(SUB_ACCOUNT, '/api/message/noticeList?pageNum=1&pageSize=1');
    expect(sub.unreadCount).toBeGreaterThan(0);

    await sb.db.query('update notice set status = 2 where id = $1', [unreadRow?.id]);
    const gone = await sb.call<null>(OPERATOR, `/api/message/noticeDetail?id=${unreadRow?.id}`);
    expect(gone.body).toMatchObject({ code: 1, message: '消息不存在或已下线', data: null });
    expect((await sb.call<null>(OPERATOR, '/api/message/readNotice', { id: unreadRow?.id })).body.code).toBe(1);
    await sb.db.query('update notice set status = 1 where id = $1', [unreadRow?.id]);
  });
});
