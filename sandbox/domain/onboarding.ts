import { createSign, createVerify, generateKeyPairSync, randomBytes, randomInt, type KeyObject } from 'node:crypto';
import type { EntityForm } from '../../src/api/esign';
import { ENTITY_TYPE_LABELS, idCardValid, luhnValid, usccValid } from '../../src/api/income-rules';
import { BizError } from '../http/envelope';
import { maskPhone } from '../http/session';
import { one, rows, scalar, type Db } from '../lib/db';
import { stamp } from '../lib/time';
import {
  binOf,
  dec,
  enc,
  FOUR_ELEMENTS_FAILED,
  fourElementsPass,
  insertCard,
  maskAccountNo,
  maskIdNo,
  maskName,
} from './bank-cards';
import { settleHeldOrders } from './held-orders';
import { consumeSmsCode } from './sms';

/**
 * The onboarding chain of a main account (D-income.md §0.3, §5 and "Business rules: Merchant entity, e-sign,
 * online-bank account, KYB"; entities.md §78–§85): certification of the merchant entity (type 1 checked at once, types
 * 2/3 reviewed by the back office), changes after certification (reviewed), the e-signature at the provider (a signing
 * flow, the provider's page and its notifications), the online-bank account (reviewed by the bank), the corporate
 * transfer verification (KYB) and the settlement-card change. The back office and the bank answer after
 * REVIEW_DELAY_MS on the business clock (jobs/onboarding.ts), approving unless a test decided otherwise first
 * (POST /__sandbox/merchant/review). Money fen, instants epoch ms.
 */

/** The sandbox's back office and bank answer a review this long after it was asked (D: "sandbox: after 1 minute"). */
export const REVIEW_DELAY_MS = 60_000;
/** The bank remits a KYB amount this long after the application (D: "sandbox: after 10 s"). */
export const KYB_REMIT_DELAY_MS = 10_000;
/** How long a remitted KYB amount can be reported (48 h), and the wait before a new application after 4/5 (24 h). */
export const KYB_VALID_MS = 48 * 3600_000;
export const KYB_REAPPLY_MS = 24 * 3600_000;
/** KYB tries per remittance. */
export const KYB_TRIES = 3;

// ---- the entity ------------------------------------------------------------------------------------------------

/** A MerchantEntity row (entities.md §78). */
export interface EntityRow {
  id: number;
  accountId: number;
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
}

/** The account's entity, or null. */
export async function entityOf(db: Db, accountId: number): Promise<EntityRow | null> {
  const row = await one<EntityRow>(db, 'select * from merchant_entity where account_id = $1', [accountId]);
  return (
    row && {
      ...row,
      id: Number(row.id),
      accountId: Number(row.accountId),
      entityType: Number(row.entityType) as 1 | 2 | 3,
      certStatus: Number(row.certStatus) as 0 | 1 | 2 | 3,
      settleAccountType: row.settleAccountType === null ? null : (Number(row.settleAccountType) as 1 | 2),
      settleBankCardId: row.settleBankCardId === null ? null : Number(row.settleBankCardId),
      submitTime: row.submitTime === null ? null : Number(row.submitTime),
    }
  );
}

/**
 * The server's check of an entity form (D /income/edit-contract "Validation", by entity type): names, ID numbers,
 * licence, photos, signer, settlement account. Throws BizError(1) with the design's message of the first failure.
 */
export function checkEntityForm(f: EntityForm, today: string, settlement = true): void {
  const fail = (message: string) => {
    throw new BizError(1, message);
  };
  const company = f.entityType !== 1;
  if (company) {
    if (!f.name || f.name.length < 2 || f.name.length > 50) fail('请输入营业执照上的商户名称');
    if (!f.licenseNo || !usccValid(f.licenseNo)) fail('统一社会信用代码格式不正确');
    if (!f.licenseImage) fail('请上传营业执照');
    if (f.licenseEnd && (f.licenseEnd <= (f.licenseStart ?? '') || f.licenseEnd < today)) fail('营业执照已过期');
  }
  if (!PERSON.test(f.legalName)) fail('请输入正确的姓名');
  if (!idCardValid(f.legalIdNo)) fail('身份证号格式不正确');
  if (f.legalIdEnd && f.legalIdEnd <= today) fail('身份证已过期');
  if (!f.idFrontImage) fail('请上传身份证人像面');
  if (!f.idBackImage) fail('请上传身份证国徽面');
  if (!f.signerSameAsLegal) {
    if (!f.signerName || !PERSON.test(f.signerName)) fail('请输入正确的姓名');
    if (!f.signerIdNo || !idCardValid(f.signerIdNo)) fail('身份证号格式不正确');
    if (f.entityType === 3 && !f.authLetterImage) fail('请上传授权委托书');
  }
  if (!PHONE.test(f.signerPhone)) fail('请输入正确的手机号');
  if (!settlement) return;
  if (f.entityType === 1 && f.settleAccountType !== 1) fail('个人主体仅支持个人银行卡');
  if (f.entityType === 3 && f.settleAccountType !== 2) fail('企业主体仅支持对公账户');
  if (f.settleAccountType === 2) {
    if (!/^\d{8,32}$/.test(f.settleCardNo)) fail('对公账号格式不正确');
    if (!f.settleBankCode) fail('请选择开户银行');
    if (!f.settleBranchName || f.settleBranchName.length < 4 || f.settleBranchName.length > 40) {
      fail('请输入开户支行名称');
    }
  } else {
    if (!/^\d{12,19}$/.test(f.settleCardNo)) fail('银行卡号位数不正确');
    if (!luhnValid(f.settleCardNo)) fail('银行卡号校验失败，请核对');
    if (!f.settleReservedPhone || !PHONE.test(f.settleReservedPhone)) fail('请输入正确的手机号');
  }
}

const PERSON = /^[\u4e00-\u9fa5·]{2,20}$/;
const PHONE = /^1[3-9]\d{9}$/;

/**
 * Creates the entity's settlement account as a BankCard of source 2 (D: certification creates or replaces it): a
 * personal card checked by BIN (debit) and verified by the four-element check (verifyStatus 2; a failing check answers
 * 2013 unless `soft`), or a corporate account waiting for its transfer verification (verifyStatus 1). The card it
 * replaces is unbound. Answers the new card's id, or null when `soft` and the four-element check failed.
 */
async function createSettlementCard(
  tx: Db,
  accountId: number,
  holder: { name: string; idCardNo: string | null },
  account: {
    type: 1 | 2;
    cardNo: string;
    bankCode: string;
    bankName: string;
    branchName: string | null;
    phone: string | null;
  },
  at: number,
  soft: boolean,
): Promise<number | null> {
  let bankName: string;
  let bankCode = account.bankCode;
  if (account.type === 1) {
    const bin = await binOf(tx, account.cardNo.slice(0, 10));
    if (!bin) throw new BizError(2016, '无法识别该卡号所属银行');
    if (bin.cardType !== 1) throw new BizError(2012, '仅支持储蓄卡');
    if (bin.cardLength !== account.cardNo.length) throw new BizError(1, '银行卡号位数不正确');
    bankName = bin.bankName;
    bankCode = bin.bankCode;
    if (!fourElementsPass(account.cardNo)) {
      if (soft) return null;
      throw new BizError(FOUR_ELEMENTS_FAILED.code, FOUR_ELEMENTS_FAILED.message);
    }
  } else {
    const bank = await one<{ bankName: string }>(tx, 'select bank_name from bank where bank_code = $1', [bankCode]);
    if (!bank) throw new BizError(1, '请选择开户银行');
    bankName = bank.bankName;
  }
  return insertCard(
    tx,
    {
      accountId,
      cardType: account.type,
      source: 2,
      holderName: holder.name,
      idCardNo: account.type === 1 ? holder.idCardNo : null,
      cardNo: account.cardNo,
      bankCode,
      bankName,
      branchName: account.branchName,
      reservedPhone: account.type === 1 ? account.phone : null,
      verifyStatus: account.type === 1 ? 2 : 1,
    },
    at,
  );
}

/**
 * completeMerchantEntity (D): allowed while certStatus is 0 or 3 (else 2040). Writes the entity and its settlement
 * account; type 1 is checked at once (the card's four-element check) → 2 已认证 or 3 认证失败; types 2/3 → 1 审核中 for the
 * back office. Certification fixes the account's real name (type 1/2 entities take precedence over a first card) and
 * the signer of the e-sign record.
 */
export async function completeEntity(
  tx: Db,
  accountId: number,
  form: EntityForm,
  at: number,
  today: string,
): Promise<{ entityId: number; certStatus: 0 | 1 | 2 | 3; rejectReason: string | null }> {
  const existing = await entityOf(tx, accountId);
  if (existing && existing.certStatus !== 0 && existing.certStatus !== 3) {
    throw new BizError(2040, '认证信息审核中，暂不可修改');
  }
  const f = existing ? withStoredIdNos(form, existing) : form;
  checkEntityForm(f, today);
  const company = f.entityType !== 1;
  const signerName = f.signerSameAsLegal ? f.legalName : (f.signerName ?? '');
  const signerIdNo = f.signerSameAsLegal ? f.legalIdNo : (f.signerIdNo ?? '');
  const holderName = f.settleAccountType === 2 ? (f.name ?? '') : f.legalName;
  const cardId = await createSettlementCard(
    tx,
    accountId,
    { name: holderName, idCardNo: f.legalIdNo },
    {
      type: f.settleAccountType,
      cardNo: f.settleCardNo,
      bankCode: f.settleBankCode,
      bankName: f.settleBankName,
      branchName: f.settleBranchName?.trim() || null,
      phone: f.settleReservedPhone ?? null,
    },
    at,
    true,
  );
  const failed = cardId === null;
  const certStatus: 1 | 2 | 3 = failed ? 3 : company ? 1 : 2;
  const rejectReason = failed ? FOUR_ELEMENTS_FAILED.message : null;
  const values = [
    accountId,
    f.entityType,
    company ? (f.name ?? '') : f.legalName,
    company ? (f.licenseNo ?? null) : null,
    company ? (f.licenseImage ?? null) : null,
    company ? (f.licenseStart ?? null) : null,
    company ? (f.licenseEnd ?? null) : null,
    f.legalName,
    enc(f.legalIdNo),
    f.legalIdStart,
    f.legalIdEnd ?? null,
    f.idFrontImage,
    f.idBackImage,
    f.signerSameAsLegal,
    signerName,
    enc(signerIdNo),
    f.signerPhone,
    f.authLetterImage ?? null,
    f.settleAccountType,
    cardId,
    f.email?.trim() || null,
    certStatus,
    rejectReason,
    at,
  ];
  const row = await one<{ id: number }>(
    tx,
    `insert into merchant_entity (account_id, entity_type, name, license_no, license_image, license_start, license_end,
       legal_name, legal_id_no_enc, legal_id_start, legal_id_end, id_front_image, id_back_image, signer_same_as_legal,
       signer_name, signer_id_no_enc, signer_phone, auth_letter_image, settle_account_type, settle_bank_card_id, email,
       cert_status, reject_reason, submit_time, cert_time, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
       $22::smallint, $23, $24, case when $22::smallint = 2 then $24::bigint end, $24, $24)
     on conflict (account_id) do update set entity_type = excluded.entity_type, name = excluded.name,
       license_no = excluded.license_no, license_image = excluded.license_image, license_start = excluded.license_start,
       license_end = excluded.license_end, legal_name = excluded.legal_name, legal_id_no_enc = excluded.legal_id_no_enc,
       legal_id_start = excluded.legal_id_start, legal_id_end = excluded.legal_id_end,
       id_front_image = excluded.id_front_image, id_back_image = excluded.id_back_image,
       signer_same_as_legal = excluded.signer_same_as_legal, signer_name = excluded.signer_name,
       signer_id_no_enc = excluded.signer_id_no_enc, signer_phone = excluded.signer_phone,
       auth_letter_image = excluded.auth_letter_image, settle_account_type = excluded.settle_account_type,
       settle_bank_card_id = coalesce(excluded.settle_bank_card_id, merchant_entity.settle_bank_card_id),
       email = excluded.email, cert_status = excluded.cert_status, reject_reason = excluded.reject_reason,
       submit_time = excluded.submit_time, cert_time = excluded.cert_time, update_time = excluded.update_time
     returning id`,
    values,
  );
  const entityId = Number(row?.id);
  if (cardId !== null && existing?.settleBankCardId && existing.settleBankCardId !== cardId) {
    await tx.query('update bank_card set status = 2, unbind_time = $2, update_time = $2 where id = $1', [
      existing.settleBankCardId,
      at,
    ]);
  }
  await tx.query(
    `insert into merchant_sign (account_id, entity_id, sign_status, signer_name, signer_phone, create_time, update_time)
     values ($1, $2, (select sign_status from account where id = $1), $3, $4, $5, $5)
     on conflict (account_id) do update set entity_id = excluded.entity_id, signer_name = excluded.signer_name,
       signer_phone = excluded.signer_phone, update_time = excluded.update_time`,
    [accountId, entityId, signerName, f.signerPhone, at],
  );
  await tx.query(
    `insert into merchant_entity_property (entity_id, account_id, create_time, update_time) values ($1, $2, $3, $3)
     on conflict (account_id) do update set entity_id = excluded.entity_id`,
    [entityId, accountId, at],
  );
  if (certStatus === 2) await certified(tx, accountId, at);
  return { entityId, certStatus, rejectReason };
}

/**
 * The form with the stored ID numbers where it sends them back as getMerchantEntity showed them (masked, D §0.7): the
 * screen cannot know the full numbers of a submitted entity, and an unchanged masked number means "keep it".
 */
function withStoredIdNos(f: EntityForm, e: EntityRow): EntityForm {
  const legal = dec(e.legalIdNoEnc);
  const signer = dec(e.signerIdNoEnc);
  return {
    ...f,
    legalIdNo: f.legalIdNo === maskIdNo(legal) ? legal : f.legalIdNo,
    ...(f.signerIdNo !== undefined && f.signerIdNo === maskIdNo(signer) ? { signerIdNo: signer } : {}),
  };
}

/** What certification fixes: the account's real name (entities of type 1/2: the legal person). */
async function certified(tx: Db, accountId: number, at: number): Promise<void> {
  const e = await entityOf(tx, accountId);
  if (!e || e.entityType === 3) return;
  await tx.query(
    `insert into account_real_name (account_id, real_name, id_card_no_enc, source, create_time, update_time)
     values ($1, $2, $3, 2, $4, $4)
     on conflict (account_id) do update set real_name = excluded.real_name, id_card_no_enc = excluded.id_card_no_enc,
       source = 2, update_time = excluded.update_time`,
    [accountId, e.legalName, e.legalIdNoEnc, at],
  );
}

/** The back office's answer to a certification under review (1 → 2, or 3 with the reason). */
export async function reviewEntity(tx: Db, accountId: number, approve: boolean, reason: string | null, at: number) {
  const e = await entityOf(tx, accountId);
  if (!e || e.certStatus !== 1) throw new BizError(1, '没有审核中的主体认证');
  await tx.query(
    `update merchant_entity set cert_status = $2::smallint, reject_reason = $3,
       cert_time = case when $2::smallint = 2 then $4::bigint end, update_time = $4 where id = $1`,
    [e.id, approve ? 2 : 3, approve ? null : reason || '资料不符合要求', at],
  );
  if (approve) await certified(tx, accountId, at);
}

/** The fields a change application compares, with their labels and how they are shown (masked). */
const CHANGE_FIELDS: { field: keyof EntityForm; label: string; show: (v: unknown) => string }[] = [
  { field: 'entityType', label: '主体类型', show: (v) => ENTITY_TYPE_LABELS[Number(v) as 1 | 2 | 3] ?? '' },
  { field: 'name', label: '商户名称', show: (v) => String(v ?? '') },
  { field: 'licenseNo', label: '统一社会信用代码', show: (v) => String(v ?? '') },
  { field: 'legalName', label: '法定代表人', show: (v) => maskName(String(v ?? '')) },
  { field: 'legalIdNo', label: '身份证号', show: (v) => maskIdNo(String(v ?? '')) },
  { field: 'signerName', label: '签约人', show: (v) => maskName(String(v ?? '')) },
  { field: 'signerPhone', label: '签约人手机号', show: (v) => maskPhone(String(v ?? '')) },
  { field: 'email', label: '联系邮箱', show: (v) => String(v ?? '') },
];

/** The entity as an EntityForm snapshot (for comparing and applying changes). */
function snapshotOf(e: EntityRow): Partial<EntityForm> {
  return {
    entityType: e.entityType,
    name: e.name,
    licenseNo: e.licenseNo ?? '',
    legalName: e.legalName,
    legalIdNo: dec(e.legalIdNoEnc),
    signerName: e.signerName,
    signerPhone: e.signerPhone,
    email: e.email ?? '',
  };
}

/**
 * applyMerchantEntityChange (D): certStatus 2 required (else 2040) and no change under review (2043). Records the
 * changed fields (masked, old and new) and whether the agreement must be signed again (type, name or signer changed).
 */
export async function applyEntityChange(
  tx: Db,
  accountId: number,
  form: EntityForm,
  at: number,
  today: string,
): Promise<{ applyId: number; applyNo: string; status: 1; needResign: boolean }> {
  const e = await entityOf(tx, accountId);
  if (!e || e.certStatus !== 2) throw new BizError(2040, '认证信息审核中，暂不可修改');
  const open = await scalar(tx, 'select count(*) from merchant_entity_change where account_id = $1 and status = 1', [
    accountId,
  ]);
  if (open > 0) throw new BizError(2043, '存在审核中的变更申请');
  const f = withStoredIdNos(form, e);
  // settlement fields are ignored (a settlement-card change goes through exchangeBank)
  checkEntityForm(f, today, false);
  const before = snapshotOf(e);
  const after: Partial<EntityForm> = {
    ...f,
    name: f.entityType === 1 ? f.legalName : f.name,
    signerName: f.signerSameAsLegal ? f.legalName : f.signerName,
    signerIdNo: f.signerSameAsLegal ? f.legalIdNo : f.signerIdNo,
  };
  const changes = CHANGE_FIELDS.filter((c) => String(before[c.field] ?? '') !== String(after[c.field] ?? '')).map(
    (c) => ({ field: c.field, label: c.label, oldValue: c.show(before[c.field]), newValue: c.show(after[c.field]) }),
  );
  if (changes.length === 0) throw new BizError(1, '认证信息没有变化');
  const needResign = changes.some((c) => ['entityType', 'name', 'signerName', 'signerPhone'].includes(c.field));
  const seq = await scalar(tx, `select count(*) + 1 from merchant_entity_change where apply_no like $1`, [
    `CA${stamp(at).slice(0, 8)}%`,
  ]);
  const applyNo = `CA${stamp(at).slice(0, 8)}${String(seq).padStart(4, '0')}`;
  const row = await one<{ id: number }>(
    tx,
    `insert into merchant_entity_change (apply_no, entity_id, account_id, snapshot, changes, need_resign, status,
       apply_time, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, 1, $7, $7, $7) returning id`,
    [
      applyNo,
      e.id,
      accountId,
      JSON.stringify({ ...after, legalIdNo: enc(f.legalIdNo), signerIdNo: enc(String(after.signerIdNo ?? '')) }),
      JSON.stringify(changes),
      needResign,
      at,
    ],
  );
  return { applyId: Number(row?.id), applyNo, status: 1, needResign };
}

/**
 * The back office's answer to a change application: approval applies the snapshot to the entity (settlement fields
 * untouched); when the type, name or signer changed the e-sign returns to 0 未签约 (orders are held until re-signed).
 */
export async function reviewEntityChange(
  tx: Db,
  accountId: number,
  approve: boolean,
  reason: string | null,
  at: number,
) {
  const change = await one<{ id: number; entityId: number; snapshot: Record<string, unknown>; needResign: boolean }>(
    tx,
    'select id, entity_id, snapshot, need_resign from merchant_entity_change where account_id = $1 and status = 1',
    [accountId],
  );
  if (!change) throw new BizError(1, '没有审核中的变更申请');
  await tx.query(
    `update merchant_entity_change set status = $2, reject_reason = $3, audit_time = $4, auditor = '平台审核',
       update_time = $4 where id = $1`,
    [change.id, approve ? 2 : 3, approve ? null : reason || '变更资料不符合要求', at],
  );
  if (!approve) return;
  const s = change.snapshot;
  await tx.query(
    `update merchant_entity set entity_type = $2, name = $3, license_no = $4, license_image = $5, license_start = $6,
       license_end = $7, legal_name = $8, legal_id_no_enc = $9, legal_id_start = $10, legal_id_end = $11,
       id_front_image = $12, id_back_image = $13, signer_same_as_legal = $14, signer_name = $15, signer_id_no_enc = $16,
       signer_phone = $17, auth_letter_image = $18, email = $19, update_time = $20
     where id = $1`,
    [
      change.entityId,
      s.entityType,
      s.name ?? '',
      s.licenseNo ?? null,
      s.licenseImage ?? null,
      s.licenseStart ?? null,
      s.licenseEnd ?? null,
      s.legalName,
      s.legalIdNo,
      s.legalIdStart ?? '',
      s.legalIdEnd ?? null,
      s.idFrontImage ?? '',
      s.idBackImage ?? '',
      Boolean(s.signerSameAsLegal),
      s.signerName ?? '',
      s.signerIdNo ?? '',
      s.signerPhone ?? '',
      s.authLetterImage ?? null,
      (s.email as string) || null,
      at,
    ],
  );
  await tx.query(
    'update merchant_sign set signer_name = $2, signer_phone = $3, update_time = $4 where account_id = $1',
    [accountId, s.signerName ?? '', s.signerPhone ?? '', at],
  );
  if (change.needResign) await setSignStatus(tx, accountId, 0, null, at);
  await certified(tx, accountId, at);
}

// ---- e-sign -----------------------------------------------------------------------------------------------------

/**
 * Sets the e-sign status of an account in both places (MerchantSign and its mirror Account.signStatus). Signed (2):
 * the orders and recharges held at the account's sites are settled at once (domain/held-orders.ts; A-shell-home-
 * settlement.md "Unsigned-contract orders"), in the same transaction, each exactly once.
 */
export async function setSignStatus(
  tx: Db,
  accountId: number,
  status: 0 | 1 | 2 | 3,
  reason: string | null,
  at: number,
): Promise<void> {
  await tx.query(
    `update merchant_sign set sign_status = $2::smallint, reject_reason = $3,
       sign_time = case when $2::smallint = 2 then $4::bigint when $2::smallint = 0 then null else sign_time end,
       update_time = $4
     where account_id = $1`,
    [accountId, status, reason, at],
  );
  await tx.query('update account set sign_status = $2, update_time = $3 where id = $1', [accountId, status, at]);
  if (status === 2) await settleHeldOrders(tx, accountId, at);
}

/** The agreements of an account's signing set (scope 1, and 2 when it must open the online-bank account). */
export async function agreementsFor(
  db: Db,
  accountId: number,
): Promise<{ id: number; code: string; version: string }[]> {
  const list = await rows<{ id: number; code: string; version: string }>(
    db,
    `select a.id, a.code, a.version from agreement a
     where a.enabled = 1 and (a.scope = 1 or (a.scope = 2 and coalesce((select open_required from merchant_entity_property
       where account_id = $1), false)))
     order by a.id`,
    [accountId],
  );
  return list.map((a) => ({ ...a, id: Number(a.id) }));
}

/** A signing at the provider (table esign_flow). */
export interface SignFlow {
  id: number;
  flowId: string;
  accountId: number;
  signerName: string;
  signerPhone: string;
  agreementIds: number[];
  backUrl: string;
  /** 0 待签署, 1 已签署（结果待通知）, 2 签署完成, 3 签署失败, 4 已作废. */
  status: 0 | 1 | 2 | 3 | 4;
  rejectReason: string | null;
  createTime: number;
  finishTime: number | null;
}

function numericFlow(f: SignFlow): SignFlow {
  return {
    ...f,
    id: Number(f.id),
    accountId: Number(f.accountId),
    agreementIds: (f.agreementIds ?? []).map(Number),
    status: Number(f.status) as SignFlow['status'],
    createTime: Number(f.createTime),
    finishTime: f.finishTime === null ? null : Number(f.finishTime),
  };
}

/** A signing by its provider id, or null. */
export async function flowOf(db: Db, flowId: string): Promise<SignFlow | null> {
  const row = await one<SignFlow>(db, 'select * from esign_flow where flow_id = $1', [flowId]);
  return row && numericFlow(row);
}

/** The account's signing still waiting for the signer (status 0), or null. */
export async function openFlowOf(db: Db, accountId: number): Promise<SignFlow | null> {
  const row = await one<SignFlow>(
    db,
    'select * from esign_flow where account_id = $1 and status = 0 order by id desc limit 1',
    [accountId],
  );
  return row && numericFlow(row);
}

/**
 * Starts a signing at the provider (smsSign action 1): certStatus 2 required (2041); refused while signed (2) or under
 * review (1). Earlier unsigned flows are voided. Answers the flow; the caller sends the signer's code (SMS type 7).
 */
export async function startSigning(
  tx: Db,
  accountId: number,
  agreementIds: readonly number[],
  backUrl: string,
  at: number,
): Promise<SignFlow> {
  const e = await entityOf(tx, accountId);
  if (!e || e.certStatus !== 2) throw new BizError(2041, '主体信息不完整，请先完善');
  const sign = await one<{ signStatus: number }>(tx, 'select sign_status from account where id = $1', [accountId]);
  if (Number(sign?.signStatus) === 2) throw new BizError(1, '已完成电子协议签署');
  if (Number(sign?.signStatus) === 1) throw new BizError(1, '签约审核中，请耐心等待');
  const scope = await agreementsFor(tx, accountId);
  const wanted = new Set(agreementIds.map(Number));
  if (scope.some((a) => !wanted.has(a.id))) throw new BizError(1, '请先阅读并同意全部协议');
  await tx.query('update esign_flow set status = 4, update_time = $2 where account_id = $1 and status = 0', [
    accountId,
    at,
  ]);
  const flowId = `EF${stamp(at)}${randomBytes(6).toString('hex')}`;
  await tx.query(
    `insert into esign_flow (flow_id, account_id, signer_name, signer_phone, agreement_ids, back_url, status,
       create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, 0, $7, $7)`,
    [flowId, accountId, e.signerName, e.signerPhone, scope.map((a) => a.id), backUrl, at],
  );
  return (await flowOf(tx, flowId)) as SignFlow;
}

/**
 * The signer confirms at the provider with the code sent to their phone (SMS type 7; 2042 when wrong or expired).
 * The flow becomes 1 已签署 (its result follows in the provider's notification). Answers the flow.
 */
export async function confirmSigning(tx: Db, flow: SignFlow, code: string, at: number): Promise<SignFlow> {
  if (flow.status !== 0) throw new BizError(1, '该签署已完成或已作废');
  await consumeSmsCode(tx, { phone: flow.signerPhone, type: 7, code }, at, {
    code: 2042,
    message: '签约验证码错误或已过期',
  });
  await tx.query('update esign_flow set status = 1, sign_time = $2, update_time = $2 where id = $1', [flow.id, at]);
  return { ...flow, status: 1 };
}

/** The provider's key pair (it signs its notifications; the backend verifies). */
let providerKeys: { privateKey: KeyObject; publicKey: KeyObject } | null = null;
function provider() {
  providerKeys ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return providerKeys;
}

/** A notification of the e-sign provider about a flow. */
export interface SignNotification {
  flowId: string;
  /** SIGNED: the signer signed (result pending); FINISHED: the agreements are signed; REJECTED: signing failed. */
  event: 'SIGNED' | 'FINISHED' | 'REJECTED';
  reason: string | null;
  timestamp: string;
  signature: string;
}

const noteText = (n: Omit<SignNotification, 'signature'>) =>
  `${n.flowId}\n${n.event}\n${n.reason ?? ''}\n${n.timestamp}\n`;

/** The provider's signed notification of `event` for a flow. */
export function signNotification(flowId: string, event: SignNotification['event'], reason: string | null, at: number) {
  const base = { flowId, event, reason, timestamp: String(at) };
  const signature = createSign('RSA-SHA256').update(noteText(base), 'utf8').sign(provider().privateKey, 'base64');
  return { ...base, signature };
}

/** The backend's check of the provider's signature. */
export function signNotificationValid(n: SignNotification): boolean {
  try {
    return createVerify('RSA-SHA256').update(noteText(n), 'utf8').verify(provider().publicKey, n.signature, 'base64');
  } catch {
    return false;
  }
}

/**
 * The backend's handling of a verified notification (at most once per event): SIGNED → signStatus 1 签约审核中;
 * FINISHED → 2 已签署 with the signed copies (an enterprise, type 3, stays 1 for the back office's review,
 * REVIEW_DELAY_MS later); REJECTED → 3 签约失败 with the reason. Answers the account's signStatus afterwards.
 */
export async function applySignNotification(tx: Db, n: SignNotification, at: number): Promise<number> {
  const flow = await flowOf(tx, n.flowId);
  if (!flow) throw new BizError(1, '签署流程不存在');
  const e = await entityOf(tx, flow.accountId);
  if (n.event === 'SIGNED') {
    if (flow.status === 1) await setSignStatus(tx, flow.accountId, 1, null, at);
  } else if (flow.status === 1) {
    const finished = n.event === 'FINISHED';
    await tx.query(
      'update esign_flow set status = $2, reject_reason = $3, finish_time = $4, update_time = $4 where id = $1',
      [flow.id, finished ? 2 : 3, finished ? null : n.reason, at],
    );
    if (!finished) await setSignStatus(tx, flow.accountId, 3, n.reason || '签署失败', at);
    else {
      const agreements = await rows<{ id: number; code: string; version: string }>(
        tx,
        'select id, code, version from agreement where id = any($1::bigint[]) order by id',
        [flow.agreementIds],
      );
      await tx.query(
        'update merchant_sign set agreements = $2, entity_id = $3, update_time = $4 where account_id = $1',
        [
          flow.accountId,
          JSON.stringify(
            agreements.map((a) => ({
              agreementId: Number(a.id),
              version: a.version,
              signedUrl: `/__sandbox/static/signed/${flow.accountId}-${a.code.toLowerCase()}-${flow.flowId}.pdf`,
            })),
          ),
          e?.id ?? null,
          at,
        ],
      );
      if (e?.entityType !== 3) await setSignStatus(tx, flow.accountId, 2, null, at);
    }
  }
  return scalar(tx, 'select sign_status from account where id = $1', [flow.accountId]);
}

// ---- the online-bank account -------------------------------------------------------------------------------------

/**
 * completeMerchantEntityProperty (D): certStatus 2 (2041) and signStatus 2 (2006) required; openStatus 0/1/5 → 2
 * 开户审核中 with the business details (the bank answers REVIEW_DELAY_MS later).
 */
export async function applyOpening(
  tx: Db,
  accountId: number,
  form: {
    businessProvince: string;
    businessCity: string;
    businessArea: string;
    businessAddress: string;
    categoryCode: string;
    categoryName: string;
    storeImages: string[];
    contactEmail: string | null;
  },
  at: number,
): Promise<2> {
  const e = await entityOf(tx, accountId);
  if (!e || e.certStatus !== 2) throw new BizError(2041, '主体信息不完整，请先完善');
  const sign = await scalar(tx, 'select sign_status from account where id = $1', [accountId]);
  if (sign !== 2) throw new BizError(2006, '请先完成电子协议签署');
  const status = await scalar(tx, 'select open_status from merchant_entity_property where account_id = $1', [
    accountId,
  ]);
  if (![0, 1, 5].includes(status)) throw new BizError(1, status === 4 ? '网商银行账户已开通' : '开户申请审核中');
  await tx.query(
    `insert into merchant_entity_property (entity_id, account_id, open_status, business_province, business_city,
       business_area, business_address, category_code, category_name, store_images, contact_email, apply_time,
       create_time, update_time)
     values ($1, $2, 2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $11)
     on conflict (account_id) do update set open_status = 2, fail_reason = null,
       business_province = excluded.business_province, business_city = excluded.business_city,
       business_area = excluded.business_area, business_address = excluded.business_address,
       category_code = excluded.category_code, category_name = excluded.category_name,
       store_images = excluded.store_images, contact_email = excluded.contact_email, apply_time = excluded.apply_time,
       update_time = excluded.update_time`,
    [
      e.id,
      accountId,
      form.businessProvince,
      form.businessCity,
      form.businessArea,
      form.businessAddress,
      form.categoryCode,
      form.categoryName,
      form.storeImages,
      form.contactEmail,
      at,
    ],
  );
  return 2;
}

/**
 * The bank's answer to an opening under review: approved → 3 待对公验证 when the settlement account is corporate and
 * unverified, else 4 已开户 (openAccount); refused → 1 资料待补充 or 5 开户失败 with the reason.
 */
export async function reviewOpening(
  tx: Db,
  accountId: number,
  approve: boolean,
  reason: string | null,
  at: number,
  refusal: 1 | 5 = 5,
): Promise<void> {
  const status = await scalar(tx, 'select open_status from merchant_entity_property where account_id = $1', [
    accountId,
  ]);
  if (status !== 2) throw new BizError(1, '没有审核中的开户申请');
  if (!approve) {
    await tx.query(
      'update merchant_entity_property set open_status = $2, fail_reason = $3, update_time = $4 where account_id = $1',
      [accountId, refusal, reason || '开户资料审核未通过', at],
    );
    return;
  }
  const card = await settlementCardOf(tx, accountId);
  if (card && card.cardType === 2 && card.verifyStatus !== 2) {
    await tx.query('update merchant_entity_property set open_status = 3, update_time = $2 where account_id = $1', [
      accountId,
      at,
    ]);
    return;
  }
  await openAccount(tx, accountId, at);
}

/**
 * Opens the online-bank account (openStatus 4, D: the channel becomes 2): an electronic account number and name; the
 * auto-withdraw setting now targets the entity's settlement card; the wallet carries over unchanged.
 */
export async function openAccount(tx: Db, accountId: number, at: number): Promise<void> {
  const e = await entityOf(tx, accountId);
  const number = `88888${String(randomInt(0, 1e9)).padStart(9, '0')}${String(accountId).padStart(5, '0')}`;
  await tx.query(
    `update merchant_entity_property set open_status = 4, fail_reason = null, e_account_name = $2, e_account_no_enc = $3,
       open_time = $4, update_time = $4 where account_id = $1`,
    [accountId, e?.name ?? '', enc(number), at],
  );
  if (e?.settleBankCardId) {
    await tx.query('update withdraw_setting set bank_card_id = $2, update_time = $3 where account_id = $1', [
      accountId,
      e.settleBankCardId,
      at,
    ]);
  }
}

/** The entity's settlement card (BankCard source 2), or null. */
export async function settlementCardOf(
  db: Db,
  accountId: number,
): Promise<{ id: number; cardType: 1 | 2; verifyStatus: number; cardNoEnc: string; cardNoTail: string } | null> {
  const row = await one<{ id: number; cardType: number; verifyStatus: number; cardNoEnc: string; cardNoTail: string }>(
    db,
    `select c.id, c.card_type, c.verify_status, c.card_no_enc, c.card_no_tail from merchant_entity e
     join bank_card c on c.id = e.settle_bank_card_id where e.account_id = $1`,
    [accountId],
  );
  return (
    row && {
      ...row,
      id: Number(row.id),
      cardType: Number(row.cardType) as 1 | 2,
      verifyStatus: Number(row.verifyStatus),
    }
  );
}

// ---- KYB ------------------------------------------------------------------------------------------------------

/** The corporate account a KYB is for, with its purpose (D "KYB"). */
export interface KybTarget {
  bankCardId: number;
  purpose: 1 | 2 | 3;
  accountName: string;
  accountNo: string;
  bankName: string;
  branchName: string;
  changeId: number | null;
}

/**
 * The account KYB verifies: a pending corporate settlement-card change (purpose 2) first, else the entity's corporate
 * settlement account — purpose 1 while the online-bank opening waits for it (openStatus 3), purpose 3 otherwise; null
 * when there is no corporate account.
 */
export async function kybTargetOf(db: Db, accountId: number): Promise<KybTarget | null> {
  const change = await one<{ id: number; newBankCardId: number }>(
    db,
    `select id, new_bank_card_id from settle_card_change where account_id = $1 and status = 1 and card_type = 2
     order by id desc limit 1`,
    [accountId],
  );
  const cardId = change ? Number(change.newBankCardId) : (await settlementCardOf(db, accountId))?.id;
  if (cardId === undefined) return null;
  const card = await one<{
    cardType: number;
    holderNameEnc: string;
    cardNoEnc: string;
    bankName: string;
    branchName: string | null;
  }>(db, 'select card_type, holder_name_enc, card_no_enc, bank_name, branch_name from bank_card where id = $1', [
    cardId,
  ]);
  if (!card || Number(card.cardType) !== 2) return null;
  const open = await scalar(db, 'select open_status from merchant_entity_property where account_id = $1', [accountId]);
  return {
    bankCardId: cardId,
    purpose: change ? 2 : open === 3 ? 1 : 3,
    accountName: dec(card.holderNameEnc),
    accountNo: dec(card.cardNoEnc),
    bankName: card.bankName,
    branchName: card.branchName ?? '',
    changeId: change ? Number(change.id) : null,
  };
}

/** A KybVerification row (entities.md §83). */
export interface KybRow {
  id: number;
  bankCardId: number;
  purpose: 1 | 2 | 3;
  randomAmount: number;
  status: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  remainTimes: number;
  failReason: string | null;
  applyTime: number;
  remitTime: number | null;
  expireTime: number | null;
  nextApplyTime: number | null;
}

/** The latest verification of a corporate account, or null. */
export async function latestKyb(db: Db, accountId: number, bankCardId: number): Promise<KybRow | null> {
  const row = await one<KybRow>(
    db,
    'select * from kyb_verification where account_id = $1 and bank_card_id = $2 order by id desc limit 1',
    [accountId, bankCardId],
  );
  return (
    row && {
      ...row,
      id: Number(row.id),
      bankCardId: Number(row.bankCardId),
      purpose: Number(row.purpose) as 1 | 2 | 3,
      randomAmount: Number(row.randomAmount),
      status: Number(row.status) as KybRow['status'],
      remainTimes: Number(row.remainTimes),
      applyTime: Number(row.applyTime),
      remitTime: row.remitTime === null ? null : Number(row.remitTime),
      expireTime: row.expireTime === null ? null : Number(row.expireTime),
      nextApplyTime: row.nextApplyTime === null ? null : Number(row.nextApplyTime),
    }
  );
}

/** A remitted amount not reported in time expires (2 → 5, a new application after 24 h). */
export async function expireKyb(tx: Db, at: number): Promise<void> {
  await tx.query(
    `update kyb_verification set status = 5, next_apply_time = expire_time + $2::bigint, update_time = $1
     where status = 2 and expire_time <= $1`,
    [at, KYB_REAPPLY_MS],
  );
}

/**
 * applyKyb (D): an active verification (1 打款中 / 2 待回填) is answered as it is; after a failure or expiry a new one
 * waits 24 h (2023); otherwise a new verification starts (1 打款中) with a random amount of 1–99 fen, remitted
 * KYB_REMIT_DELAY_MS later. The account becomes 待打款验证.
 */
export async function applyKyb(tx: Db, accountId: number, at: number, requestId: string): Promise<number> {
  await expireKyb(tx, at);
  const target = await kybTargetOf(tx, accountId);
  if (!target) throw new BizError(1, '没有需要验证的对公账户');
  const latest = await latestKyb(tx, accountId, target.bankCardId);
  if (latest && (latest.status === 1 || latest.status === 2)) return latest.status;
  if (latest?.status === 3) throw new BizError(1, '该对公账户已验证成功');
  if (latest?.nextApplyTime && latest.nextApplyTime > at) throw new BizError(2023, '打款申请过于频繁，请24小时后再试');
  const e = await entityOf(tx, accountId);
  await tx.query(
    `insert into kyb_verification (account_id, entity_id, bank_card_id, purpose, account_name, account_no_enc, bank_name,
       branch_name, random_amount, status, remain_times, request_id, apply_time, create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10, $11, $12, $12, $12)`,
    [
      accountId,
      e?.id,
      target.bankCardId,
      target.purpose,
      target.accountName,
      enc(target.accountNo),
      target.bankName,
      target.branchName,
      randomInt(1, 100),
      KYB_TRIES,
      requestId,
      at,
    ],
  );
  await tx.query('update bank_card set verify_status = 1, update_time = $2 where id = $1 and verify_status = 0', [
    target.bankCardId,
    at,
  ]);
  return 1;
}

/** The bank remits the amounts applied for KYB_REMIT_DELAY_MS ago (→ 2 待回填, or 6 for a closed account: number ending 0000). */
export async function remitKyb(tx: Db, at: number): Promise<void> {
  const due = await rows<{ id: number; accountNoEnc: string }>(
    tx,
    'select id, account_no_enc from kyb_verification where status = 1 and apply_time + $2::bigint <= $1 order by id',
    [at, KYB_REMIT_DELAY_MS],
  );
  for (const k of due) {
    if (dec(k.accountNoEnc).endsWith('0000')) {
      await tx.query(
        `update kyb_verification set status = 6, fail_reason = '账户不存在或已销户', update_time = $2 where id = $1`,
        [k.id, at],
      );
    } else {
      await tx.query(
        'update kyb_verification set status = 2, remit_time = $2, expire_time = $3, update_time = $2 where id = $1',
        [k.id, at, at + KYB_VALID_MS],
      );
    }
  }
}

/**
 * kybMath (D): the reported amount against the remitted one. Equal → 3 验证成功 with its effects (purpose 1: the
 * online-bank account opens; 2: the new settlement card takes effect, the old one is unbound; 3: the corporate account
 * may receive withdrawals); wrong → one try less (code 0, matched false), the last one → 4 验证失败 (a new application
 * after 24 h); none left → 2021; past its 48 h → 5 已过期 (2022).
 */
export async function kybMatch(
  tx: Db,
  accountId: number,
  amount: number,
  at: number,
): Promise<{ matched: boolean; kybStatus: number; remainTimes: number }> {
  await expireKyb(tx, at);
  const target = await kybTargetOf(tx, accountId);
  const k = target ? await latestKyb(tx, accountId, target.bankCardId) : null;
  if (!target || !k) throw new BizError(1, '请先申请打款验证');
  if (k.status === 5) throw new BizError(2022, '打款验证已过期，请重新申请');
  if (k.status === 4) throw new BizError(2021, '验证次数已用完，请重新申请打款');
  if (k.status !== 2) throw new BizError(1, k.status === 3 ? '该对公账户已验证成功' : '打款尚未到账，请稍后');
  if (amount !== k.randomAmount) {
    const remain = k.remainTimes - 1;
    const status = remain <= 0 ? 4 : 2;
    await tx.query(
      `update kyb_verification set remain_times = $2, status = $3, next_apply_time = $4, update_time = $5 where id = $1`,
      [k.id, remain, status, status === 4 ? at + KYB_REAPPLY_MS : null, at],
    );
    return { matched: false, kybStatus: status, remainTimes: Math.max(0, remain) };
  }
  await tx.query('update kyb_verification set status = 3, verify_time = $2, update_time = $2 where id = $1', [
    k.id,
    at,
  ]);
  await tx.query('update bank_card set verify_status = 2, update_time = $2 where id = $1', [target.bankCardId, at]);
  if (target.purpose === 2 && target.changeId !== null) {
    const change = await one<{ oldBankCardId: number | null }>(
      tx,
      'select old_bank_card_id from settle_card_change where id = $1',
      [target.changeId],
    );
    await tx.query(
      'update settle_card_change set status = 2, kyb_id = $2, effective_time = $3, update_time = $3 where id = $1',
      [target.changeId, k.id, at],
    );
    await switchSettlementCard(tx, accountId, Number(change?.oldBankCardId ?? 0) || null, target.bankCardId, 2, at);
  } else if (target.purpose === 1) {
    const status = await scalar(tx, 'select open_status from merchant_entity_property where account_id = $1', [
      accountId,
    ]);
    if (status === 3) await openAccount(tx, accountId, at);
  }
  return { matched: true, kybStatus: 3, remainTimes: k.remainTimes };
}

/**
 * Makes `newCardId` the entity's settlement card: the old one is unbound, the auto-withdraw setting follows when it
 * pointed at the old card.
 */
export async function switchSettlementCard(
  tx: Db,
  accountId: number,
  oldCardId: number | null,
  newCardId: number,
  settleAccountType: 1 | 2,
  at: number,
): Promise<void> {
  await tx.query(
    'update merchant_entity set settle_bank_card_id = $2, settle_account_type = $3, update_time = $4 where account_id = $1',
    [accountId, newCardId, settleAccountType, at],
  );
  if (oldCardId !== null && oldCardId !== newCardId) {
    await tx.query('update bank_card set status = 2, unbind_time = $2, update_time = $2 where id = $1', [
      oldCardId,
      at,
    ]);
    await tx.query(
      'update withdraw_setting set bank_card_id = $3, update_time = $4 where account_id = $1 and bank_card_id = $2',
      [accountId, oldCardId, newCardId, at],
    );
  }
}

/** The KYB figures the screen shows (queryAccountBankKyb). */
export async function kybState(db: Db, accountId: number) {
  const target = await kybTargetOf(db, accountId);
  const k = target ? await latestKyb(db, accountId, target.bankCardId) : null;
  return {
    kybStatus: k?.status ?? 0,
    purpose: target?.purpose ?? null,
    accountName: target?.accountName ?? '',
    accountNoMasked: target ? maskAccountNo(target.accountNo) : '',
    bankName: target?.bankName ?? '',
    branchName: target?.branchName ?? '',
    remitTime: k?.remitTime ?? null,
    expireTime: k?.expireTime ?? null,
    remainTimes: k ? k.remainTimes : KYB_TRIES,
    maxTimes: KYB_TRIES,
    failReason: k?.failReason ?? null,
    nextApplyTime: k?.nextApplyTime ?? null,
  };
}

// ---- settlement-card change ------------------------------------------------------------------------------------

/** Refuses a settlement-card change while a withdrawal is in progress (2015). */
export async function assertNoWithdrawalInProgress(tx: Db, accountId: number): Promise<void> {
  const busy = await scalar(tx, 'select count(*) from withdrawal where account_id = $1 and status in (1, 2)', [
    accountId,
  ]);
  if (busy > 0) throw new BizError(2015, '该卡有处理中的提现，暂不可操作');
}

/**
 * changPersonBank (D): a personal debit card of the legal person becomes the settlement card at once (SMS type 6 to
 * its reserved phone, four-element check; 2013 keeps the form). Enterprises (type 3) have corporate accounts only.
 */
export async function changePersonalCard(
  tx: Db,
  accountId: number,
  card: { cardNo: string; bankCode: string; branchName: string | null; reservedPhone: string; code: string },
  at: number,
): Promise<number> {
  await assertNoWithdrawalInProgress(tx, accountId);
  const e = await entityOf(tx, accountId);
  if (!e || e.certStatus !== 2) throw new BizError(2041, '主体信息不完整，请先完善');
  if (e.entityType === 3) throw new BizError(1, '企业主体仅支持对公账户');
  const current = await settlementCardOf(tx, accountId);
  if (current && dec(current.cardNoEnc) === card.cardNo) throw new BizError(1, '新卡与当前结算卡相同');
  const newId = (await createSettlementCard(
    tx,
    accountId,
    { name: e.legalName, idCardNo: dec(e.legalIdNoEnc) },
    {
      type: 1,
      cardNo: card.cardNo,
      bankCode: card.bankCode,
      bankName: '',
      branchName: card.branchName,
      phone: card.reservedPhone,
    },
    at,
    false,
  )) as number;
  await consumeSmsCode(tx, { phone: card.reservedPhone, type: 6, code: card.code }, at);
  await voidWaitingChanges(tx, accountId, at);
  await tx.query(
    `insert into settle_card_change (account_id, entity_id, old_bank_card_id, new_bank_card_id, card_type, status,
       effective_time, create_time, update_time) values ($1, $2, $3, $4, 1, 2, $5, $5, $5)`,
    [accountId, e.id, current?.id ?? null, newId, at],
  );
  await switchSettlementCard(tx, accountId, current?.id ?? null, newId, 1, at);
  return newId;
}

/**
 * changCompanyBank (D): a corporate account of the entity waits for its transfer verification (SettleCardChange 1,
 * KYB purpose 2); the old card stays in effect until it succeeds. A change already waiting is replaced.
 */
export async function changeCorporateAccount(
  tx: Db,
  accountId: number,
  account: { accountNo: string; bankCode: string; bankName: string; branchName: string },
  at: number,
): Promise<{ bankName: string; cardNoTail: string }> {
  await assertNoWithdrawalInProgress(tx, accountId);
  const e = await entityOf(tx, accountId);
  if (!e || e.certStatus !== 2) throw new BizError(2041, '主体信息不完整，请先完善');
  if (e.entityType === 1) throw new BizError(1, '个人主体仅支持个人银行卡');
  const current = await settlementCardOf(tx, accountId);
  if (current && dec(current.cardNoEnc) === account.accountNo) throw new BizError(1, '新卡与当前结算卡相同');
  await voidWaitingChanges(tx, accountId, at);
  const newId = (await createSettlementCard(
    tx,
    accountId,
    { name: e.name, idCardNo: null },
    {
      type: 2,
      cardNo: account.accountNo,
      bankCode: account.bankCode,
      bankName: account.bankName,
      branchName: account.branchName,
      phone: null,
    },
    at,
    false,
  )) as number;
  await tx.query(
    `insert into settle_card_change (account_id, entity_id, old_bank_card_id, new_bank_card_id, card_type, status,
       create_time, update_time) values ($1, $2, $3, $4, 2, 1, $5, $5)`,
    [accountId, e.id, current?.id ?? null, newId, at],
  );
  const bank = await one<{ bankName: string }>(tx, 'select bank_name from bank_card where id = $1', [newId]);
  return { bankName: bank?.bankName ?? account.bankName, cardNoTail: account.accountNo.slice(-4) };
}

/** Corporate changes still waiting for their verification become 已失效, and their accounts are unbound. */
async function voidWaitingChanges(tx: Db, accountId: number, at: number): Promise<void> {
  const waiting = await rows<{ id: number; newBankCardId: number }>(
    tx,
    'select id, new_bank_card_id from settle_card_change where account_id = $1 and status = 1',
    [accountId],
  );
  for (const w of waiting) {
    await tx.query('update settle_card_change set status = 3, update_time = $2 where id = $1', [w.id, at]);
    await tx.query('update bank_card set status = 2, unbind_time = $2, update_time = $2 where id = $1', [
      w.newBankCardId,
      at,
    ]);
  }
}
