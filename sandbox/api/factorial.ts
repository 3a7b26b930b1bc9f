import type { PGlite } from '@electric-sql/pglite';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import { accountPasswordRule, accountPhoneRule } from '../../src/api/accounts-rules';
import type {
  AgentInfo,
  AgentRow,
  TransferCheck,
  TransferDetail,
  TransferPage,
  TransferRow,
} from '../../src/api/factorial';
import {
  FACTORIAL_MESSAGES,
  TRANSFER_MAX_DEVICES,
  agentNameRule,
  agentRemarkRule,
  serialRule,
  type TransferStatus,
} from '../../src/api/factorial-rules';
import type { Page } from '../../src/api/http';
import { DEFAULT_PERMISSIONS } from '../../src/api/permissions';
import { firstFailure } from '../../src/api/rules';
import { endpoints } from '../http/endpoint';
import { hidden } from '../http/access';
import { BizError, INVALID } from '../http/envelope';
import { revokeTokens } from '../http/session';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { senderName, sendNoticeSms } from '../domain/sms-notice';
import { stamp } from '../lib/time';
import { activateDueVersions, checkShareRule, shareRuleVersions, submitShareRuleChange } from './share-rules';

/**
 * Agents and device transfers (C-mine.md /mine/factorialList, /mine/factorialList/info; Business rules 18, 19;
 * entities.md §1 Account, Transfer, TransferItem).
 *
 * - An agent is an Account of accountType 2 with parentId = the operator (agents have no agents): created by factorEdit
 *   (its phone unused by any account) or by registration with the operator's invite code. Disabling blocks its login
 *   only (its tokens revoked; its sites keep operating). Its superiorShareRate is the operator's 上级 share (party
 *   type 5) of each site it owns: a change makes a new share-rule version of each of them, effective tomorrow.
 * - A transfer sends boxes of the sender's stock (owned, bound to no site, in no other pending transfer), 1–100 at a
 *   time, to one of the sender's own agents: 1 待接收 → 2 已完成 (the receiver accepts: the devices' owner changes, in
 *   the same transaction), → 3 已拒绝 (the receiver), → 4 已撤回 (the sender). The devices stay the sender's until 2;
 *   a decision is final ("划拨状态已变更" after it).
 */

const AGENT_SIDE = { permission: 'agent', accountTypes: [1] } as const;
const TRANSFER_SIDE = { permission: 'transfer', accountTypes: [1, 2] } as const;

const queryId = (name: string) =>
  z.coerce
    .number({ error: `缺少${name}` })
    .int(`${name}须为正整数`)
    .positive(`${name}须为正整数`);
const bodyId = (name: string) =>
  z
    .number({ error: `缺少${name}` })
    .int(`${name}须为正整数`)
    .positive(`${name}须为正整数`);
const pageFields = {
  pageNum: z.coerce.number().int('pageNum 须为正整数').min(1, 'pageNum 须为正整数').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize 须为1-100的整数').default(20),
};

function fail(message: string): never {
  throw new BizError(INVALID, message);
}

/** The columns of an agent row (alias a). */
const AGENT_COLUMNS = `a.id, a.name, a.phone, a.status, a.remark, a.superior_share_rate, a.create_time,
  (select count(*)::int from device d where d.owner_operator_id = a.id and d.device_type between 1 and 3) as device_count,
  (select count(*)::int from device d where d.owner_operator_id = a.id and d.device_type between 1 and 3
     and d.status <> 2) as online_device_count,
  (select count(*)::int from site s where s.operator_id = a.id and s.deleted = 0) as site_count,
  (select coalesce(sum(t.device_count), 0)::int from transfer t where t.to_merchant_id = a.id and t.status = 2)
    as transferred_device_count`;

type RawAgent = Omit<AgentInfo, 'status'> & { status: number; superiorShareRate: number | null };

function agentOf(r: RawAgent): AgentInfo {
  return {
    id: Number(r.id),
    name: r.name,
    phone: r.phone,
    status: Number(r.status) as 1 | 2,
    deviceCount: Number(r.deviceCount),
    siteCount: Number(r.siteCount),
    createTime: Number(r.createTime),
    remark: r.remark,
    superiorShareRate: Number(r.superiorShareRate ?? 0),
    onlineDeviceCount: Number(r.onlineDeviceCount),
    transferredDeviceCount: Number(r.transferredDeviceCount),
  };
}

/**
 * The agent `id` of the operator `ownerId` (status 1 or 2); any other id, another operator's agent included, is out of
 * reach: code 1 代理不存在 (hidden, its existence not told).
 */
async function myAgent(db: Db, ownerId: number, id: number): Promise<AgentInfo> {
  const row = await one<RawAgent>(
    db,
    `select ${AGENT_COLUMNS} from account a
     where a.id = $1 and a.account_type = 2 and a.parent_id = $2 and a.status in (1, 2)`,
    [id, ownerId],
  );
  if (!row) throw hidden(FACTORIAL_MESSAGES.missingAgent);
  return agentOf(row);
}

/** The SMS telling a new agent it was added (C-mine.md /mine/factorialList 添加代理). */
export const agentAddedSms = (operator: string, phone: string) =>
  `【易充】${operator}已将您添加为代理商，请使用手机号${phone}和对方为您设置的密码登录。`;

/** Whether a phone may become a new agent (valiFactory): unused by any account. */
async function phoneAvailability(db: Db, phone: string): Promise<{ available: boolean; message?: string }> {
  const found = await one<{ accountType: number }>(
    db,
    'select account_type from account where phone = $1 and status <> 3',
    [phone],
  );
  if (!found) return { available: true };
  const type = Number(found.accountType);
  const message =
    type === 2 ? FACTORIAL_MESSAGES.isAgent : type === 1 ? FACTORIAL_MESSAGES.isOperator : FACTORIAL_MESSAGES.taken;
  return { available: false, message };
}

/** A device as a transfer checks it. */
interface StockDevice {
  id: number;
  serialNumber: string;
  deviceType: number;
  model: string;
  socketCount: number;
  ownerOperatorId: number;
  siteId: number | null;
  pending: number;
}

async function deviceForTransfer(db: Db, serialNumber: string): Promise<StockDevice | null> {
  const row = await one<StockDevice>(
    db,
    `select d.id, d.serial_number, d.device_type, d.model, m.socket_count, d.owner_operator_id, d.site_id,
       (select count(*)::int from transfer_item i join transfer t on t.id = i.transfer_id
         where i.device_id = d.id and t.status = 1) as pending
     from device d join device_model m on m.model = d.model where upper(d.serial_number) = upper($1)`,
    [serialNumber],
  );
  return row
    ? {
        ...row,
        id: Number(row.id),
        ownerOperatorId: Number(row.ownerOperatorId),
        siteId: row.siteId === null ? null : Number(row.siteId),
        deviceType: Number(row.deviceType),
        socketCount: Number(row.socketCount),
        pending: Number(row.pending),
      }
    : null;
}

/** Why a device cannot be transferred by `ownerId` (rule 19), or null. A foreign device is not told apart from none. */
function transferRefusal(device: StockDevice | null, ownerId: number): string | null {
  if (!device || device.ownerOperatorId !== ownerId) return FACTORIAL_MESSAGES.notYours;
  if (device.deviceType < 1 || device.deviceType > 3) return FACTORIAL_MESSAGES.notBox;
  if (device.siteId !== null) return FACTORIAL_MESSAGES.bound;
  if (device.pending > 0) return FACTORIAL_MESSAGES.pending;
  return null;
}

/** A new transfer number: TF + yyyyMMddHHmmss + the id, 4 digits at least. */
function transferNo(id: number, at: number): string {
  return `TF${stamp(at)}${String(id).padStart(4, '0')}`;
}

/**
 * Makes the operator's new 上级 share of each site of the agent a new share-rule version effective tomorrow (rule 18;
 * checkShareRule writes the 上级 row at the agent's superiorShareRate). A site whose change is under review keeps its
 * pending version (refused there, skipped here).
 */
async function applySuperiorRate(db: Db, agentId: number, userId: number, at: number): Promise<void> {
  const sites = await rows<{ id: number; merchantId: number | null }>(
    db,
    'select id, merchant_id from site where operator_id = $1 and deleted = 0 order by id',
    [agentId],
  );
  for (const site of sites) {
    const siteId = Number(site.id);
    await activateDueVersions(db, at, siteId);
    const versions = await shareRuleVersions(db, siteId);
    if (versions.some((v) => v.status === 3)) continue;
    const working = versions.find((v) => v.status === 2) ?? versions.find((v) => v.status === 1);
    if (!working) continue;
    const rule = await checkShareRule(
      db,
      { operatorId: agentId, merchantId: site.merchantId === null ? null : Number(site.merchantId) },
      { ...working.rule, parties: working.rule.parties.filter((p) => p.partyType !== 5) },
    );
    try {
      await submitShareRuleChange(db, siteId, rule, userId, at);
    } catch (error) {
      // The same terms as the version in force (the rate did not change for this site): nothing to do.
      if (!(error instanceof BizError)) throw error;
    }
  }
}

/** The agent and transfer routes. */
export function factorialRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/user/factorRecords — the operator's agents, newest first.
  api.get(
    '/api/user/factorRecords',
    {
      ...AGENT_SIDE,
      input: z.object({ keyword: z.string().max(20, '搜索内容最多20个字').optional(), ...pageFields }),
      touches: touches.account,
    },
    async ({ scope, input: q }): Promise<Page<AgentRow>> => {
      const keyword = q.keyword?.trim() ?? '';
      const where = `a.account_type = 2 and a.parent_id = $1 and a.status in (1, 2)
        and ($2::text = '' or position($2 in a.name) > 0 or position($2 in a.phone) > 0)`;
      const total = await scalar(db, `select count(*) from account a where ${where}`, [scope.ownerId, keyword]);
      const list = await rows<RawAgent>(
        db,
        `select ${AGENT_COLUMNS} from account a where ${where} order by a.create_time desc, a.id desc
         limit $3 offset $4`,
        [scope.ownerId, keyword, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      return {
        list: list.map((r) => {
          const { id, name, phone, status, deviceCount, siteCount, createTime } = agentOf(r);
          return { id, name, phone, status, deviceCount, siteCount, createTime };
        }),
        total,
      };
    },
  );

  // GET /api/user/valiFactory — whether a phone may become a new agent.
  api.get(
    '/api/user/valiFactory',
    {
      ...AGENT_SIDE,
      input: z.object({ phone: z.string({ error: '请输入正确的11位手机号' }).max(20) }),
      touches: touches.directory,
    },
    async ({ input: { phone } }) => {
      const refusal = firstFailure([[accountPhoneRule, phone]]);
      if (refusal) fail(refusal);
      return phoneAvailability(db, phone);
    },
  );

  // POST /api/user/factorEdit — creates (no id) or edits one of the operator's agents.
  api.post(
    '/api/user/factorEdit',
    {
      ...AGENT_SIDE,
      input: z.object({
        id: bodyId('代理 id').optional(),
        name: z.string({ error: FACTORIAL_MESSAGES.name }).max(60, FACTORIAL_MESSAGES.name),
        phone: z.string().max(20, '请输入正确的11位手机号').optional(),
        password: z.string().max(64, '密码需为6-20位字母和数字组合').optional(),
        remark: z.string().max(200, FACTORIAL_MESSAGES.remark).optional(),
        status: z.union([z.literal(1), z.literal(2)], { error: '状态 status 须为1或2' }).optional(),
        superiorShareRate: z
          .number({ error: FACTORIAL_MESSAGES.rate })
          .int(FACTORIAL_MESSAGES.rate)
          .min(0, FACTORIAL_MESSAGES.rate)
          .max(10_000, FACTORIAL_MESSAGES.rate)
          .optional(),
      }),
      touches: touches.account,
    },
    async ({ caller, scope, input: body }) => {
      const at = now();
      const remark = body.remark?.trim() ?? '';
      const refusal = firstFailure([
        [agentNameRule, body.name],
        ...(body.id === undefined
          ? ([
              [accountPhoneRule, body.phone ?? ''],
              [accountPasswordRule, body.password ?? ''],
            ] as const)
          : []),
        [agentRemarkRule, remark],
      ]);
      if (refusal) fail(refusal);
      if (body.id === undefined) {
        const phone = body.phone ?? '';
        const hash = await bcrypt.hash(body.password ?? '', 8);
        return db.transaction(async (tx) => {
          const availability = await phoneAvailability(tx, phone);
          if (!availability.available) fail(availability.message ?? FACTORIAL_MESSAGES.taken);
          const id = await scalar(tx, "select nextval(pg_get_serial_sequence('account', 'id'))");
          await tx.query(
            `insert into account (id, account_type, phone, password_hash, name, short_name, contacts, contact_phone,
               alarm_phone, remark, parent_id, main_account_id, status, permissions, superior_share_rate, create_time,
               update_time)
             values ($1, 2, $2, $3, $4, $4, $4, $2, $2, $5, $6, $1, 1, $7, $8, $9, $9)`,
            [
              id,
              phone,
              hash,
              body.name.trim(),
              remark,
              scope.ownerId,
              DEFAULT_PERMISSIONS[2],
              body.superiorShareRate ?? 0,
              at,
            ],
          );
          await tx.query('insert into wallet (account_id, create_time, update_time) values ($1, $2, $2)', [id, at]);
          // "添加成功，已短信通知对方": the new agent is told by SMS (a refused send refuses the addition).
          const from = await senderName(tx, scope.ownerId);
          await sendNoticeSms(tx, phone, agentAddedSms(from, phone), at);
          return { id };
        });
      }
      const agentId = body.id;
      await db.transaction(async (tx) => {
        const before = await myAgent(tx, scope.ownerId, agentId);
        await tx.query(
          `update account set name = $2, short_name = $2, remark = $3, status = coalesce($4, status),
             superior_share_rate = coalesce($5, superior_share_rate), update_time = $6 where id = $1`,
          [agentId, body.name.trim(), remark, body.status ?? null, body.superiorShareRate ?? null, at],
        );
        if (body.status !== undefined && body.status !== before.status) await revokeTokens(tx, agentId, at);
        if (body.superiorShareRate !== undefined && body.superiorShareRate !== before.superiorShareRate) {
          await applySuperiorRate(tx, agentId, caller.account.id, at);
        }
      });
      return { id: agentId };
    },
  );

  // GET /api/user/factorInfo — one agent of the operator.
  api.get(
    '/api/user/factorInfo',
    { ...AGENT_SIDE, input: z.object({ id: queryId('代理 id') }), touches: touches.account },
    async ({ scope, input: { id } }): Promise<AgentInfo> => myAgent(db, scope.ownerId, id),
  );

  // GET /api/transfer/findAgent — the receiver of a transfer: an agent of the caller, by phone.
  api.get(
    '/api/transfer/findAgent',
    {
      ...TRANSFER_SIDE,
      input: z.object({ phone: z.string({ error: '请输入正确的11位手机号' }).max(20) }),
      touches: touches.directory,
    },
    async ({ scope, input: { phone } }) => {
      const refusal = firstFailure([[accountPhoneRule, phone]]);
      if (refusal) fail(refusal);
      const agent = await one<{ id: number; name: string; phone: string }>(
        db,
        'select id, name, phone from account where phone = $1 and account_type = 2 and parent_id = $2 and status = 1',
        [phone, scope.ownerId],
      );
      if (!agent) fail(FACTORIAL_MESSAGES.notMyAgent);
      return { merchantId: Number(agent.id), name: agent.name, phone: agent.phone };
    },
  );

  /** The receiver `id` must be an agent (正常) of the caller's owner. */
  const receiver = async (ownerId: number, id: number) => {
    const found = await scalar(
      db,
      'select count(*) from account where id = $1 and account_type = 2 and parent_id = $2 and status = 1',
      [id, ownerId],
    );
    if (!found) fail(FACTORIAL_MESSAGES.notMyAgent);
  };

  // GET /api/transfer/outDeviceAddCheck — whether one device of the caller's stock can go to the receiver.
  api.get(
    '/api/transfer/outDeviceAddCheck',
    {
      ...TRANSFER_SIDE,
      input: z.object({
        serialNumber: z.string({ error: FACTORIAL_MESSAGES.serial }).max(40, FACTORIAL_MESSAGES.serial),
        toMerchantId: queryId('接收方 toMerchantId'),
      }),
      touches: touches.account,
    },
    async ({ scope, input: q }): Promise<TransferCheck> => {
      const refusal = firstFailure([[serialRule, q.serialNumber.trim()]]);
      if (refusal) fail(refusal);
      await receiver(scope.ownerId, q.toMerchantId);
      const device = await deviceForTransfer(db, q.serialNumber.trim());
      const reason = transferRefusal(device, scope.ownerId);
      const shown = reason === FACTORIAL_MESSAGES.notYours ? null : device;
      return {
        ok: reason === null,
        ...(reason ? { reason } : {}),
        serialNumber: shown?.serialNumber ?? q.serialNumber.trim(),
        deviceType: shown?.deviceType ?? 0,
        model: shown?.model ?? '',
        socketCount: shown?.socketCount ?? 0,
      };
    },
  );

  // POST /api/transfer/outDeviceSubmit — sends 1–100 devices of the caller's stock to one of its agents (待接收).
  api.post(
    '/api/transfer/outDeviceSubmit',
    {
      ...TRANSFER_SIDE,
      input: z.object({
        toMerchantId: bodyId('接收方 toMerchantId'),
        serialNumbers: z
          .array(z.string().max(40, FACTORIAL_MESSAGES.serial), { error: FACTORIAL_MESSAGES.noDevice })
          .max(TRANSFER_MAX_DEVICES, FACTORIAL_MESSAGES.devices),
        remark: z.string().max(200, FACTORIAL_MESSAGES.remark).optional(),
      }),
      touches: touches.account,
    },
    async ({ scope, input: body }) => {
      const serials = body.serialNumbers.map((s) => s.trim());
      if (serials.length === 0) fail(FACTORIAL_MESSAGES.noDevice);
      const bad = serials.map((s) => firstFailure([[serialRule, s]])).find((m) => m !== null);
      if (bad) fail(bad);
      if (new Set(serials.map((s) => s.toUpperCase())).size !== serials.length) fail(FACTORIAL_MESSAGES.duplicate);
      const remark = body.remark?.trim() ?? '';
      const remarkRefusal = firstFailure([[agentRemarkRule, remark]]);
      if (remarkRefusal) fail(remarkRefusal);
      await receiver(scope.ownerId, body.toMerchantId);
      const at = now();
      return db.transaction(async (tx) => {
        const devices: StockDevice[] = [];
        for (const serial of serials) {
          await tx.query('select id from device where upper(serial_number) = upper($1) for update', [serial]);
          const device = await deviceForTransfer(tx, serial);
          const reason = transferRefusal(device, scope.ownerId);
          if (reason || !device) fail(`${serial}：${reason ?? FACTORIAL_MESSAGES.notYours}`);
          devices.push(device);
        }
        const id = await scalar(tx, "select nextval(pg_get_serial_sequence('transfer', 'id'))");
        const no = transferNo(id, at);
        await tx.query(
          `insert into transfer (id, transfer_no, from_merchant_id, to_merchant_id, device_count, status, remark,
             create_time, update_time) values ($1, $2, $3, $4, $5, 1, $6, $7, $7)`,
          [id, no, scope.ownerId, body.toMerchantId, devices.length, remark, at],
        );
        for (const d of devices) {
          await tx.query(
            `insert into transfer_item (transfer_id, device_id, serial_number, device_type, model, socket_count,
               create_time, update_time) values ($1, $2, $3, $4, $5, $6, $7, $7)`,
            [id, d.id, d.serialNumber, d.deviceType, d.model, d.socketCount, at],
          );
        }
        return { transferId: id, transferNo: no };
      });
    },
  );

  // GET /api/transfer/getRecord — the caller's transfers out (1) and in (2), newest first.
  api.get(
    '/api/transfer/getRecord',
    {
      ...TRANSFER_SIDE,
      input: z.object({
        direction: z.coerce.number().int().min(1).max(2, '方向 direction 须为1或2').optional(),
        status: z.coerce.number().int().min(1).max(4, '状态 status 须为1-4').optional(),
        agentId: queryId('代理 agentId').optional(),
        ...pageFields,
      }),
      touches: touches.account,
    },
    async ({ scope, input: q }): Promise<TransferPage> => {
      const me = scope.ownerId;
      const where = `(t.from_merchant_id = $1 or t.to_merchant_id = $1)
        and ($2::int is null or ($2 = 1 and t.from_merchant_id = $1) or ($2 = 2 and t.to_merchant_id = $1))
        and ($3::int is null or t.status = $3)
        and ($4::bigint is null or t.from_merchant_id = $4 or t.to_merchant_id = $4)`;
      const params = [me, q.direction ?? null, q.status ?? null, q.agentId ?? null];
      const total = await scalar(db, `select count(*) from transfer t where ${where}`, params);
      const list = await rows<{
        id: number;
        transferNo: string;
        fromMerchantId: number;
        deviceCount: number;
        status: number;
        createTime: number;
        finishTime: number | null;
        counterpartName: string;
      }>(
        db,
        `select t.id, t.transfer_no, t.from_merchant_id, t.device_count, t.status, t.create_time, t.finish_time,
           coalesce(nullif(c.short_name, ''), c.name) as counterpart_name
         from transfer t join account c
           on c.id = case when t.from_merchant_id = $1 then t.to_merchant_id else t.from_merchant_id end
         where ${where} order by t.create_time desc, t.id desc limit $5 offset $6`,
        [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      const pendingInCount = await scalar(
        db,
        'select count(*) from transfer where to_merchant_id = $1 and status = 1',
        [me],
      );
      return {
        list: list.map((t): TransferRow => ({
          transferId: Number(t.id),
          transferNo: t.transferNo,
          direction: Number(t.fromMerchantId) === me ? 1 : 2,
          counterpartName: t.counterpartName,
          deviceCount: Number(t.deviceCount),
          status: Number(t.status) as TransferStatus,
          createTime: Number(t.createTime),
          finishTime: t.finishTime === null ? null : Number(t.finishTime),
        })),
        total,
        pendingInCount,
      };
    },
  );

  /** A transfer the caller's owner sent or receives, or code 1 划拨记录不存在. */
  const involved = async (tx: Db, me: number, transferId: number, lock = false) => {
    const t = await one<{
      id: number;
      transferNo: string;
      fromMerchantId: number;
      toMerchantId: number;
      status: number;
      remark: string;
      createTime: number;
      finishTime: number | null;
    }>(
      tx,
      `select id, transfer_no, from_merchant_id, to_merchant_id, status, remark, create_time, finish_time
       from transfer where id = $1 and (from_merchant_id = $2 or to_merchant_id = $2) ${lock ? 'for update' : ''}`,
      [transferId, me],
    );
    // another merchant's transfer is not told from a missing one (an object outside the caller's reach)
    if (!t) throw hidden(FACTORIAL_MESSAGES.missingTransfer);
    return {
      ...t,
      fromMerchantId: Number(t.fromMerchantId),
      toMerchantId: Number(t.toMerchantId),
      status: Number(t.status),
    };
  };

  // GET /api/transfer/transferDetail — one transfer with its devices.
  api.get(
    '/api/transfer/transferDetail',
    { ...TRANSFER_SIDE, input: z.object({ transferId: queryId('划拨 transferId') }), touches: touches.account },
    async ({ scope, input: { transferId } }): Promise<TransferDetail> => {
      const t = await involved(db, scope.ownerId, transferId);
      const name = async (id: number) =>
        (
          await one<{ name: string }>(
            db,
            `select coalesce(nullif(short_name, ''), name) as name from account where id = $1`,
            [id],
          )
        )?.name ?? '';
      const devices = await rows<TransferDetail['devices'][number]>(
        db,
        `select serial_number, device_type, model, socket_count from transfer_item where transfer_id = $1
         order by serial_number`,
        [transferId],
      );
      return {
        transferNo: t.transferNo,
        direction: t.fromMerchantId === scope.ownerId ? 1 : 2,
        fromName: await name(t.fromMerchantId),
        toName: await name(t.toMerchantId),
        status: t.status as TransferStatus,
        remark: t.remark,
        createTime: Number(t.createTime),
        finishTime: t.finishTime === null ? null : Number(t.finishTime),
        devices: devices.map((d) => ({ ...d, deviceType: Number(d.deviceType), socketCount: Number(d.socketCount) })),
      };
    },
  );

  // POST /api/transfer/operation — 1 接收 / 2 拒绝 by the receiver, 3 撤回 by the sender, of a 待接收 transfer.
  api.post(
    '/api/transfer/operation',
    {
      ...TRANSFER_SIDE,
      input: z.object({
        transferId: bodyId('划拨 transferId'),
        action: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '操作 action 须为1-3' }),
      }),
      touches: touches.account,
    },
    async ({ scope, input: body }) => {
      const at = now();
      return db.transaction(async (tx) => {
        const t = await involved(tx, scope.ownerId, body.transferId, true);
        const mine = body.action === 3 ? t.fromMerchantId : t.toMerchantId;
        if (mine !== scope.ownerId) throw new BizError(403, '无操作权限');
        if (t.status !== 1) fail(FACTORIAL_MESSAGES.stale);
        const status: TransferStatus = body.action === 1 ? 2 : body.action === 2 ? 3 : 4;
        if (status === 2) {
          // The devices must still be the sender's stock; then they are the receiver's.
          const moved = await tx.query(
            `update device set owner_operator_id = $2, update_time = $4
             where id in (select device_id from transfer_item where transfer_id = $1)
               and owner_operator_id = $3 and site_id is null`,
            [t.id, t.toMerchantId, t.fromMerchantId, at],
          );
          const count = await scalar(tx, 'select count(*) from transfer_item where transfer_id = $1', [t.id]);
          if ((moved.affectedRows ?? 0) !== count) fail(FACTORIAL_MESSAGES.changed);
        }
        await tx.query('update transfer set status = $2, finish_time = $3, update_time = $3 where id = $1', [
          t.id,
          status,
          at,
        ]);
        return { status };
      });
    },
  );

  return api.app;
}
