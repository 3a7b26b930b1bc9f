import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type {
  BatchResult,
  BindSite,
  CardChargeRow,
  CardDetail,
  CardRechargeRow,
  CardRow,
  CardUser,
  ResetRecord,
  RiderCard,
  RiderLicense,
  SiteAvailableRule,
} from '../../src/api/card';
import {
  ADD_CARD_MAX,
  AREA_SITE_MAX,
  BATCH_BIND_MAX,
  CARD_KEYWORD_MAX,
  CARD_NO_MESSAGE,
  CARD_NO_PATTERN,
  CARD_PHONE_MESSAGE,
  cardRemarkRule,
  holderNameRule,
  licenseRule,
  remainDaysOf,
  resumedEndDate,
  rfidRule,
  type CardType,
} from '../../src/api/card-rules';
import { PHONE_PATTERN } from '../../src/api/rules';
import { acceptedCardTypes, cardChargeModeOf, feeTiersOf, priceDescOf, siteRuleOf } from '../domain/cards';
import type { Scope } from '../http/access';
import { endpoints } from '../http/endpoint';
import { BizError, INVALID } from '../http/envelope';
import { touches, type CardTarget } from '../http/touch';
import { one, rows, scalar, type Db } from '../lib/db';
import { dayOf, startOfDay } from '../lib/time';

/**
 * The card screens' endpoints (C-mine.md /mine/card and its children; Business rules 1, 4–7; entities.md §29–§34,
 * R7): the hub's rider search, the lists by type, a card's detail, fee rule and RFID, the holder's data, freezing and
 * month-card pauses, the bound sites, adding cards (numbers unique platform-wide) and the cancellation records. The
 * money actions (recharge, activation, factory reset, old-card replacement) are in card-money.ts, the recharge
 * settings in card-settings.ts.
 *
 * Who sees a card (rule 1, sandbox/http/touch.ts `card`): the owner (运营商, 代理商) and its sub-accounts — one limited to
 * some sites only cards bound to a site of its scope. Lists take the sites from the caller's Scope. Reading needs
 * card:view, changing card:edit (403 无操作权限 otherwise).
 */

const id = (what: string) =>
  z.coerce
    .number({ error: `缺少${what}` })
    .int(`${what}不合法`)
    .positive(`${what}不合法`);
const bodyId = (what: string) =>
  z
    .number({ error: `缺少${what}` })
    .int(`${what}不合法`)
    .positive(`${what}不合法`);
const paging = {
  pageNum: z.coerce.number({ error: '缺少 pageNum' }).int().min(1, 'pageNum 须为正整数'),
  pageSize: z.coerce.number({ error: '缺少 pageSize' }).int().min(1).max(100, 'pageSize 最大为100'),
};
const keyword = z.string().trim().max(CARD_KEYWORD_MAX, `搜索关键词最多${CARD_KEYWORD_MAX}个字`).optional();
const cardIdQuery = z.object({ cardId: id('卡片 cardId') });
const cardNoSchema = z.string({ error: '请输入卡号' }).trim().regex(CARD_NO_PATTERN, CARD_NO_MESSAGE);

/** Account types that hold cards (owners and their sub-accounts). */
const CARD_ACCOUNTS = [1, 2, 4] as const;

/**
 * The SQL condition (on alias `c`) and parameters selecting the cards a caller sees: its owner's, and for a limited
 * sub-account only those bound to a site of its scope. Parameters start at `$from`.
 */
export async function cardScope(scope: Scope, from = 1): Promise<{ where: string; params: unknown[] }> {
  if (!scope.limited) return { where: `c.merchant_id = $${from}`, params: [scope.ownerId] };
  return {
    where: `c.merchant_id = $${from} and exists (select 1 from card_site cs where cs.card_id = c.id
            and cs.site_id = any($${from + 1}::bigint[]))`,
    params: [scope.ownerId, await scope.siteIds()],
  };
}

/** Columns of a card list row (alias `c`, rider `u`). */
const ROW_COLUMNS = `c.id as card_id, c.card_no, c.card_type, c.status, c.holder_name, c.phone, c.balance, c.give_balance,
  (select cs.site_id from card_site cs where cs.card_id = c.id order by cs.site_id limit 1) as site_id,
  (select s.name from card_site cs join site s on s.id = cs.site_id where cs.card_id = c.id order by cs.site_id limit 1)
    as site_name,
  (select count(*) from card_site cs where cs.card_id = c.id)::int as site_count,
  c.last_use_time, c.template_name, c.start_date, c.end_date, u.nickname, c.create_time`;

type RawRow = Omit<CardRow, 'remainDays'>;

/** A list row with numbers as numbers and the month card's days left. */
function cardRowOf(r: RawRow, today: string): CardRow {
  return {
    ...r,
    cardId: Number(r.cardId),
    cardType: Number(r.cardType) as CardType,
    status: Number(r.status) as CardRow['status'],
    balance: Number(r.balance),
    giveBalance: Number(r.giveBalance),
    siteId: r.siteId === null ? null : Number(r.siteId),
    siteCount: Number(r.siteCount),
    lastUseTime: r.lastUseTime === null ? null : Number(r.lastUseTime),
    createTime: Number(r.createTime),
    remainDays: Number(r.cardType) === 2 ? remainDaysOf(r.endDate, today) : null,
  };
}

/** The card row of a card the caller may see (for the money and settings modules). */
export async function cardRowById(db: Db, cardId: number): Promise<CardFull> {
  const card = await one<CardFull>(db, 'select * from card where id = $1', [cardId]);
  if (!card) throw new BizError(INVALID, '卡片不存在');
  return normaliseCard(card);
}

/** A card row as the card modules use it (table card, camelCase, numbers). */
export interface CardFull {
  id: number;
  cardNo: string;
  cardType: CardType;
  merchantId: number;
  status: number;
  holderName: string;
  phone: string;
  userId: number | null;
  licenseNumber: string;
  rfidNo: string | null;
  balance: number;
  giveBalance: number;
  chargeRuleGroupId: number | null;
  templateId: number | null;
  templateName: string | null;
  startDate: string | null;
  endDate: string | null;
  pauseDate: string | null;
  pauseTime: number | null;
  dailyTimesLimit: number | null;
  maxMinutesPerCharge: number | null;
  maxPowerW: number | null;
  activeTime: number | null;
  lastUseTime: number | null;
  remark: string;
  createTime: number;
}

function normaliseCard(c: CardFull): CardFull {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...c,
    id: Number(c.id),
    cardType: Number(c.cardType) as CardType,
    merchantId: Number(c.merchantId),
    status: Number(c.status),
    userId: n(c.userId),
    balance: Number(c.balance),
    giveBalance: Number(c.giveBalance),
    chargeRuleGroupId: n(c.chargeRuleGroupId),
    templateId: n(c.templateId),
    pauseTime: n(c.pauseTime),
    dailyTimesLimit: n(c.dailyTimesLimit),
    maxMinutesPerCharge: n(c.maxMinutesPerCharge),
    maxPowerW: n(c.maxPowerW),
    activeTime: n(c.activeTime),
    lastUseTime: n(c.lastUseTime),
    createTime: Number(c.createTime),
  };
}

/** The rider account with that phone (the first registered), or null. */
async function riderByPhone(db: Db, phone: string): Promise<{ id: number; nickname: string } | null> {
  const rider = await one<{ id: number; nickname: string }>(
    db,
    'select id, nickname from rider_user where phone = $1 order by id limit 1',
    [phone],
  );
  return rider ? { id: Number(rider.id), nickname: rider.nickname } : null;
}

/** The rider id of a holder's phone (cards are linked to the rider account when it exists). */
export async function riderIdOf(db: Db, phone: string): Promise<number | null> {
  return (await riderByPhone(db, phone))?.id ?? null;
}

/** The sites a request names, each one of the caller's own sites (its scope), else BizError. */
async function ownSites(scope: Scope, siteIds: readonly number[]): Promise<void> {
  await scope.everySite(siteIds, 'scope');
}

/**
 * Checks a set of sites for cards of `cardType` (rule 6): types 1, 2 and 4 exactly one site, type 3 one to fifty sites
 * of one rule group (that of `ruleId` when given); every site accepts the type (siteAvailableRule). Resolves the rule
 * group of the sites.
 */
export async function checkBinding(db: Db, cardType: CardType, siteIds: readonly number[], ruleId?: number | null) {
  if (siteIds.length === 0) throw new BizError(INVALID, '请选择适用站点');
  if (cardType !== 3 && siteIds.length !== 1) throw new BizError(INVALID, '该类卡片只能绑定一个站点');
  if (siteIds.length > AREA_SITE_MAX) throw new BizError(INVALID, `最多绑定${AREA_SITE_MAX}个站点`);
  let group: number | null = ruleId ?? null;
  for (const siteId of siteIds) {
    const site = await siteRuleOf(db, siteId);
    if (!site) throw new BizError(INVALID, '站点不存在或无权查看');
    if (!(await acceptedCardTypes(db, siteId)).includes(cardType)) {
      throw new BizError(INVALID, `该站点未开通${cardType === 2 ? '站点月卡' : '此类卡片'}`);
    }
    if (cardType === 3) {
      if (group !== null && site.ruleId !== group) throw new BizError(INVALID, '所选站点收费规则不一致');
      group = site.ruleId;
    }
  }
  return { ruleGroupId: cardType === 3 ? group : null };
}

/** The detail of a card (C-mine.md card/tab/list/info "Calls"). */
export async function cardDetailOf(db: Db, cardId: number, now: number): Promise<CardDetail> {
  const c = await cardRowById(db, cardId);
  const today = dayOf(now);
  const sites = await rows<{ siteId: number; siteName: string }>(
    db,
    `select s.id as site_id, s.name as site_name from card_site cs join site s on s.id = cs.site_id
     where cs.card_id = $1 order by s.id`,
    [cardId],
  );
  const totals = await one<{ totalRecharge: number }>(
    db,
    `select coalesce(sum(pay_amount - refund_amount - coalesce(return_amount, 0)), 0) as total_recharge
     from card_recharge where card_id = $1 and status in (1, 2)`,
    [cardId],
  );
  const use = await one<{ consume: number; count: number; today: number }>(
    db,
    `select coalesce(sum(amount - refund_amount) filter (where status in (2, 3, 4)), 0) as consume,
            count(*) filter (where status <> 5) as count,
            count(*) filter (where status <> 5 and start_time >= $2) as today
     from charge_order where card_id = $1`,
    [cardId, startOfDay(today)],
  );
  const nickname = c.userId
    ? ((await one<{ nickname: string }>(db, 'select nickname from rider_user where id = $1', [c.userId]))?.nickname ??
      null)
    : null;
  return {
    cardId: c.id,
    cardNo: c.cardNo,
    cardType: c.cardType,
    status: c.status as CardDetail['status'],
    holderName: c.holderName,
    phone: c.phone,
    licenseNumber: c.licenseNumber,
    balance: c.balance,
    giveBalance: c.giveBalance,
    sites: sites.map((s) => ({ siteId: Number(s.siteId), siteName: s.siteName })),
    ruleId: c.chargeRuleGroupId,
    activeTime: c.activeTime,
    lastUseTime: c.lastUseTime,
    createTime: c.createTime,
    remark: c.remark,
    totalRecharge: Number(totals?.totalRecharge ?? 0),
    totalConsume: Number(use?.consume ?? 0),
    chargeCount: Number(use?.count ?? 0),
    nickname,
    templateId: c.templateId,
    templateName: c.templateName,
    startDate: c.startDate,
    endDate: c.endDate,
    remainDays:
      c.cardType === 2
        ? c.status === 6 && c.pauseDate
          ? remainDaysOf(c.endDate, c.pauseDate)
          : remainDaysOf(c.endDate, today)
        : null,
    dailyTimesLimit: c.dailyTimesLimit,
    usedTimesToday: Number(use?.today ?? 0),
    maxMinutesPerCharge: c.maxMinutesPerCharge,
    maxPowerW: c.maxPowerW,
    pauseDate: c.status === 6 ? c.pauseDate : null,
  };
}

/** The card endpoints of this module (see the module docstring). */
export function cardRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);
  const view = { permission: 'card:view', accountTypes: CARD_ACCOUNTS } as const;
  const edit = { permission: 'card:edit', accountTypes: CARD_ACCOUNTS } as const;

  // GET /api/card/cardUserList — riders (or holders) with this phone among the caller's cards (hub search).
  api.get(
    '/api/card/cardUserList',
    {
      ...view,
      input: z.object({ phone: z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, CARD_PHONE_MESSAGE) }),
      touches: touches.sites,
    },
    async ({ scope, input: { phone } }) => {
      const s = await cardScope(scope, 2);
      const list = await rows<{
        userId: number | null;
        nickname: string | null;
        holderName: string;
        cardCount: number;
      }>(
        db,
        `select c.user_id, u.nickname, max(c.holder_name) as holder_name, count(*)::int as card_count
         from card c left join rider_user u on u.id = c.user_id
         where c.phone = $1 and c.status <> 4 and ${s.where}
         group by c.user_id, u.nickname order by c.user_id nulls last`,
        [phone, ...s.params],
      );
      const out: CardUser[] = list.map((r) => ({
        userId: r.userId === null ? null : Number(r.userId),
        nickname: r.nickname || r.holderName || '持卡人',
        phone,
        cardCount: Number(r.cardCount),
      }));
      return out;
    },
  );

  // GET /api/card/cardListByUserId — the caller's cards of one rider (or of a holder's phone).
  api.get(
    '/api/card/cardListByUserId',
    {
      ...view,
      input: z
        .object({
          userId: id('用户 userId').optional(),
          phone: z.string().trim().regex(PHONE_PATTERN, CARD_PHONE_MESSAGE).optional(),
        })
        .refine((q) => q.userId !== undefined || q.phone !== undefined, '缺少用户 userId'),
      touches: touches.sites,
    },
    async ({ scope, input: q }) => {
      const s = await cardScope(scope, 2);
      const list = await rows<RiderCard & { siteNames: string[] | null }>(
        db,
        `select c.id as card_id, c.card_no, c.card_type, c.status, c.balance, c.give_balance, c.end_date,
           array(select s.name from card_site cs join site s on s.id = cs.site_id where cs.card_id = c.id order by s.id)
             as site_names
         from card c where ${q.userId !== undefined ? 'c.user_id = $1' : 'c.phone = $1 and c.user_id is null'}
           and c.status <> 4 and ${s.where}
         order by c.card_type, c.id`,
        [q.userId ?? q.phone, ...s.params],
      );
      return list.map((c) => ({
        cardId: Number(c.cardId),
        cardNo: c.cardNo,
        cardType: Number(c.cardType) as CardType,
        status: Number(c.status) as RiderCard['status'],
        balance: Number(c.balance),
        giveBalance: Number(c.giveBalance),
        ...(c.endDate ? { endDate: c.endDate } : {}),
        siteNames: c.siteNames ?? [],
      }));
    },
  );

  // GET the list of each card type (selectCardList 1, monthCardList 2, cardList 3, getsiteecardlist 4).
  const listPaths: Record<CardType, string> = {
    1: '/api/card/selectCardList',
    2: '/api/card/monthCardList',
    3: '/api/card/cardList',
    4: '/api/card/getsiteecardlist',
  };
  for (const cardType of [1, 2, 3, 4] as const) {
    api.get(
      listPaths[cardType],
      {
        ...view,
        input: z.object({
          status: z.coerce.number().int().min(1).max(6, '状态不合法').optional(),
          siteId: id('站点 siteId').optional(),
          keyword,
          ...paging,
        }),
        touches: touches.optionalSite('siteId', 'scope'),
      },
      async ({ scope, input: q, target }) => {
        const s = await cardScope(scope, 3);
        const params: unknown[] = [cardType, q.status ?? null, ...s.params];
        let where = `c.card_type = $1 and c.status <> 4 and ($2::int is null or c.status = $2) and ${s.where}`;
        if (target) {
          params.push(target.id);
          where += ` and exists (select 1 from card_site cs where cs.card_id = c.id and cs.site_id = $${params.length})`;
        }
        if (q.keyword) {
          params.push(`%${q.keyword}%`);
          const k = `$${params.length}`;
          where += ` and (c.card_no ilike ${k} or c.phone like ${k} or c.holder_name like ${k} or u.nickname like ${k})`;
        }
        const from = `from card c left join rider_user u on u.id = c.user_id where ${where}`;
        const total = await one<{ total: number; balanceSum: number }>(
          db,
          `select count(*)::int as total, coalesce(sum(c.balance + c.give_balance), 0) as balance_sum ${from}`,
          params,
        );
        const list = await rows<RawRow>(
          db,
          `select ${ROW_COLUMNS} ${from} order by c.create_time desc, c.id desc
           limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
          params,
        );
        const today = dayOf(now());
        return {
          list: list.map((r) => cardRowOf(r, today)),
          total: Number(total?.total ?? 0),
          balanceSum: cardType === 2 ? 0 : Number(total?.balanceSum ?? 0),
        };
      },
    );
  }

  // GET the detail of a card (selectCardDetail 1/4, monthCardDetail 2, cardDetail 3): another type's card is unknown.
  const detailPaths: [string, readonly CardType[]][] = [
    ['/api/card/selectCardDetail', [1, 4]],
    ['/api/card/monthCardDetail', [2]],
    ['/api/card/cardDetail', [3]],
  ];
  for (const [path, types] of detailPaths) {
    api.get(path, { ...view, input: cardIdQuery, touches: touches.card('cardId') }, async ({ target }) => {
      if (!types.includes(target.cardType as CardType)) throw new BizError(INVALID, '卡片不存在');
      return cardDetailOf(db, target.id, now());
    });
  }

  // GET /api/card/cardFeeCharge — how the card's (first) site charges.
  api.get(
    '/api/card/cardFeeCharge',
    { ...view, input: cardIdQuery, touches: touches.card('cardId') },
    async ({ target }) => {
      const siteId = target.siteIds[0];
      const site = siteId === undefined ? null : await siteRuleOf(db, siteId);
      if (!site) throw new BizError(INVALID, '卡片未绑定站点');
      if (target.cardType === 2) {
        return {
          chargeMode: site.chargeRule.billingMode,
          priceDesc: `月卡套餐内免费充电（站点规则：${priceDescOf(site.chargeRule)}）`,
          tiers: feeTiersOf(site.chargeRule),
        };
      }
      const mode = await cardChargeModeOf(db, site);
      return { ...mode, tiers: mode.chargeMode === 3 ? [] : feeTiersOf(site.chargeRule) };
    },
  );

  // GET /api/card/RFIDDetail — the RFID tag of a month card.
  api.get(
    '/api/card/RFIDDetail',
    { ...view, input: cardIdQuery, touches: touches.card('cardId') },
    async ({ target }) => {
      const row = await one<{ rfidNo: string | null; updateTime: number }>(
        db,
        'select rfid_no, update_time from card where id = $1',
        [target.id],
      );
      return row?.rfidNo ? { rfidNo: row.rfidNo, bindTime: Number(row.updateTime) } : { rfidNo: null };
    },
  );

  // GET /api/card/getLicenseNumber — the plates of the rider with this phone, when the rider holds a card the caller
  // may see (cardScope, as cardUserList and cardListByUserId): another operator's rider, or a rider of sites outside a
  // sub-account's, gets [] (issue 31, fault 6: any account with card:view read anyone's plates by phone).
  api.get(
    '/api/card/getLicenseNumber',
    {
      ...view,
      input: z.object({ phone: z.string({ error: '请输入手机号' }).trim().regex(PHONE_PATTERN, CARD_PHONE_MESSAGE) }),
      touches: touches.sites,
    },
    async ({ scope, input: { phone } }) => {
      const s = await cardScope(scope, 2);
      const list = await rows<RiderLicense>(
        db,
        `select l.license_number, t.name as car_type_name from rider_license l
         join rider_user u on u.id = l.user_id join car_type t on t.id = l.car_type_id
         where u.phone = $1
           and exists (select 1 from card c where (c.user_id = u.id or c.phone = u.phone) and c.status <> 4
             and ${s.where})
         order by l.id`,
        [phone, ...s.params],
      );
      return list;
    },
  );

  // POST /api/card/updateCard — 编辑持卡人信息 (phone required once the card is active).
  api.post(
    '/api/card/updateCard',
    {
      ...edit,
      input: z.object({
        cardId: bodyId('卡片 cardId'),
        holderName: z.string().trim().pipe(holderNameRule),
        phone: z.string().trim(),
        licenseNumber: z.string().trim().pipe(licenseRule),
        remark: z.string().trim().pipe(cardRemarkRule),
      }),
      touches: touches.card('cardId'),
    },
    async ({ input: body, target }) => {
      if (target.cardType === 4) throw new BizError(INVALID, '电子卡由用户线上管理，不可编辑');
      if (body.phone !== '' && !PHONE_PATTERN.test(body.phone)) throw new BizError(INVALID, CARD_PHONE_MESSAGE);
      if (body.phone === '' && target.status !== 1) throw new BizError(INVALID, '请输入持卡人手机号');
      await db.query(
        `update card set holder_name = $2, phone = $3, license_number = $4, remark = $5, user_id = $6, update_time = $7
         where id = $1`,
        [
          target.id,
          body.holderName,
          body.phone,
          body.licenseNumber,
          body.remark,
          body.phone ? await riderIdOf(db, body.phone) : null,
          now(),
        ],
      );
      return null;
    },
  );

  // POST /api/card/updateRFID — the RFID tag of a month card, unique among cards.
  api.post(
    '/api/card/updateRFID',
    {
      ...edit,
      input: z.object({
        cardId: bodyId('卡片 cardId'),
        rfidNo: z.string({ error: '请输入RFID标签号' }).trim().pipe(rfidRule),
      }),
      touches: touches.card('cardId'),
    },
    async ({ input: body, target }) => {
      if (target.cardType !== 2) throw new BizError(INVALID, '只有站点月卡可绑定RFID标签');
      const rfid = body.rfidNo.toUpperCase();
      const other = await scalar(db, 'select count(*) from card where upper(rfid_no) = $1 and id <> $2', [
        rfid,
        target.id,
      ]);
      if (other > 0) throw new BizError(INVALID, '该RFID标签已绑定其他卡');
      await db.query('update card set rfid_no = $2, update_time = $3 where id = $1', [target.id, rfid, now()]);
      return null;
    },
  );

  // POST /api/card/updateCardStatus — 冻结 (3 → 2) and 解冻 (2 → 3) of value cards and e-cards (rule 4).
  api.post(
    '/api/card/updateCardStatus',
    {
      ...edit,
      input: z.object({
        cardId: bodyId('卡片 cardId'),
        status: z.union([z.literal(2), z.literal(3)], { error: '状态只能为2冻结或3解冻' }),
      }),
      touches: touches.card('cardId'),
    },
    async ({ input: body, target }) => {
      if (target.cardType === 2) throw new BizError(INVALID, '月卡请使用停卡/恢复');
      const from = body.status === 2 ? 3 : 2;
      const changed = await db.query('update card set status = $2, update_time = $3 where id = $1 and status = $4', [
        target.id,
        body.status,
        now(),
        from,
      ]);
      if (!changed.affectedRows)
        throw new BizError(INVALID, body.status === 2 ? '只有正常的卡可以冻结' : '只有已冻结的卡可以解冻');
      return { status: body.status };
    },
  );

  // POST /api/card/stopOrUnfreezeMonthCard — 停卡 (3 → 6) and 恢复 (6 → 3, endDate pushed back; rule 4).
  api.post(
    '/api/card/stopOrUnfreezeMonthCard',
    {
      ...edit,
      input: z.object({
        cardId: bodyId('卡片 cardId'),
        action: z.union([z.literal(1), z.literal(2)], { error: '操作只能为1停卡或2恢复' }),
      }),
      touches: touches.card('cardId'),
    },
    async ({ input: body, target }) => {
      if (target.cardType !== 2) throw new BizError(INVALID, '只有站点月卡可以停卡');
      const at = now();
      return db.transaction(async (tx) => {
        const card = await cardRowById(tx, target.id);
        if (body.action === 1) {
          if (card.status !== 3) throw new BizError(INVALID, '只有正常的月卡可以停卡');
          await tx.query(
            'update card set status = 6, pause_date = $2, pause_time = $3, update_time = $3 where id = $1',
            [card.id, dayOf(at), at],
          );
          return { status: 6 as const, endDate: card.endDate };
        }
        if (card.status !== 6 || !card.endDate) throw new BizError(INVALID, '只有已停卡的月卡可以恢复');
        const pausedAt = card.pauseTime ?? startOfDay(card.pauseDate ?? dayOf(at));
        const endDate = resumedEndDate(card.endDate, pausedAt, at);
        const status = endDate < dayOf(at) ? 5 : 3;
        await tx.query(
          'update card set status = $2, end_date = $3, pause_date = null, pause_time = null, update_time = $4 where id = $1',
          [card.id, status, endDate, at],
        );
        return { status, endDate };
      });
    },
  );

  // GET /api/card/queryCardRecharge — a card's recharges, newest first, with the list's sums.
  api.get(
    '/api/card/queryCardRecharge',
    { ...view, input: z.object({ cardId: id('卡片 cardId'), ...paging }), touches: touches.card('cardId') },
    async ({ input: q, target }) => {
      const sums = await one<{ total: number; pay: number; give: number }>(
        db,
        `select count(*)::int as total, coalesce(sum(pay_amount), 0) as pay, coalesce(sum(give_amount), 0) as give
         from card_recharge where card_id = $1`,
        [target.id],
      );
      const list = await rows<CardRechargeRow>(
        db,
        `select id, recharge_no, type, channel, pay_type, pay_amount, give_amount, balance_after, give_balance_after,
           period_start, period_end, operator_name, remark, create_time
         from card_recharge where card_id = $1 order by create_time desc, id desc limit $2 offset $3`,
        [target.id, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      return {
        list: list.map((r) => ({
          ...r,
          id: Number(r.id),
          type: Number(r.type) as CardRechargeRow['type'],
          channel: Number(r.channel) as 1 | 2,
          payType: Number(r.payType),
          payAmount: Number(r.payAmount),
          giveAmount: Number(r.giveAmount),
          balanceAfter: Number(r.balanceAfter),
          giveBalanceAfter: Number(r.giveBalanceAfter),
          createTime: Number(r.createTime),
        })),
        total: Number(sums?.total ?? 0),
        payAmountSum: Number(sums?.pay ?? 0),
        giveAmountSum: Number(sums?.give ?? 0),
      };
    },
  );

  // GET /api/user/checkChargeRecords — the card's charging sessions of a month.
  api.get(
    '/api/user/checkChargeRecords',
    {
      ...view,
      input: z.object({
        cardId: id('卡片 cardId'),
        month: z.string({ error: '缺少月份' }).regex(/^20\d{2}-(0[1-9]|1[0-2])$/, '月份格式应为YYYY-MM'),
        ...paging,
      }),
      touches: touches.card('cardId'),
    },
    async ({ input: q, target }) => {
      if (q.month > dayOf(now()).slice(0, 7)) throw new BizError(INVALID, '不能查询未来月份');
      const from = startOfDay(`${q.month}-01`);
      const [y, m] = q.month.split('-').map(Number) as [number, number];
      const next = startOfDay(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`);
      const where = 'o.card_id = $1 and o.start_time >= $2 and o.start_time < $3 and o.status <> 5';
      const sums = await one<{ total: number; amount: number }>(
        db,
        `select count(*)::int as total, coalesce(sum(o.amount - o.refund_amount), 0) as amount from charge_order o where ${where}`,
        [target.id, from, next],
      );
      const list = await rows<CardChargeRow>(
        db,
        `select o.id as order_id, o.order_no, s.name as site_name, o.serial_number, o.socket_no, o.start_time,
           o.duration_minutes, o.amount - o.refund_amount as amount, o.status, o.end_reason
         from charge_order o join site s on s.id = o.site_id where ${where}
         order by o.start_time desc, o.id desc limit $4 offset $5`,
        [target.id, from, next, q.pageSize, (q.pageNum - 1) * q.pageSize],
      );
      return {
        list: list.map((r) => ({
          ...r,
          orderId: Number(r.orderId),
          socketNo: Number(r.socketNo),
          startTime: Number(r.startTime),
          durationMinutes: Number(r.durationMinutes),
          amount: Number(r.amount),
          status: Number(r.status),
          endReason: r.endReason === null ? null : Number(r.endReason),
        })),
        total: Number(sums?.total ?? 0),
        countSum: Number(sums?.total ?? 0),
        amountSum: Number(sums?.amount ?? 0),
      };
    },
  );

  // GET /api/card/getCardBindSite — the sites a card is bound to, with their rules.
  api.get(
    '/api/card/getCardBindSite',
    { ...view, input: cardIdQuery, touches: touches.card('cardId') },
    async ({ target }) => bindSites(db, 'cs.card_id = $1', [target.id], 'limit 100'),
  );

  // GET /api/card/bindSiteList — the sites of a card, paged.
  api.get(
    '/api/card/bindSiteList',
    { ...view, input: z.object({ cardId: id('卡片 cardId'), ...paging }), touches: touches.card('cardId') },
    async ({ input: q, target }) => {
      const total = await scalar(db, 'select count(*) from card_site where card_id = $1', [target.id]);
      const list = await bindSites(
        db,
        'cs.card_id = $1',
        [target.id],
        `limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
      );
      return { list, total };
    },
  );

  // GET /api/card/unbindSiteList — own sites the card is not bound to (all own sites without cardId), with sameRule.
  api.get(
    '/api/card/unbindSiteList',
    { ...view, input: z.object({ cardId: id('卡片 cardId').optional(), keyword, ...paging }), touches: touches.sites },
    async ({ scope, input: q }) => {
      let card: CardTarget | null = null;
      if (q.cardId !== undefined) card = await touches.card('cardId').resolve(db, scope, { cardId: q.cardId });
      const ids = await scope.siteIds();
      const params: unknown[] = [ids];
      let where = 's.id = any($1::bigint[]) and s.deleted = 0';
      if (card) {
        params.push(card.id);
        where += ` and not exists (select 1 from card_site cs where cs.card_id = $${params.length} and cs.site_id = s.id)`;
      }
      if (q.keyword) {
        params.push(`%${q.keyword}%`);
        where += ` and (s.name like $${params.length} or s.address like $${params.length})`;
      }
      const total = await scalar(db, `select count(*) from site s where ${where}`, params);
      const list = await rows<BindSite>(
        db,
        `select s.id as site_id, s.name as site_name, s.address, s.charge_rule_group_id as rule_id, g.name as rule_name
         from site s join charge_rule_group g on g.id = s.charge_rule_group_id where ${where}
         order by s.id limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
        params,
      );
      const ruleId = card
        ? await scalar(db, 'select coalesce(charge_rule_group_id, 0) from card where id = $1', [card.id])
        : 0;
      const cardSites = card ? card.siteIds : [];
      const firstRule =
        !ruleId && cardSites[0] !== undefined ? ((await siteRuleOf(db, cardSites[0]))?.ruleId ?? 0) : ruleId;
      return {
        list: list.map((s) => ({
          ...s,
          siteId: Number(s.siteId),
          ruleId: Number(s.ruleId),
          sameRule: !card || card.cardType !== 3 || !firstRule || Number(s.ruleId) === firstRule,
        })),
        total,
      };
    },
  );

  // POST /api/card/updateCardBindSite — types 1/2 move to exactly one other site (rule 6).
  api.post(
    '/api/card/updateCardBindSite',
    {
      ...edit,
      input: z.object({
        cardId: bodyId('卡片 cardId'),
        siteIds: z.array(bodyId('站点 siteId'), { error: '请选择站点' }).length(1, '请选择一个站点'),
      }),
      touches: touches.card('cardId'),
    },
    async ({ scope, input: body, target }) => {
      if (target.cardType !== 1 && target.cardType !== 2) {
        throw new BizError(
          INVALID,
          target.cardType === 4 ? '电子卡由用户线上购买，不可更换站点' : '区域储值卡请在绑定站点中添加或解绑',
        );
      }
      await ownSites(scope, body.siteIds);
      await checkBinding(db, target.cardType as CardType, body.siteIds);
      const siteId = body.siteIds[0] as number;
      if (target.siteIds.length === 1 && target.siteIds[0] === siteId) throw new BizError(INVALID, '卡片已绑定该站点');
      const at = now();
      await db.transaction(async (tx) => {
        await tx.query('delete from card_site where card_id = $1', [target.id]);
        await tx.query('insert into card_site (card_id, site_id, create_time, update_time) values ($1, $2, $3, $3)', [
          target.id,
          siteId,
          at,
        ]);
        const rule = await siteRuleOf(tx, siteId);
        await tx.query('update card set charge_rule_group_id = $2, update_time = $3 where id = $1', [
          target.id,
          rule?.ruleId ?? null,
          at,
        ]);
      });
      return null;
    },
  );

  // POST /api/card/updateBindSite — adds and removes sites of an area card (1–50 sites of one rule; rule 6).
  api.post(
    '/api/card/updateBindSite',
    {
      ...edit,
      input: z.object({
        cardId: bodyId('卡片 cardId'),
        addSiteIds: z.array(bodyId('站点 siteId')).max(AREA_SITE_MAX, `最多绑定${AREA_SITE_MAX}个站点`).default([]),
        removeSiteIds: z.array(bodyId('站点 siteId')).max(AREA_SITE_MAX).default([]),
      }),
      touches: touches.card('cardId'),
    },
    async ({ scope, input: body, target }) => {
      if (target.cardType !== 3) throw new BizError(INVALID, '只有区域储值卡可以绑定多个站点');
      await ownSites(scope, [...body.addSiteIds, ...body.removeSiteIds]);
      const next = [...new Set([...target.siteIds.filter((s) => !body.removeSiteIds.includes(s)), ...body.addSiteIds])];
      if (next.length === 0) throw new BizError(INVALID, '区域储值卡至少保留一个站点');
      if (next.length > AREA_SITE_MAX) throw new BizError(INVALID, `最多绑定${AREA_SITE_MAX}个站点`);
      const group = await scalar(db, 'select coalesce(charge_rule_group_id, 0) from card where id = $1', [target.id]);
      const { ruleGroupId } = await checkBinding(db, 3, next, group || null);
      const at = now();
      await db.transaction(async (tx) => {
        await tx.query('delete from card_site where card_id = $1 and site_id = any($2::bigint[])', [
          target.id,
          body.removeSiteIds,
        ]);
        for (const siteId of body.addSiteIds) {
          await tx.query(
            `insert into card_site (card_id, site_id, create_time, update_time) values ($1, $2, $3, $3) on conflict do nothing`,
            [target.id, siteId, at],
          );
        }
        await tx.query('update card set charge_rule_group_id = $2, update_time = $3 where id = $1', [
          target.id,
          ruleGroupId,
          at,
        ]);
      });
      return { siteCount: next.length };
    },
  );

  // POST /api/card/updateBatchBindSite — binds several area cards to sites at once (1 追加, 2 覆盖).
  api.post(
    '/api/card/updateBatchBindSite',
    {
      ...edit,
      input: z.object({
        cardIds: z
          .array(bodyId('卡片 cardId'), { error: '请选择卡片' })
          .min(1, '请选择卡片')
          .max(BATCH_BIND_MAX, `单次最多选择${BATCH_BIND_MAX}张卡`),
        siteIds: z
          .array(bodyId('站点 siteId'), { error: '请选择站点' })
          .min(1, '请选择站点')
          .max(AREA_SITE_MAX, `最多绑定${AREA_SITE_MAX}个站点`),
        mode: z.union([z.literal(1), z.literal(2)], { error: '模式只能为1追加或2覆盖' }),
      }),
      touches: touches.sites,
    },
    async ({ scope, input: body }) => {
      await ownSites(scope, body.siteIds);
      const result: BatchResult = { successCount: 0, failList: [] };
      const at = now();
      for (const cardId of [...new Set(body.cardIds)]) {
        let card: CardTarget;
        try {
          card = await touches.card('cardId').resolve(db, scope, { cardId });
        } catch {
          result.failList.push({ cardNo: String(cardId), reason: '卡片不存在' });
          continue;
        }
        if (card.cardType !== 3) {
          result.failList.push({ cardNo: card.cardNo, reason: '只有区域储值卡可以批量绑定' });
          continue;
        }
        const next = body.mode === 2 ? body.siteIds : [...new Set([...card.siteIds, ...body.siteIds])];
        try {
          const { ruleGroupId } = await checkBinding(db, 3, next, body.mode === 2 ? null : null);
          await db.transaction(async (tx) => {
            if (body.mode === 2) await tx.query('delete from card_site where card_id = $1', [card.id]);
            for (const siteId of body.siteIds) {
              await tx.query(
                'insert into card_site (card_id, site_id, create_time, update_time) values ($1, $2, $3, $3) on conflict do nothing',
                [card.id, siteId, at],
              );
            }
            await tx.query('update card set charge_rule_group_id = $2, update_time = $3 where id = $1', [
              card.id,
              ruleGroupId,
              at,
            ]);
          });
          result.successCount += 1;
        } catch (error) {
          if (!(error instanceof BizError)) throw error;
          result.failList.push({ cardNo: card.cardNo, reason: error.message });
        }
      }
      return result;
    },
  );

  // GET /api/card/siteBindCardNum — cards (not cancelled) bound to each of the given own sites.
  api.get(
    '/api/card/siteBindCardNum',
    {
      ...view,
      input: z.object({
        siteIds: z
          .string({ error: '缺少站点 siteIds' })
          .regex(/^\d+(,\d+)*$/, '站点 siteIds 须为逗号分隔的数字')
          .transform((v) => v.split(',').map(Number)),
      }),
      touches: touches.sites,
    },
    async ({ scope, input: q }) => {
      const mine = new Set(await scope.siteIds());
      const ids = q.siteIds.filter((s) => mine.has(s));
      const list = await rows<{ siteId: number; cardCount: number }>(
        db,
        `select s.id as site_id, (select count(*) from card_site cs join card c on c.id = cs.card_id
           where cs.site_id = s.id and c.status <> 4)::int as card_count
         from site s where s.id = any($1::bigint[]) order by s.id`,
        [ids],
      );
      return list.map((r) => ({ siteId: Number(r.siteId), cardCount: Number(r.cardCount) }));
    },
  );

  // GET /api/card/siteAvailableRule — the site's fee rule and the card types it accepts (rule 6, R7.2).
  api.get(
    '/api/card/siteAvailableRule',
    { ...view, input: z.object({ siteId: id('站点 siteId') }), touches: touches.site('siteId', 'scope') },
    async ({ target }) => {
      const site = await siteRuleOf(db, target.id);
      if (!site) throw new BizError(INVALID, '站点不存在或无权查看');
      const mode = await cardChargeModeOf(db, site);
      const data: SiteAvailableRule = {
        ruleId: site.ruleId,
        ruleName: site.ruleName,
        chargeMode: mode.chargeMode,
        priceDesc: mode.priceDesc,
        cardTypes: await acceptedCardTypes(db, site.siteId),
      };
      return data;
    },
  );

  // POST /api/card/cardIsBindOtherSite — numbers already held by any card of any merchant (rule 5).
  api.post(
    '/api/card/cardIsBindOtherSite',
    {
      ...edit,
      input: z.object({
        cardNos: z
          .array(cardNoSchema, { error: '请添加卡号' })
          .min(1, '请添加卡号')
          .max(ADD_CARD_MAX, `单次最多添加${ADD_CARD_MAX}张`),
      }),
      touches: touches.none,
    },
    async ({ input: body }) => ({ boundList: await boundNumbers(db, body.cardNos) }),
  );

  // POST /api/card/addCard (types 1, 2) and /api/card/add (type 3): new cards in stock, bound to their sites.
  for (const [path, types] of [
    ['/api/card/addCard', [1, 2]],
    ['/api/card/add', [3]],
  ] as const) {
    api.post(
      path,
      {
        ...edit,
        input: z.object({
          cardType: z.number({ error: '缺少卡片类型' }).int(),
          cardNos: z
            .array(cardNoSchema, { error: '请添加卡号' })
            .min(1, '请添加卡号')
            .max(ADD_CARD_MAX, `单次最多添加${ADD_CARD_MAX}张`),
          siteIds: z.array(bodyId('站点 siteId'), { error: '请选择适用站点' }).min(1, '请选择适用站点'),
          remark: z.string().trim().pipe(cardRemarkRule).optional(),
        }),
        touches: touches.sites,
      },
      async ({ scope, input: body }) => {
        const cardType = body.cardType as CardType;
        if (!(types as readonly number[]).includes(cardType)) {
          throw new BizError(INVALID, cardType === 4 ? '电子卡由用户线上购买，不可添加' : '卡片类型不合法');
        }
        const numbers = body.cardNos.map((n) => n.toUpperCase());
        if (new Set(numbers).size !== numbers.length) throw new BizError(INVALID, '卡号重复');
        await ownSites(scope, body.siteIds);
        const { ruleGroupId } = await checkBinding(db, cardType, body.siteIds);
        const at = now();
        const result: BatchResult = { successCount: 0, failList: [] };
        await db.transaction(async (tx) => {
          for (const cardNo of numbers) {
            // The number is unique platform-wide (rule 5): one statement claims it, so two requests cannot both add it.
            const inserted = await one<{ id: number }>(
              tx,
              `insert into card (card_no, card_type, merchant_id, status, charge_rule_group_id, remark, create_time,
                 update_time)
               select $1, $2, $3, 1, $4, $5, $6, $6
               where not exists (select 1 from card where upper(card_no) = $1)
               on conflict (card_no) do nothing returning id`,
              [cardNo, cardType, scope.ownerId, ruleGroupId, body.remark ?? '', at],
            );
            if (!inserted) {
              result.failList.push({ cardNo, reason: '卡号已存在' });
              continue;
            }
            for (const siteId of body.siteIds) {
              await tx.query(
                'insert into card_site (card_id, site_id, create_time, update_time) values ($1, $2, $3, $3)',
                [inserted.id, siteId, at],
              );
            }
            result.successCount += 1;
          }
        });
        return result;
      },
    );
  }

  // GET /api/card/resetCardList — 注销记录 of the caller's cards, newest first.
  api.get(
    '/api/card/resetCardList',
    {
      ...view,
      input: z.object({
        cardType: z.coerce.number().int().min(1).max(3, '卡片类型不合法').optional(),
        keyword,
        ...paging,
      }),
      touches: touches.sites,
    },
    async ({ scope, input: q }) => {
      const s = await cardScope(scope, 2);
      const params: unknown[] = [q.cardType ?? null, ...s.params];
      let where = `($1::int is null or r.card_type = $1) and ${s.where}`;
      if (q.keyword) {
        params.push(`%${q.keyword}%`);
        where += ` and (r.card_no ilike $${params.length} or r.phone like $${params.length})`;
      }
      const from = `from card_reset_record r join card c on c.id = r.card_id where ${where}`;
      const total = await scalar(db, `select count(*) ${from}`, params);
      const list = await rows<ResetRecord & { siteNames: string }>(
        db,
        `select r.id, r.card_id, r.card_no, r.card_type, r.holder_name, r.phone, r.cleared_balance,
           r.cleared_give_balance, r.month_end_date, r.remain_days, r.reason, r.reason_remark, r.site_names,
           r.operator_name, r.reset_time
         ${from} order by r.reset_time desc, r.id desc limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`,
        params,
      );
      return {
        list: list.map((r) => ({
          ...r,
          id: Number(r.id),
          cardId: Number(r.cardId),
          cardType: Number(r.cardType) as CardType,
          clearedBalance: Number(r.clearedBalance),
          clearedGiveBalance: Number(r.clearedGiveBalance),
          remainDays: r.remainDays === null ? null : Number(r.remainDays),
          reason: Number(r.reason) as ResetRecord['reason'],
          siteNames: r.siteNames ? String(r.siteNames).split('、') : [],
          resetTime: Number(r.resetTime),
        })),
        total,
      };
    },
  );

  return api.app;
}

/** The rows of sites matched by `where` on card_site `cs` (with their rules). */
async function bindSites(db: Db, where: string, params: unknown[], tail: string): Promise<BindSite[]> {
  const list = await rows<BindSite>(
    db,
    `select s.id as site_id, s.name as site_name, s.address, s.charge_rule_group_id as rule_id, g.name as rule_name
     from card_site cs join site s on s.id = cs.site_id join charge_rule_group g on g.id = s.charge_rule_group_id
     where ${where} order by s.id ${tail}`,
    params,
  );
  return list.map((s) => ({ ...s, siteId: Number(s.siteId), ruleId: Number(s.ruleId) }));
}

/** The numbers of `cardNos` held by any card (any merchant), with the card's site and merchant names (rule 5). */
export async function boundNumbers(
  db: Db,
  cardNos: readonly string[],
): Promise<{ cardNo: string; siteName: string; merchantName: string }[]> {
  const list = await rows<{ cardNo: string; siteName: string | null; merchantName: string }>(
    db,
    `select c.card_no, (select s.name from card_site cs join site s on s.id = cs.site_id where cs.card_id = c.id
       order by s.id limit 1) as site_name, coalesce(nullif(a.short_name, ''), a.name) as merchant_name
     from card c join account a on a.id = c.merchant_id where upper(c.card_no) = any($1::text[]) order by c.card_no`,
    [cardNos.map((n) => n.toUpperCase())],
  );
  return list.map((r) => ({ cardNo: r.cardNo, siteName: r.siteName ?? '未绑定站点', merchantName: r.merchantName }));
}
