import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type {
  ArrearsOweAmount,
  CommOweAmount,
  EntityChangeApply,
  MerchantEntity,
  MerchantEntityProperty,
  MerchantSignStatus,
  RevenueCurve,
  RevenueFigures,
  RevenuePoint,
  SettleCard,
  WalletBalance,
  WithdrawCard,
  WithdrawMode,
} from '../../src/api/income';
import type { Scope } from '../http/access';
import { endpoints } from '../http/endpoint';
import { maskPhone } from '../http/session';
import { touches } from '../http/touch';
import { one, rows, scalar } from '../lib/db';
import { DAY_MS, addDays, addMonths, dayOf, startOfDay } from '../lib/time';
import { incomeBetween } from './home';

/**
 * The income home's endpoints (D-income.md §1 "/income — 收入", §0.1–§0.3; entities.md §47, §51, §56, §66, §69, §78,
 * §81, §82, R3, R4, R6), computed from the database at query time: the wallet row (equal to the ledger), the revenue
 * curve from the orders with the home page's own income computation (`incomeBetween`, so today's point equals
 * todayIncome), the withdrawal channel and auto-withdraw setting, e-sign / entity / online-bank state and open arrears.
 * Every endpoint needs `income:view` (403 无操作权限); sub-accounts act on their operator (caller.ownerId) and their
 * data scope limits the curve. Money fen, instants epoch ms, days/months Asia/Shanghai.
 */

/** Longest day span of the curve (points, inclusive). */
export const MAX_CURVE_DAYS = 92;
/** Longest month span of the curve (points, inclusive). */
export const MAX_CURVE_MONTHS = 24;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** True for a real calendar day 'YYYY-MM-DD'. */
function isDay(text: string): boolean {
  if (!DAY_RE.test(text)) return false;
  const ms = startOfDay(text);
  return Number.isFinite(ms) && dayOf(ms) === text;
}

/** Months from `a` to `b` ('YYYY-MM'), b − a. */
function monthDiff(a: string, b: string): number {
  const [ay, am] = a.split('-').map(Number) as [number, number];
  const [by, bm] = b.split('-').map(Number) as [number, number];
  return by * 12 + bm - (ay * 12 + am);
}

/** Query of revenueCurve: dimension 1 with days, 2 with months; start ≤ end; span limits. */
export const revenueCurveQuery = z
  .object({
    dimension: z.coerce
      .number({ message: '统计维度须为1（按日）或2（按月）' })
      .refine((v) => v === 1 || v === 2, '统计维度须为1（按日）或2（按月）'),
    startDate: z.string({ message: '请传入开始日期' }),
    endDate: z.string({ message: '请传入结束日期' }),
  })
  .superRefine((q, ctx) => {
    const day = q.dimension === 1;
    const valid = day ? isDay : (t: string) => MONTH_RE.test(t);
    const format = day ? '日期格式须为YYYY-MM-DD' : '月份格式须为YYYY-MM';
    if (!valid(q.startDate) || !valid(q.endDate)) {
      ctx.addIssue({ code: 'custom', message: format, path: [valid(q.startDate) ? 'endDate' : 'startDate'] });
      return;
    }
    if (q.startDate > q.endDate) {
      ctx.addIssue({ code: 'custom', message: '开始日期不能晚于结束日期', path: ['startDate'] });
      return;
    }
    const span = day
      ? Math.round((startOfDay(q.endDate) - startOfDay(q.startDate)) / DAY_MS) + 1
      : monthDiff(q.startDate, q.endDate) + 1;
    if (day && span > MAX_CURVE_DAYS) {
      ctx.addIssue({ code: 'custom', message: `按日查询跨度不能超过${MAX_CURVE_DAYS}天`, path: ['endDate'] });
    }
    if (!day && span > MAX_CURVE_MONTHS) {
      ctx.addIssue({ code: 'custom', message: `按月查询跨度不能超过${MAX_CURVE_MONTHS}个月`, path: ['endDate'] });
    }
  });

/** Keys of the curve from start to end inclusive ('YYYY-MM-DD' or 'YYYY-MM'). */
export function curveKeys(dimension: 1 | 2, startDate: string, endDate: string): string[] {
  const keys: string[] = [];
  let key = startDate;
  while (key <= endDate) {
    keys.push(key);
    key = dimension === 1 ? addDays(key, 1) : addMonths(key, 1);
  }
  return keys;
}

/** The instants [from, to) of a curve key. */
function keyWindow(dimension: 1 | 2, key: string): [number, number] {
  if (dimension === 1) return [startOfDay(key), startOfDay(addDays(key, 1))];
  return [startOfDay(`${key}-01`), startOfDay(`${addMonths(key, 1)}-01`)];
}

const ZERO: RevenueFigures = { total: 0, charge: 0, valueCard: 0, monthCard: 0, coin: 0, share: 0, refund: 0 };

/** Field-wise sum of figures. */
function addFigures(a: RevenueFigures, b: RevenueFigures): RevenueFigures {
  return {
    total: a.total + b.total,
    charge: a.charge + b.charge,
    valueCard: a.valueCard + b.valueCard,
    monthCard: a.monthCard + b.monthCard,
    coin: a.coin + b.coin,
    share: a.share + b.share,
    refund: a.refund + b.refund,
  };
}

/** Decodes a sandbox "encrypted" value ('b64:' + base64 of the text); '' for null. */
function decrypt(value: string | null | undefined): string {
  if (!value) return '';
  return value.startsWith('b64:') ? Buffer.from(value.slice(4), 'base64').toString('utf8') : value;
}

/** 3201**********123X style mask of an ID number (first 4, last 4). */
function maskIdNo(idNo: string): string {
  if (idNo.length <= 8) return idNo;
  return `${idNo.slice(0, 4)}${'*'.repeat(idNo.length - 8)}${idNo.slice(-4)}`;
}

/** Rows as the endpoints read them (camelCase of the tables). */
interface BankCardRow {
  id: number;
  cardType: 1 | 2;
  holderNameMasked: string;
  cardNoTail: string;
  bankCode: string | null;
  bankName: string;
  branchName: string | null;
  reservedPhoneEnc: string | null;
  verifyStatus: 0 | 1 | 2;
  status: number;
  bankLogo: string | null;
}

interface EntityRow {
  id: number;
  entityType: 1 | 2 | 3;
  name: string;
  licenseNo: string | null;
  licenseImage: string | null;
  licenseStart: string | null;
  licenseEnd: string | null;
  legalName: string;
  legalIdNoEnc: string;
  legalIdStart: string;
  legalIdEnd: string | null;
  idFrontImage: string;
  idBackImage: string;
  signerSameAsLegal: boolean;
  signerName: string;
  signerIdNoEnc: string;
  signerPhone: string;
  authLetterImage: string | null;
  settleAccountType: 1 | 2 | null;
  settleBankCardId: number | null;
  email: string | null;
  certStatus: 0 | 1 | 2 | 3;
  rejectReason: string | null;
  submitTime: number | null;
  certTime: number | null;
}

interface PropertyRow {
  openRequired: boolean;
  openStatus: 0 | 1 | 2 | 3 | 4 | 5;
  failReason: string | null;
  bankName: string;
  eAccountName: string | null;
  eAccountNoEnc: string | null;
  businessProvince: string;
  businessCity: string;
  businessArea: string;
  businessAddress: string;
  categoryCode: string;
  categoryName: string;
  storeImages: string[];
  contactEmail: string | null;
  applyTime: number | null;
  openTime: number | null;
}

interface SignRow {
  signStatus: 0 | 1 | 2 | 3;
  signerName: string;
  signerPhone: string;
  agreements: { agreementId: number; version: string; signedUrl: string | null }[];
  rejectReason: string | null;
  signTime: number | null;
}

const entityOf = (db: PGlite, accountId: number) =>
  one<EntityRow>(db, 'select * from merchant_entity where account_id = $1', [accountId]);

const propertyOf = (db: PGlite, accountId: number) =>
  one<PropertyRow>(db, 'select * from merchant_entity_property where account_id = $1', [accountId]);

/** A bank card with its bank's logo, or null when absent or unbound. */
async function cardOf(
  db: PGlite,
  accountId: number,
  bankCardId: number | null | undefined,
): Promise<BankCardRow | null> {
  if (bankCardId === null || bankCardId === undefined) return null;
  return one<BankCardRow>(
    db,
    `select c.*, b.bank_logo from bank_card c left join bank b on b.bank_code = c.bank_code
     where c.id = $1 and c.account_id = $2 and c.status = 1`,
    [bankCardId, accountId],
  );
}

/** The withdraw-info shape of a card (D §0.8 cashBank). */
function withdrawCard(card: BankCardRow | null): WithdrawCard | null {
  if (!card) return null;
  return {
    bankCardId: Number(card.id),
    cardType: card.cardType,
    bankName: card.bankName,
    bankLogo: card.bankLogo ?? '',
    cardNoTail: card.cardNoTail,
    holderName: card.holderNameMasked,
  };
}

/** 提现主体名称: the certified entity's name, else the account's real name, else the account name. */
async function withdrawAccountName(db: PGlite, accountId: number): Promise<string> {
  const entity = await one<{ name: string }>(
    db,
    "select name from merchant_entity where account_id = $1 and cert_status = 2 and name <> ''",
    [accountId],
  );
  if (entity) return entity.name;
  const real = await one<{ realName: string }>(db, 'select real_name from account_real_name where account_id = $1', [
    accountId,
  ]);
  if (real) return real.realName;
  const account = await one<{ name: string }>(db, 'select name from account where id = $1', [accountId]);
  return account?.name ?? '';
}

/** The revenue curve of the caller (D /income revenueCurve; R3.2–R3.3). */
async function revenueCurve(
  db: PGlite,
  scope: Scope,
  dimension: 1 | 2,
  startDate: string,
  endDate: string,
): Promise<RevenueCurve> {
  const property = scope.account.accountType === 3;
  const siteIds = await scope.siteIds();
  // A sub-account limited to some sites sees the shares of those sites only; owners see all their shares.
  const scopedShares = scope.limited;
  const points: RevenuePoint[] = [];
  for (const key of curveKeys(dimension, startDate, endDate)) {
    const [from, to] = keyWindow(dimension, key);
    const share = await scalar(
      db,
      `select coalesce(sum(amount), 0) from order_split where account_id = $1 and role in (1, 2, 5)
         and create_time >= $2 and create_time < $3 ${scopedShares ? 'and site_id = any($4::bigint[])' : ''}`,
      scopedShares ? [scope.ownerId, from, to, siteIds] : [scope.ownerId, from, to],
    );
    if (property) {
      points.push({ key, ...ZERO, share });
      continue;
    }
    const income = await incomeBetween(db, siteIds, from, to);
    points.push({
      key,
      total: income.total,
      charge: income.charge,
      valueCard: income.valueCard,
      monthCard: income.monthCard,
      coin: income.coin,
      share,
      refund: income.refund,
    });
  }
  const sum = points.reduce<RevenueFigures>((acc, p) => addFigures(acc, p), ZERO);
  return { points, sum };
}

export function incomeRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  api.get(
    '/api/account/v2/balance',
    { permission: 'income:view', input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const wallet = await one<Omit<WalletBalance, 'account'>>(
        db,
        `select balance, available_balance, frozen_amount, card_frozen_amount, withdrawing_amount, pending_income,
              total_income, total_withdraw
       from wallet where account_id = $1`,
        [ownerId],
      );
      const data: WalletBalance = {
        balance: Number(wallet?.balance ?? 0),
        availableBalance: Number(wallet?.availableBalance ?? 0),
        frozenAmount: Number(wallet?.frozenAmount ?? 0),
        cardFrozenAmount: Number(wallet?.cardFrozenAmount ?? 0),
        withdrawingAmount: Number(wallet?.withdrawingAmount ?? 0),
        pendingIncome: Number(wallet?.pendingIncome ?? 0),
        totalIncome: Number(wallet?.totalIncome ?? 0),
        totalWithdraw: Number(wallet?.totalWithdraw ?? 0),
        account: await withdrawAccountName(db, ownerId),
      };
      return data;
    },
  );

  api.get(
    '/api/user/getWithdrawMode',
    { permission: 'income:view', input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const property = await propertyOf(db, ownerId);
      const channel: 1 | 2 = property?.openStatus === 4 ? 2 : 1;
      const setting = await one<{
        autoWithdraw: 0 | 1;
        autoMode: 1 | 2 | 3;
        date: number;
        bankCardId: number | null;
        nextWithdraw: string | null;
      }>(
        db,
        'select auto_withdraw, auto_mode, date, bank_card_id, next_withdraw from withdraw_setting where account_id = $1',
        [ownerId],
      );
      let cashBank: WithdrawCard | null;
      let autoCard = withdrawCard(await cardOf(db, ownerId, setting?.bankCardId));
      if (channel === 2) {
        const entity = await entityOf(db, ownerId);
        cashBank = withdrawCard(await cardOf(db, ownerId, entity?.settleBankCardId));
        if (setting && !autoCard) autoCard = cashBank;
      } else {
        const last = await one<{ bankCardId: number | null }>(
          db,
          'select bank_card_id from withdrawal where account_id = $1 and channel = 1 order by apply_time desc, id desc limit 1',
          [ownerId],
        );
        cashBank = withdrawCard(await cardOf(db, ownerId, last?.bankCardId));
      }
      const owner = await one<{ phone: string | null }>(db, 'select phone from account where id = $1', [ownerId]);
      const data: WithdrawMode = {
        channel,
        autoWithdraw: setting?.autoWithdraw ?? 0,
        autoMode: setting?.autoMode ?? 1,
        date: setting?.date ?? 1,
        nextWithdraw: setting?.autoWithdraw === 1 ? (setting.nextWithdraw ?? null) : null,
        cashBank,
        autoCard,
        phone: maskPhone(owner?.phone),
        account: await withdrawAccountName(db, ownerId),
      };
      return data;
    },
  );

  api.get(
    '/api/account/v3/revenueCurve',
    { permission: 'income:view', input: revenueCurveQuery, touches: touches.sites },
    async ({ scope, input: query }) => {
      return revenueCurve(db, scope, query.dimension === 2 ? 2 : 1, query.startDate, query.endDate);
    },
  );

  api.get(
    '/api/merchant/esign/getMerchantSignStatus',
    { permission: 'income:view', input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const sign = await one<SignRow>(db, 'select * from merchant_sign where account_id = $1', [ownerId]);
      const account = await one<{ signStatus: 0 | 1 | 2 | 3 }>(db, 'select sign_status from account where id = $1', [
        ownerId,
      ]);
      const entity = await entityOf(db, ownerId);
      const property = await propertyOf(db, ownerId);
      const openRequired = property?.openRequired ?? false;
      const agreements = await rows<{ id: number; name: string; version: string; contentUrl: string }>(
        db,
        `select id, name, version, content_url from agreement where enabled = 1 and (scope = 1 or ($1 and scope = 2))
       order by id`,
        [openRequired],
      );
      const signed = new Map((sign?.agreements ?? []).map((a) => [Number(a.agreementId), a.signedUrl ?? null]));
      const data: MerchantSignStatus = {
        signStatus: sign?.signStatus ?? account?.signStatus ?? 0,
        rejectReason: sign?.rejectReason ?? null,
        signTime: sign?.signTime === null || sign?.signTime === undefined ? null : Number(sign.signTime),
        entityName: entity?.name ?? '',
        entityType: entity?.entityType ?? null,
        signerName: sign?.signerName || entity?.signerName || '',
        signerPhone: maskPhone(sign?.signerPhone || entity?.signerPhone || ''),
        certStatus: entity?.certStatus ?? 0,
        agreements: agreements.map((a) => ({
          agreementId: Number(a.id),
          name: a.name,
          version: a.version,
          contentUrl: a.contentUrl,
          signedUrl: signed.get(Number(a.id)) ?? null,
        })),
        openRequired,
      };
      return data;
    },
  );

  api.get(
    '/api/merchant/entity/property/getMerchantEntityProperty',
    { permission: 'income:view', input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const property = await propertyOf(db, ownerId);
      const entity = await entityOf(db, ownerId);
      const card = await cardOf(db, ownerId, entity?.settleBankCardId);
      const settleCard: SettleCard | null = card
        ? { ...(withdrawCard(card) as WithdrawCard), verifyStatus: card.verifyStatus }
        : null;
      const kyb = await one<{ status: number }>(
        db,
        'select status from kyb_verification where account_id = $1 order by apply_time desc, id desc limit 1',
        [ownerId],
      );
      const data: MerchantEntityProperty = {
        openRequired: property?.openRequired ?? false,
        openStatus: property?.openStatus ?? 0,
        failReason: property?.failReason ?? null,
        applyTime: property?.applyTime ?? null,
        openTime: property?.openTime ?? null,
        bankName: property?.bankName ?? '网商银行',
        eAccountName: property?.eAccountName ?? null,
        eAccountNo: property?.eAccountNoEnc ? decrypt(property.eAccountNoEnc) : null,
        businessProvince: property?.businessProvince ?? '',
        businessCity: property?.businessCity ?? '',
        businessArea: property?.businessArea ?? '',
        businessAddress: property?.businessAddress ?? '',
        categoryCode: property?.categoryCode ?? '',
        categoryName: property?.categoryName ?? '',
        storeImages: property?.storeImages ?? [],
        contactEmail: property?.contactEmail ?? null,
        settleCard,
        kybStatus: kyb?.status ?? 0,
      };
      return data;
    },
  );

  api.get(
    '/api/merchant/esign/getMerchantEntity',
    { permission: 'income:view', accountTypes: [1, 2, 3], input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const entity = await entityOf(db, ownerId);
      const card = await cardOf(db, ownerId, entity?.settleBankCardId);
      const change = entity
        ? await one<{
            id: number;
            applyNo: string;
            status: 1 | 2 | 3;
            changes: EntityChangeApply['changes'];
            rejectReason: string | null;
            needResign: boolean;
            applyTime: number;
            auditTime: number | null;
          }>(
            db,
            'select * from merchant_entity_change where account_id = $1 order by apply_time desc, id desc limit 1',
            [ownerId],
          )
        : null;
      // Before certification the owner edits the form, so ID numbers come back in full; masked once submitted.
      const editable = !entity || entity.certStatus === 0 || entity.certStatus === 3;
      const idNo = (enc: string | undefined) => (editable ? decrypt(enc) : maskIdNo(decrypt(enc)));
      const data: MerchantEntity = {
        entityId: entity ? Number(entity.id) : null,
        entityType: entity?.entityType ?? 1,
        certStatus: entity?.certStatus ?? 0,
        rejectReason: entity?.rejectReason ?? null,
        name: entity?.name ?? '',
        licenseNo: entity?.licenseNo ?? null,
        licenseImage: entity?.licenseImage ?? null,
        licenseStart: entity?.licenseStart ?? null,
        licenseEnd: entity?.licenseEnd ?? null,
        legalName: entity?.legalName ?? '',
        legalIdNo: idNo(entity?.legalIdNoEnc),
        legalIdStart: entity?.legalIdStart ?? '',
        legalIdEnd: entity?.legalIdEnd ?? null,
        idFrontImage: entity?.idFrontImage ?? '',
        idBackImage: entity?.idBackImage ?? '',
        signerSameAsLegal: entity?.signerSameAsLegal ?? true,
        signerName: entity?.signerName ?? '',
        signerIdNo: maskIdNo(decrypt(entity?.signerIdNoEnc)),
        signerPhone: entity?.signerPhone ?? '',
        authLetterImage: entity?.authLetterImage ?? null,
        settleAccountType: entity?.settleAccountType ?? null,
        settleBankCode: card?.bankCode ?? '',
        settleBankName: card?.bankName ?? '',
        settleBranchName: card?.branchName ?? null,
        settleCardNoMasked: card ? `**** **** **** ${card.cardNoTail}` : '',
        settleReservedPhone: maskPhone(decrypt(card?.reservedPhoneEnc)),
        email: entity?.email ?? null,
        submitTime: entity?.submitTime ?? null,
        certTime: entity?.certTime ?? null,
        changeApply: change
          ? {
              applyId: Number(change.id),
              applyNo: change.applyNo,
              status: change.status,
              changes: change.changes,
              rejectReason: change.rejectReason,
              needResign: change.needResign,
              applyTime: Number(change.applyTime),
              auditTime: change.auditTime === null ? null : Number(change.auditTime),
            }
          : null,
      };
      return data;
    },
  );

  api.get(
    '/api/account/settlement/cost/arrears/oweAmount',
    // /income reads it with income:view, /mine/sim/index's arrears banner with sim (C-mine.md)
    { permission: { anyOf: ['income:view', 'sim'] }, input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const row = await one<{ oweAmount: number; count: number }>(
        db,
        `select coalesce(sum(amount - repaid_amount), 0)::bigint as owe_amount, count(*)::int as count
       from arrears where account_id = $1 and status in (1, 2)`,
        [ownerId],
      );
      const data: ArrearsOweAmount = { oweAmount: Number(row?.oweAmount ?? 0), count: row?.count ?? 0 };
      return data;
    },
  );

  api.get(
    '/api/share/instalment/queryCommOweAmount',
    { permission: 'income:view', input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const row = await one<{ oweAmount: number; count: number }>(
        db,
        `select coalesce(sum(owe_amount - paid_amount), 0)::bigint as owe_amount, count(*)::int as count
       from fee_period where account_id = $1 and status = 3`,
        [ownerId],
      );
      const data: CommOweAmount = { oweAmount: Number(row?.oweAmount ?? 0), owePeriodCount: row?.count ?? 0 };
      return data;
    },
  );

  return api.app;
}
