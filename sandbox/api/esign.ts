import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { KybState, SignStarted } from '../../src/api/esign';
import type { SettleCard } from '../../src/api/income';
import {
  BUSINESS_CATEGORIES,
  cardNoRule,
  corporateAccountRule,
  corporateBranchRule,
  reservedPhoneRule,
  sixDigitCodeRule,
} from '../../src/api/income-rules';
import { cardOf, maskPhone, settleCardOf } from '../domain/bank-cards';
import type { EsignProvider } from '../domain/esign-provider';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import {
  applyEntityChange,
  applyKyb,
  applyOpening,
  applySignNotification,
  changeCorporateAccount,
  changePersonalCard,
  completeEntity,
  confirmSigning,
  kybMatch,
  kybState,
  openFlowOf,
  setSignStatus,
  signNotificationValid,
  startSigning,
  type SignFlow,
} from '../domain/onboarding';
import { checkSmsCode, sendSmsCode, SMS_TTL_MS } from '../domain/sms';
import { lockWallet } from '../domain/wallet';
import { endpoints } from '../http/endpoint';
import { BizError } from '../http/envelope';
import { touches } from '../http/touch';
import { imageInfo } from '../lib/image';
import { dayOf } from '../lib/time';

/**
 * The onboarding chain's actions (D-income.md §5: edit-contract, sign-agree, apply-result, openAccountDetail,
 * exchangeBank, KYBCheck; "Business rules: Merchant entity, e-sign, online-bank account, KYB"; rules in
 * domain/onboarding.ts). Main accounts only (accountType 1, 2, 3; others 403). Every action runs exactly once per
 * requestId (domain/exactly-once.ts) with the account's wallet row locked as its lock. Signing goes through the
 * e-signature provider the sandbox stands in for (sandbox/pages/esign.ts): smsSign {action 1} starts it and answers
 * the provider's page; the provider's notifications (POST /api/merchant/esign/notify, signed) move signStatus.
 */

const MAIN: readonly (1 | 2 | 3)[] = [1, 2, 3];

/** Where the provider returns the signer: a path of the app (never another origin). */
const backUrlRule = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'backUrl 须为本应用的页面地址');

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为 YYYY-MM-DD');
const url = z.string().max(500);

/** The entity snapshot (D completeMerchantEntity). */
const entityForm = z.object({
  entityType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '请选择主体类型' }),
  name: z.string().max(50).optional(),
  licenseNo: z.string().max(18).optional(),
  licenseImage: url.optional(),
  licenseStart: day.optional(),
  licenseEnd: day.nullable().optional(),
  legalName: z.string().max(20),
  legalIdNo: z.string().max(18),
  legalIdStart: day,
  legalIdEnd: day.nullable().optional(),
  idFrontImage: url,
  idBackImage: url,
  signerSameAsLegal: z.boolean(),
  signerName: z.string().max(20).optional(),
  signerIdNo: z.string().max(18).optional(),
  signerPhone: z.string().max(11),
  authLetterImage: url.optional(),
  settleAccountType: z.union([z.literal(1), z.literal(2)], { error: '请选择结算账户类型' }),
  settleBankCode: z.string().max(20),
  settleBankName: z.string().max(30),
  settleBranchName: z.string().max(40).optional(),
  settleCardNo: z.string().regex(/^\d{8,32}$/, '银行卡号位数不正确'),
  settleReservedPhone: z.string().max(11).optional(),
  email: z.string().max(50).optional(),
  requestId: requestIdRule,
});

/** A change application's snapshot: the entity form whose settlement fields may be left out (D: they are ignored). */
const changeForm = entityForm.extend({
  settleAccountType: entityForm.shape.settleAccountType.optional(),
  settleBankCode: z.string().max(20).optional(),
  settleBankName: z.string().max(30).optional(),
  settleCardNo: z.string().max(32).optional(),
});

export function esignRoutes(db: PGlite, now: () => number, provider: EsignProvider) {
  const api = endpoints(db, now);
  /** exactlyOnce for the calling account `callerId` and its request `body` (whose requestId keys it). */
  const once = <T>(
    callerId: number,
    action: string,
    body: { requestId: string },
    act: Parameters<typeof exactlyOnce<T>>[3],
    prepare?: () => Promise<void>,
  ) => exactlyOnce<T>(db, { accountId: callerId, action, requestId: body.requestId, body }, now(), act, prepare);

  // POST /api/merchant/entity/property/smsSign — 1: start the signing at the provider; 2: confirm with the code.
  api.post(
    '/api/merchant/entity/property/smsSign',
    {
      permission: 'login',
      accountTypes: MAIN,
      input: z.object({
        action: z.union([z.literal(1), z.literal(2)], { error: 'action 须为 1 或 2' }),
        code: z.optional(sixDigitCodeRule),
        agreementIds: z.array(z.number().int().positive()).max(20).optional(),
        backUrl: backUrlRule.optional(),
        requestId: requestIdRule,
      }),
      touches: touches.account,
    },
    async ({ caller, input: body }) => {
      const accountId = caller.ownerId;
      const at = now();
      if (body.action === 1) {
        return once<SignStarted>(caller.account.id, 'smsSign', body, async (tx) => {
          await lockWallet(tx, accountId);
          const open = await openFlowOf(tx, accountId);
          // a signing started within the code's validity is taken up again (its code was sent)
          const flow: SignFlow =
            open && open.createTime > at - SMS_TTL_MS
              ? open
              : await startSigning(tx, accountId, body.agreementIds ?? [], body.backUrl ?? '/income/sign-agree', at);
          if (flow !== open) await sendSmsCode(tx, flow.signerPhone, 7, at);
          return {
            phoneMasked: maskPhone(flow.signerPhone),
            expireSeconds: SMS_TTL_MS / 1000,
            signUrl: `/__sandbox/esign/sign?flowId=${flow.flowId}`,
          };
        });
      }
      const open = await openFlowOf(db, accountId);
      if (!open) throw new BizError(1, '请先获取签约验证码');
      if (!body.code) throw new BizError(1, '请输入6位验证码');
      const code = body.code;
      let signed = false;
      const answer = await once<{ signStatus: number; signTime: number | null }>(
        caller.account.id,
        'smsSign',
        body,
        async (tx) => {
          // the code is relayed to the provider, which takes it as the signer's act: the backend knows at once
          await confirmSigning(tx, open, code, at);
          await setSignStatus(tx, accountId, 1, null, at);
          signed = true;
          return { signStatus: 1, signTime: null };
        },
        () =>
          checkSmsCode(db, { phone: open.signerPhone, type: 7, code }, at, {
            code: 2042,
            message: '签约验证码错误或已过期',
          }),
      );
      if (signed) provider.sendResult(open, at);
      return answer;
    },
  );

  // POST /api/merchant/esign/notify — the e-signature provider's notification about a signing (signed by it).
  api.post(
    '/api/merchant/esign/notify',
    {
      permission: 'public',
      input: z.object({
        flowId: z.string().max(64),
        event: z.enum(['SIGNED', 'FINISHED', 'REJECTED']),
        reason: z.string().max(200).nullable(),
        timestamp: z.string().max(20),
        signature: z.string().max(1000),
      }),
      touches: touches.none,
    },
    async ({ input: note }) => {
      if (!signNotificationValid(note)) throw new BizError(1, '签名验证失败');
      await db.transaction((tx) => applySignNotification(tx, note, now()));
      return null;
    },
  );

  // POST /api/merchant/esign/completeMerchantEntity — certification (D /income/edit-contract 提交认证).
  api.post(
    '/api/merchant/esign/completeMerchantEntity',
    { permission: 'login', accountTypes: MAIN, input: entityForm, touches: touches.account },
    async ({ caller, input: form }) => {
      const accountId = caller.ownerId;
      return once(caller.account.id, 'completeMerchantEntity', form, async (tx) => {
        await lockWallet(tx, accountId);
        return completeEntity(tx, accountId, form, now(), dayOf(now()));
      });
    },
  );

  // POST /api/merchant/esign/applyMerchantEntityChange — a reviewed change of the certified data.
  api.post(
    '/api/merchant/esign/applyMerchantEntityChange',
    { permission: 'login', accountTypes: MAIN, input: changeForm, touches: touches.account },
    async ({ caller, input }) => {
      const accountId = caller.ownerId;
      // the settlement fields are ignored (the card changes on exchangeBank): the screen cannot send the full number
      const form = {
        ...input,
        settleAccountType: input.settleAccountType ?? 1,
        settleBankCode: input.settleBankCode ?? '',
        settleBankName: input.settleBankName ?? '',
        settleCardNo: input.settleCardNo ?? '',
      };
      return once(caller.account.id, 'applyMerchantEntityChange', form, async (tx) => {
        await lockWallet(tx, accountId);
        return applyEntityChange(tx, accountId, form, now(), dayOf(now()));
      });
    },
  );

  // POST /api/merchant/esign/uploadImage — a JPEG or PNG as a data URL; answers its url and size.
  api.post(
    '/api/merchant/esign/uploadImage',
    {
      permission: 'login',
      accountTypes: MAIN,
      input: z.object({
        bizType: z.enum(['license', 'idFront', 'idBack', 'authLetter', 'store']),
        image: z.string().max(1_100_000, '图片过大，请压缩后重试'),
      }),
      touches: touches.self,
    },
    async ({ caller, input: { bizType, image } }) => {
      const match = /^data:image\/(jpeg|jpg|png);base64,([A-Za-z0-9+/]+={0,2})$/.exec(image);
      if (!match) throw new BizError(1, '仅支持JPG、PNG图片');
      const bytes = Buffer.from(match[2] ?? '', 'base64');
      const info = imageInfo(bytes);
      if (!info) throw new BizError(1, '仅支持JPG、PNG图片');
      if (bytes.length > 5 * 1024 * 1024) throw new BizError(1, '图片不能超过5MB');
      const at = now();
      const row = await db.query<{ id: number }>(
        `insert into upload_file (account_id, url, biz_type, size, width, height, content, content_type, create_time,
           update_time) values ($1, '', $2, $3, $4, $5, $6, $7, $8, $8) returning id`,
        [caller.account.id, bizType, bytes.length, info.width, info.height, bytes, `image/${info.type}`, at],
      );
      const id = Number(row.rows[0]?.id);
      const fileUrl = `/__sandbox/upload/${id}.${info.type === 'png' ? 'png' : 'jpg'}`;
      await db.query('update upload_file set url = $2 where id = $1', [id, fileUrl]);
      return { url: fileUrl, width: info.width, height: info.height };
    },
  );

  // POST /api/merchant/entity/property/completeMerchantEntityProperty — the online-bank opening application.
  api.post(
    '/api/merchant/entity/property/completeMerchantEntityProperty',
    {
      permission: 'login',
      accountTypes: MAIN,
      input: z.object({
        businessProvince: z.string().regex(/^\d{6}$/, '请选择经营地区'),
        businessCity: z.string().regex(/^\d{6}$/, '请选择经营地区'),
        businessArea: z.string().regex(/^\d{6}$/, '请选择经营地区'),
        businessAddress: z.string().trim().min(5, '请输入详细经营地址').max(60, '请输入详细经营地址'),
        categoryCode: z.string().max(10),
        storeImages: z.array(url).min(1, '请上传门头或场地照片').max(3),
        contactEmail: z.string().max(50).optional(),
        requestId: requestIdRule,
      }),
      touches: touches.account,
    },
    async ({ caller, input: form }) => {
      const accountId = caller.ownerId;
      const category = BUSINESS_CATEGORIES.find((c) => c.code === form.categoryCode);
      if (!category) throw new BizError(1, '请选择经营类目');
      return once(caller.account.id, 'completeMerchantEntityProperty', form, async (tx) => {
        await lockWallet(tx, accountId);
        const openStatus = await applyOpening(
          tx,
          accountId,
          { ...form, categoryName: category.name, contactEmail: form.contactEmail?.trim() || null },
          now(),
        );
        return { openStatus };
      });
    },
  );

  // GET /api/merchant/entity/property/queryAccountBankKyb — the corporate transfer verification.
  api.get(
    '/api/merchant/entity/property/queryAccountBankKyb',
    { permission: 'login', accountTypes: MAIN, input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const at = now();
      await db.transaction(async (tx) => {
        await tx.query(
          `update kyb_verification set status = 5, next_apply_time = expire_time + 86400000, update_time = $2
           where account_id = $1 and status = 2 and expire_time <= $2`,
          [caller.ownerId, at],
        );
      });
      const state: KybState = (await kybState(db, caller.ownerId)) as KybState;
      return state;
    },
  );

  // POST /api/merchant/entity/property/applyKyb — asks the bank to remit a random amount (idempotent, 2023).
  api.post(
    '/api/merchant/entity/property/applyKyb',
    {
      permission: 'login',
      accountTypes: MAIN,
      input: z.object({ requestId: requestIdRule }),
      touches: touches.account,
    },
    async ({ caller, input: body }) => {
      const accountId = caller.ownerId;
      return once(caller.account.id, 'applyKyb', body, async (tx) => {
        await lockWallet(tx, accountId);
        return { kybStatus: await applyKyb(tx, accountId, now(), body.requestId) };
      });
    },
  );

  // POST /api/merchant/entity/property/kybMath — reports the amount received (fen 1–99).
  api.post(
    '/api/merchant/entity/property/kybMath',
    {
      permission: 'login',
      accountTypes: MAIN,
      input: z.object({
        amount: z
          .number()
          .int('请输入0.01-0.99之间的金额')
          .min(1, '请输入0.01-0.99之间的金额')
          .max(99, '请输入0.01-0.99之间的金额'),
        requestId: requestIdRule,
      }),
      touches: touches.account,
    },
    async ({ caller, input: body }) => {
      const accountId = caller.ownerId;
      return once(caller.account.id, 'kybMath', body, async (tx) => {
        await lockWallet(tx, accountId);
        return kybMatch(tx, accountId, body.amount, now());
      });
    },
  );

  // POST /api/merchant/entity/property/changPersonBank — a personal settlement card, effective at once.
  api.post(
    '/api/merchant/entity/property/changPersonBank',
    {
      permission: 'login',
      accountTypes: MAIN,
      input: z.object({
        cardNo: cardNoRule,
        bankCode: z.string().max(20),
        branchName: z.string().max(40).optional(),
        reservedPhone: reservedPhoneRule,
        code: sixDigitCodeRule,
        requestId: requestIdRule,
      }),
      touches: touches.account,
    },
    async ({ caller, input: body }) => {
      const accountId = caller.ownerId;
      const at = now();
      const sms = { phone: body.reservedPhone, type: 6, code: body.code };
      return once<{ settleCard: SettleCard }>(
        caller.account.id,
        'changPersonBank',
        body,
        async (tx) => {
          await lockWallet(tx, accountId);
          const id = await changePersonalCard(
            tx,
            accountId,
            { ...body, branchName: body.branchName?.trim() || null },
            at,
          );
          const card = await cardOf(tx, accountId, id);
          if (!card) throw new Error('the new settlement card vanished');
          return { settleCard: settleCardOf(card) };
        },
        () => checkSmsCode(db, sms, at),
      );
    },
  );

  // POST /api/merchant/entity/property/changCompanyBank — a corporate settlement account, effective after KYB.
  api.post(
    '/api/merchant/entity/property/changCompanyBank',
    {
      permission: 'login',
      accountTypes: MAIN,
      input: z.object({
        accountNo: corporateAccountRule,
        bankCode: z.string().min(1, '请选择开户银行').max(20),
        bankName: z.string().max(30),
        branchName: corporateBranchRule,
        requestId: requestIdRule,
      }),
      touches: touches.account,
    },
    async ({ caller, input: body }) => {
      const accountId = caller.ownerId;
      return once(caller.account.id, 'changCompanyBank', body, async (tx) => {
        await lockWallet(tx, accountId);
        const pendingCard = await changeCorporateAccount(tx, accountId, body, now());
        return { kybStatus: 0, pendingCard };
      });
    },
  );

  return api.app;
}
