import type { PGlite } from '@electric-sql/pglite';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import { DEFAULT_PERMISSIONS } from '../../src/api/permissions';
import { DEFAULT_CHARGE_RULE, SITE_NAME_TAKEN } from '../../src/api/site-settings-rules';
import { DEFAULT_SHARE_RULE } from '../../src/api/site-defaults';
import type {
  BuilderOption,
  TrainInfo,
  WaitCounts,
  WorkOrderDetail,
  WorkOrderRow,
  WorkOrderSiteOption,
} from '../../src/api/work-order';
import {
  STALE_WORK_ORDER,
  WORK_ORDER_MESSAGES,
  builderNameRule,
  builderPasswordRule,
  builderPhoneRule,
  rectifyRule,
  rejectReasonRule,
  workOrderSiteNameRule,
  type WorkOrderStatus,
} from '../../src/api/work-order-rules';
import { firstError } from '../../src/api/rules';
import { locationFailure, roundCoordinate } from '../../src/lib/coords';
import { workOrderCondition, workOrderReach } from '../http/access';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { maskPhone } from '../http/session';
import { touches } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { dayOf } from '../lib/time';
import { chargeRuleGroupId, checkShareRule, insertShareRuleVersion } from './share-rules';
import { siteNameTaken } from './site';
import { senderName, sendNoticeSms } from '../domain/sms-notice';

/**
 * Installation work orders (C-mine.md /mine/workOrder, online, working, working/installDetail; Business rule 17;
 * entities.md §86–§87, R12.1–R12.2). The state machine is enforced here, each move in one transaction that re-reads the
 * order's status under a row lock, so that a stale screen gets "工单状态已变更" and nothing moves twice:
 *
 * - 1 待审核 → 2 已驳回 (reason 2–200) or → 3 施工中 with a site of the operator (an existing one, or one made by
 *   addSite in status 2 建设中) and a builder (an existing builder of the operator, or a new Account of accountType 5
 *   under the operator, whose phone must be free);
 * - 3 施工中 / 6 验收驳回 → 4 待验收 by the builder, once he has confirmed the training and ≥ 1 charging box is bound to
 *   the site;
 * - 4 → 5 已完成 (the site goes 1 运营中) or → 6 验收驳回 (content required) by the operator.
 *
 * Who reaches which order is http/access.ts workOrderReach (the operator's people; a builder only his own); operator
 * actions are for accountTypes 1, 2, 4, the builder's for 5.
 */

const OPERATOR_SIDE = { permission: 'workOrder', accountTypes: [1, 2, 4] } as const;
const BUILDER_SIDE = { permission: 'workOrder', accountTypes: [5] } as const;
const ANY_SIDE = { permission: 'workOrder', accountTypes: [1, 2, 4, 5] } as const;

const id = (name: string) =>
  z.coerce
    .number({ error: `缺少${name}` })
    .int()
    .positive(`${name}不合法`);
const bodyId = (name: string) =>
  z
    .number({ error: `缺少${name}` })
    .int()
    .positive(`${name}不合法`);

/** The row columns shared by the list and the detail (alias w = work_order). */
const ROW_COLUMNS = `w.id, w.order_no, w.status, w.apply_type, w.applicant_name, w.applicant_phone, w.comm_name,
  w.province, w.city, w.area, w.address, w.expect_box_count, w.expect_socket_count, w.apply_time, w.site_name,
  b.name as builder_name, b.phone as builder_phone, w.approve_time, w.training_confirmed,
  (select count(*)::int from device d where d.site_id = w.station_id and d.device_type between 1 and 3)
    as installed_box_count`;

type RawRow = Omit<WorkOrderRow, 'applicantPhone'> & { applicantPhone: string };

function rowOf(r: RawRow): WorkOrderRow {
  return {
    ...r,
    id: Number(r.id),
    status: Number(r.status) as WorkOrderStatus,
    applyType: Number(r.applyType) as 1 | 2 | 3,
    applicantPhone: maskPhone(r.applicantPhone),
    approveTime: r.approveTime === null ? null : Number(r.approveTime),
    applyTime: Number(r.applyTime),
    trainingConfirmed: Number(r.trainingConfirmed) as 0 | 1,
  };
}

/** Reads the order under a row lock inside `tx` and refuses it unless its status is one of `allowed`. */
async function lockedOrder(tx: Db, orderId: number, allowed: readonly WorkOrderStatus[]) {
  const order = await one<{
    id: number;
    status: number;
    merchantId: number;
    stationId: number | null;
    builderId: number | null;
    trainId: number | null;
    trainingConfirmed: number;
  }>(
    tx,
    `select id, status, merchant_id, station_id, builder_id, train_id, training_confirmed
     from work_order where id = $1 for update`,
    [orderId],
  );
  if (!order || !allowed.includes(Number(order.status) as WorkOrderStatus)) {
    throw new BizError(INVALID, STALE_WORK_ORDER);
  }
  return order;
}

/** The current training (highest version) — the one an approved order is given. */
async function currentTrainId(db: Db): Promise<number | null> {
  const row = await one<{ id: number }>(db, 'select id from train_info order by version desc, id desc limit 1');
  return row ? Number(row.id) : null;
}

/** The installation work orders' endpoints. */
export function workOrderRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/third/getOrderCountOfWait — the tab badges (a builder's own orders only).
  api.get(
    '/api/third/getOrderCountOfWait',
    { ...ANY_SIDE, input: z.object({}), touches: touches.account },
    async ({ scope }) => {
      const reach = workOrderCondition(await workOrderReach(scope), 1);
      const counts = await one<WaitCounts>(
        db,
        `select count(*) filter (where w.status = 1)::int as wait_approve_count,
                count(*) filter (where w.status = 4)::int as wait_accept_count
         from work_order w where ${reach.sql}`,
        reach.params,
      );
      return counts ?? { waitApproveCount: 0, waitAcceptCount: 0 };
    },
  );

  // GET /api/third/getPagedOrderListOfAnt — orders of a status (3 also returns 6), newest application first.
  api.get(
    '/api/third/getPagedOrderListOfAnt',
    {
      ...ANY_SIDE,
      input: z.object({
        status: z.coerce.number({ error: '缺少状态' }).int().min(1, '状态不合法').max(6, '状态不合法'),
        keyword: z.string().trim().max(30, WORK_ORDER_MESSAGES.keyword).optional(),
        pageNum: z.coerce.number({ error: 'pageNum 须为正整数' }).int().min(1, 'pageNum 须为正整数'),
        pageSize: z.coerce.number({ error: 'pageSize 须为正整数' }).int().min(1).max(100, 'pageSize 最大为100'),
      }),
      touches: touches.account,
    },
    async ({ scope, input: q }) => {
      const reach = workOrderCondition(await workOrderReach(scope), 1);
      const statuses = q.status === 3 ? [3, 6] : [q.status];
      const params: unknown[] = [...reach.params, statuses];
      let where = `${reach.sql} and w.status = any($4::smallint[])`;
      if (q.keyword) {
        params.push(`%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
        where += ` and (w.comm_name ilike $5 or w.applicant_phone like $5)`;
      }
      const total = await scalar(db, `select count(*) from work_order w where ${where}`, params);
      params.push(q.pageSize, (q.pageNum - 1) * q.pageSize);
      const list = await rows<RawRow>(
        db,
        `select ${ROW_COLUMNS} from work_order w left join account b on b.id = w.builder_id
         where ${where} order by w.apply_time desc, w.id desc limit $${params.length - 1} offset $${params.length}`,
        params,
      );
      return { list: list.map(rowOf), total };
    },
  );

  // GET /api/third/getOrderDetail — the full order, its site's boxes and the operator's sites (nearest first).
  api.get(
    '/api/third/getOrderDetail',
    { ...ANY_SIDE, input: z.object({ id: id('工单 id') }), touches: touches.workOrder('id') },
    async ({ scope, target }) => {
      const raw = await one<
        RawRow & {
          merchantId: number;
          socketType: number;
          parkingSpaces: number;
          hasPower: number;
          photos: string[];
          remark: string;
          longitude: number | null;
          latitude: number | null;
          checkStatus: number;
          applyApprovedContent: string | null;
          approverName: string | null;
          onlineSite: number | null;
          stationId: number | null;
          builderId: number | null;
          trainConfirmTime: number | null;
          submitTime: number | null;
          achievementRemark: string | null;
          acceptContent: string | null;
          acceptTime: number | null;
          finishTime: number | null;
          siteStatus: number | null;
        }
      >(
        db,
        `select ${ROW_COLUMNS}, w.merchant_id, w.socket_type, w.parking_spaces, w.has_power, w.photos, w.remark,
                w.longitude, w.latitude, w.check_status, w.apply_approved_content, w.approver_name, w.online_site,
                w.station_id, w.builder_id, w.train_confirm_time, w.submit_time, w.achievement_remark,
                w.accept_content, w.accept_time, w.finish_time,
                (select st.status from site st where st.id = w.station_id) as site_status
         from work_order w left join account b on b.id = w.builder_id where w.id = $1`,
        [target.id],
      );
      if (!raw) throw new BizError(INVALID, '工单不存在或无权查看');
      const devices = raw.stationId
        ? await rows<{ serialNumber: string; socketCount: number; status: number }>(
            db,
            `select d.serial_number, (select count(*)::int from charger c where c.device_id = d.id) as socket_count,
                    d.status
             from device d where d.site_id = $1 and d.device_type between 1 and 3 order by d.bind_time, d.id`,
            [raw.stationId],
          )
        : [];
      // The sites a review may link: the caller's own (scope), nearest to the application first.
      const siteList = await rows<WorkOrderSiteOption>(
        db,
        `select id as site_id, name as site_name, concat(province, city, area, address) as address from site
         where id = any($1::bigint[]) and deleted = 0 and operator_id = $2
         order by (longitude - $3::float8) ^ 2 + (latitude - $4::float8) ^ 2 nulls last, id`,
        [await scope.siteIds(), scope.ownerId, raw.longitude ?? 0, raw.latitude ?? 0],
      );
      const num = (v: number | null) => (v === null ? null : Number(v));
      const data: WorkOrderDetail = {
        ...rowOf(raw),
        // The detail offers a call to the applicant (C-mine.md installDetail 申请信息): the number in full.
        applicantPhone: raw.applicantPhone,
        commId: Number(raw.merchantId),
        socketType: Number(raw.socketType) as 10 | 12,
        parkingSpaces: Number(raw.parkingSpaces),
        hasPower: Number(raw.hasPower) as 0 | 1,
        photos: raw.photos,
        remark: raw.remark,
        longitude: raw.longitude,
        latitude: raw.latitude,
        checkStatus: Number(raw.status) >= 2 ? (Number(raw.checkStatus) as 1 | 2) : null,
        applyApprovedContent: raw.applyApprovedContent,
        approverName: raw.approverName,
        onlineSite: raw.onlineSite === null ? null : (Number(raw.onlineSite) as 1 | 2),
        stationId: num(raw.stationId),
        siteStatus: raw.siteStatus === null ? null : (Number(raw.siteStatus) as 1 | 2 | 3),
        builderId: num(raw.builderId),
        trainConfirmTime: num(raw.trainConfirmTime),
        submitTime: num(raw.submitTime),
        achievementRemark: raw.achievementRemark,
        acceptContent: raw.acceptContent,
        acceptTime: num(raw.acceptTime),
        finishTime: num(raw.finishTime),
        devices: devices.map((d) => ({
          serialNumber: d.serialNumber,
          socketCount: Number(d.socketCount),
          status: Number(d.status) as 1 | 2 | 3,
        })),
        siteList: siteList.map((s) => ({ ...s, siteId: Number(s.siteId) })),
      };
      return data;
    },
  );

  // GET /api/third/getUserListByCommId — the builders of the caller's operator, with their orders in progress.
  api.get(
    '/api/third/getUserListByCommId',
    { ...OPERATOR_SIDE, input: z.object({ commId: id('运营商 commId') }), touches: touches.account },
    async ({ scope, input: q }) => {
      // commId names the operator; the caller reaches its own operator's builders only.
      if (q.commId !== scope.ownerId) return [];
      const list = await rows<BuilderOption>(
        db,
        `select a.id as builder_id, a.name, a.phone,
                (select count(*)::int from work_order w where w.builder_id = a.id and w.status in (3, 4, 6))
                  as ongoing_count
         from account a where a.account_type = 5 and a.main_account_id = $1 and a.status = 1 order by a.id`,
        [scope.ownerId],
      );
      return list.map((b) => ({ ...b, builderId: Number(b.builderId) }));
    },
  );

  // POST /api/third/addSite — the order's new site, in status 2 建设中 (rule 17), the operator's default terms.
  api.post(
    '/api/third/addSite',
    {
      ...OPERATOR_SIDE,
      input: z.object({
        orderId: bodyId('工单 orderId'),
        name: workOrderSiteNameRule,
        province: z.string().trim().min(1, '请选择所在地区').max(20),
        city: z.string().trim().min(1, '请选择所在地区').max(20),
        area: z.string().trim().min(1, '请选择所在地区').max(20),
        address: z.string().trim().min(2, '请输入详细地址').max(100, '详细地址最多100个字'),
        longitude: z.number({ error: '缺少经度' }).min(-180).max(180),
        latitude: z.number({ error: '缺少纬度' }).min(-90).max(90),
      }),
      touches: touches.workOrder('orderId'),
    },
    async ({ caller, input: body }) => {
      const longitude = roundCoordinate(body.longitude);
      const latitude = roundCoordinate(body.latitude);
      const area = locationFailure(longitude, latitude, { name: body.province });
      if (area) throw new BizError(INVALID, area);
      const at = now();
      const stationId = await db.transaction(async (tx) => {
        await lockedOrder(tx, body.orderId, [1]);
        if (await siteNameTaken(tx, caller.ownerId, body.name)) throw new BizError(INVALID, SITE_NAME_TAKEN);
        const owner = await one<{ name: string; phone: string | null; servicePhone: string }>(
          tx,
          'select name, phone, service_phone from account where id = $1',
          [caller.ownerId],
        );
        const rule = await checkShareRule(tx, { operatorId: caller.ownerId, merchantId: null }, DEFAULT_SHARE_RULE);
        const groupId = await chargeRuleGroupId(tx, caller.ownerId, DEFAULT_CHARGE_RULE, at);
        const site = await one<{ id: number }>(
          tx,
          `insert into site (operator_id, name, province, city, area, address, longitude, latitude, contacts,
             contacts_phone, service_phone, merchant_id, charge_rule, charge_rule_group_id, status, deleted,
             audit_status, create_time, update_time)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, null, $12, $13, 2, 0, 0, $14, $14) returning id`,
          [
            caller.ownerId,
            body.name,
            body.province,
            body.city,
            body.area,
            body.address,
            longitude,
            latitude,
            owner?.name ?? '',
            owner?.phone ?? '',
            owner?.servicePhone ?? '',
            JSON.stringify(DEFAULT_CHARGE_RULE),
            groupId,
            at,
          ],
        );
        const siteId = Number(site?.id);
        await insertShareRuleVersion(tx, siteId, rule, {
          status: 1,
          effectiveDate: dayOf(at),
          submitUserId: caller.account.id,
          now: at,
        });
        return siteId;
      });
      return { stationId };
    },
  );

  // POST /api/third/approvalBuildOrder — the review of a 待审核 order (1 → 3 with a site and a builder, or 1 → 2).
  api.post(
    '/api/third/approvalBuildOrder',
    {
      ...OPERATOR_SIDE,
      input: z.object({
        id: bodyId('工单 id'),
        checkStatus: z.union([z.literal(1), z.literal(2)], { error: '审核结果不合法' }),
        applyApprovedContent: z.string().trim().max(200, WORK_ORDER_MESSAGES.rejectReason).default(''),
        onlineSite: z.union([z.literal(1), z.literal(2)]).optional(),
        stationId: bodyId('站点 stationId').optional(),
        builderId: bodyId('施工人员 builderId').optional(),
        builderName: z.string().optional(),
        builderPhone: z.string().optional(),
        builderPassword: z.string().optional(),
      }),
      touches: touches.workOrder('id'),
    },
    async ({ caller, scope, input: body }) => {
      const at = now();
      const fail = (message: string): never => {
        throw new BizError(INVALID, message);
      };
      if (body.checkStatus === 2) {
        const refusal = firstError(rejectReasonRule, body.applyApprovedContent);
        if (refusal) fail(refusal);
        await db.transaction(async (tx) => {
          await lockedOrder(tx, body.id, [1]);
          await tx.query(
            `update work_order set status = 2, check_status = 2, apply_approved_content = $2, approver_name = $3,
               approve_time = $4, update_time = $4 where id = $1`,
            [body.id, body.applyApprovedContent, caller.account.name, at],
          );
        });
        return { status: 2 };
      }
      if (body.stationId === undefined) return fail(WORK_ORDER_MESSAGES.siteRequired);
      // The site must be one the caller may act on as its owner (a site of its operator within its data scope).
      const site = await scope.site(body.stationId, 'own', { missing: '站点不存在或无权查看' });
      const newBuilder = body.builderId === undefined;
      if (newBuilder) {
        const refusal =
          firstError(builderNameRule, body.builderName ?? '') ??
          firstError(builderPhoneRule, body.builderPhone ?? '') ??
          firstError(builderPasswordRule, body.builderPassword ?? '');
        if (refusal) fail(refusal);
      }
      const passwordHash = newBuilder ? await bcrypt.hash(body.builderPassword ?? '', 8) : null;
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, body.id, [1]);
        let builderId: number;
        if (newBuilder) {
          const phone = body.builderPhone ?? '';
          if (await scalar(tx, 'select count(*) from account where phone = $1', [phone])) {
            fail(WORK_ORDER_MESSAGES.builderPhoneTaken);
          }
          const name = (body.builderName ?? '').trim();
          const created = await one<{ id: number }>(
            tx,
            `insert into account (account_type, phone, password_hash, name, short_name, contacts, contact_phone,
               parent_id, main_account_id, status, permissions, create_time, update_time)
             values (5, $1, $2, $3, $3, $3, $1, $4, $4, 1, $5, $6, $6) returning id`,
            [phone, passwordHash, name, Number(order.merchantId), DEFAULT_PERMISSIONS[5], at],
          );
          builderId = Number(created?.id);
        } else {
          builderId = body.builderId ?? 0;
          const builder = await scalar(
            tx,
            'select count(*) from account where id = $1 and account_type = 5 and main_account_id = $2 and status = 1',
            [builderId, Number(order.merchantId)],
          );
          if (!builder) fail(WORK_ORDER_MESSAGES.builderRequired);
        }
        await tx.query(
          `update work_order set status = 3, check_status = 1, apply_approved_content = $2, approver_name = $3,
             approve_time = $4, online_site = $5, station_id = $6, site_name = $7, builder_id = $8, train_id = $9,
             training_confirmed = 0, train_confirm_time = null, update_time = $4
           where id = $1`,
          [
            body.id,
            body.applyApprovedContent,
            caller.account.name,
            at,
            body.onlineSite ?? 1,
            site.id,
            site.name,
            builderId,
            await currentTrainId(tx),
          ],
        );
        // "审核通过，已短信通知施工人员" (C-mine.md installDetail): the builder is told by SMS.
        const builder = await one<{ phone: string }>(tx, 'select phone from account where id = $1', [builderId]);
        await sendNoticeSms(
          tx,
          builder?.phone ?? '',
          `【${await senderName(tx, Number(order.merchantId))}】安装工单已审核通过，请到「${site.name}」施工，登录充电运营管理平台查看。`,
          at,
          { limited: false },
        );
        return { status: 3, builderId };
      });
    },
  );

  // GET /api/train/getTrainInfo — the training of an order (its own, else the current one).
  api.get(
    '/api/train/getTrainInfo',
    { ...ANY_SIDE, input: z.object({ orderId: id('工单 orderId') }), touches: touches.workOrder('orderId') },
    async ({ target }) => {
      const order = await one<{ trainId: number | null; trainingConfirmed: number; trainConfirmTime: number | null }>(
        db,
        'select train_id, training_confirmed, train_confirm_time from work_order where id = $1',
        [target.id],
      );
      const trainId = order?.trainId ?? (await currentTrainId(db));
      const train = trainId
        ? await one<{ id: number; title: string; content: string; videoUrl: string | null }>(
            db,
            'select id, title, content, video_url from train_info where id = $1',
            [trainId],
          )
        : null;
      if (!train) throw new BizError(INVALID, '暂无培训资料');
      const data: TrainInfo = {
        trainId: Number(train.id),
        title: train.title,
        content: train.content,
        videoUrl: train.videoUrl,
        confirmed: Number(order?.trainingConfirmed ?? 0) as 0 | 1,
        confirmTime: order?.trainConfirmTime === null || !order ? null : Number(order.trainConfirmTime),
      };
      return data;
    },
  );

  // POST /api/third/updateTrainingConfirm — the builder confirms the training of his order (status 3 or 6).
  api.post(
    '/api/third/updateTrainingConfirm',
    {
      ...BUILDER_SIDE,
      input: z.object({ orderId: bodyId('工单 orderId'), trainId: bodyId('培训 trainId') }),
      touches: touches.workOrder('orderId'),
    },
    async ({ input: body }) => {
      const at = now();
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, body.orderId, [3, 6]);
        if (order.trainId !== null && Number(order.trainId) !== body.trainId) {
          throw new BizError(INVALID, '培训资料已更新，请重新查看');
        }
        if (Number(order.trainingConfirmed) === 1) {
          const time = await scalar(tx, 'select coalesce(train_confirm_time, 0) from work_order where id = $1', [
            body.orderId,
          ]);
          return { confirmTime: time };
        }
        await tx.query(
          `update work_order set training_confirmed = 1, train_confirm_time = $2, train_id = $3, update_time = $2
           where id = $1`,
          [body.orderId, at, body.trainId],
        );
        return { confirmTime: at };
      });
    },
  );

  // POST /api/third/submitBuildAchievement (PROPOSED) — the builder submits for acceptance (3 / 6 → 4).
  api.post(
    '/api/third/submitBuildAchievement',
    {
      ...BUILDER_SIDE,
      input: z.object({
        orderId: bodyId('工单 orderId'),
        remark: z.string().trim().max(200, '施工说明最多200个字').default(''),
      }),
      touches: touches.workOrder('orderId'),
    },
    async ({ input: body }) => {
      const at = now();
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, body.orderId, [3, 6]);
        if (Number(order.trainingConfirmed) !== 1) throw new BizError(INVALID, WORK_ORDER_MESSAGES.trainingFirst);
        const boxes = order.stationId
          ? await scalar(tx, 'select count(*) from device where site_id = $1 and device_type between 1 and 3', [
              order.stationId,
            ])
          : 0;
        if (boxes < 1) throw new BizError(INVALID, WORK_ORDER_MESSAGES.noDevice);
        await tx.query(
          `update work_order set status = 4, submit_time = $2, achievement_remark = $3, update_time = $2 where id = $1`,
          [body.orderId, at, body.remark],
        );
        return { status: 4 as const };
      });
    },
  );

  // POST /api/third/approvalBuildAchievement — the operator's acceptance (4 → 5, the site 运营中; or 4 → 6).
  api.post(
    '/api/third/approvalBuildAchievement',
    {
      ...OPERATOR_SIDE,
      input: z.object({
        orderId: bodyId('工单 orderId'),
        result: z.union([z.literal(1), z.literal(2)], { error: '验收结果不合法' }),
        content: z.string().trim().max(200, '验收意见最多200个字').default(''),
      }),
      touches: touches.workOrder('orderId'),
    },
    async ({ input: body }) => {
      if (body.result === 2) {
        const refusal = firstError(rectifyRule, body.content);
        if (refusal) throw new BizError(INVALID, refusal);
      }
      const at = now();
      return db.transaction(async (tx) => {
        const order = await lockedOrder(tx, body.orderId, [4]);
        if (body.result === 2) {
          await tx.query(
            `update work_order set status = 6, accept_content = $2, accept_time = $3, update_time = $3 where id = $1`,
            [body.orderId, body.content, at],
          );
          return { status: 6 as const };
        }
        await tx.query(
          `update work_order set status = 5, accept_content = $2, accept_time = $3, finish_time = $3, update_time = $3
           where id = $1`,
          [body.orderId, body.content || '验收通过', at],
        );
        // Rule 17: acceptance puts the order's site in operation (a site made for it was 建设中).
        if (order.stationId !== null) {
          await tx.query('update site set status = 1, update_time = $2 where id = $1 and status = 2', [
            order.stationId,
            at,
          ]);
        }
        return { status: 5 as const };
      });
    },
  );

  return api.app;
}
