import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import type { BankBin, BoundCard, CorporateAccount, SavingsCards } from '../../src/api/bank';
import {
  branchNameRule,
  cardNoRule,
  holderNameRule,
  idCardRule,
  reservedPhoneRule,
  sixDigitCodeRule,
} from '../../src/api/income-rules';
import {
  binOf,
  boundCards,
  cardOf,
  FOUR_ELEMENTS_FAILED,
  fourElementsPass,
  insertCard,
  maskCardNo,
  maskIdNo,
  maskName,
  maskPhone,
  dec,
  realNameOf,
} from '../domain/bank-cards';
import { exactlyOnce, requestIdRule } from '../domain/exactly-once';
import { checkSmsCode, consumeSmsCode } from '../domain/sms';
import { lockWallet } from '../domain/wallet';
import { endpoints } from '../http/endpoint';
import { AccessDenied } from '../http/access';
import { BizError } from '../http/envelope';
import { touches } from '../http/touch';
import { one, rows, scalar } from '../lib/db';

/**
 * Bank cards (D-income.md §2 /income/bank, /income/bank/add; "Business rules: Bank cards and real name"; entities.md
 * §51–§54): the BIN lookup, the bank list, the savings cards and corporate accounts of the account (the operator's for
 * a sub-account), binding (four-element check, SMS type 4 to the reserved phone, at most 5, one real name per account)
 * and unbinding. bindBank and unBindBank run exactly once per requestId (domain/exactly-once.ts) with the wallet row
 * locked as the account's lock, so that parallel binds can never exceed the limit or bind a number twice.
 */

/** Savings cards an account may have bound at once (D 2014). */
export const MAX_SAVINGS_CARDS = 5;

const bindBody = z.object({
  holderName: z.optional(holderNameRule),
  idCardNo: z.optional(idCardRule),
  cardNo: cardNoRule,
  bankCode: z.string().min(1, '请选择开户银行').max(20),
  branchName: z.optional(branchNameRule),
  reservedPhone: reservedPhoneRule,
  code: sixDigitCodeRule,
  requestId: requestIdRule,
});

export function bankRoutes(db: PGlite, now: () => number) {
  const api = endpoints(db, now);

  // GET /api/user/bankBin — the bank of a card number's first digits (6–10 are enough; more are ignored).
  api.get(
    '/api/user/bankBin',
    {
      permission: 'login',
      input: z.object({ cardNo: z.string().regex(/^\d{6,19}$/, '请输入正确的银行卡号') }),
      touches: touches.none,
    },
    async ({ input: { cardNo } }) => {
      const bin = await binOf(db, cardNo.slice(0, 10));
      if (!bin) throw new BizError(2016, '无法识别该卡号所属银行');
      const data: BankBin = {
        bankCode: bin.bankCode,
        bankName: bin.bankName,
        bankLogo: bin.bankLogo,
        cardType: bin.cardType,
        cardName: bin.cardName,
        cardLength: bin.cardLength,
      };
      return data;
    },
  );

  // GET /api/user/bankList — the enabled banks (对公 bank picker).
  api.get('/api/user/bankList', { permission: 'login', input: z.object({}), touches: touches.none }, async () => {
    const list = await rows<{ bankCode: string; bankName: string; bankLogo: string }>(
      db,
      'select bank_code, bank_name, bank_logo from bank where enabled = 1 order by sort, bank_code',
    );
    return { list };
  });

  // GET /api/user/getUserBindBankCard — the bound savings cards, oldest first, and the real-name lock.
  api.get(
    '/api/user/getUserBindBankCard',
    { permission: 'bank', input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const cards = await boundCards(db, ownerId, 1);
      const auto = await autoCardId(db, ownerId);
      const real = await realNameOf(db, ownerId);
      const data: SavingsCards = {
        list: cards.map((c) => ({
          bankCardId: c.id,
          cardType: 1,
          bankCode: c.bankCode ?? '',
          bankName: c.bankName,
          bankLogo: c.bankLogo,
          cardNoMasked: maskCardNo(c.cardNoTail),
          cardNoTail: c.cardNoTail,
          holderName: c.holderNameMasked,
          branchName: c.branchName,
          reservedPhone: maskPhone(dec(c.reservedPhoneEnc)),
          isAutoWithdraw: auto === c.id,
          createTime: c.createTime,
        })),
        maxCount: MAX_SAVINGS_CARDS,
        realNameLocked: real !== null,
        realName: real ? maskName(real.realName) : null,
        idCardNoMasked: real ? maskIdNo(real.idCardNo) : null,
      };
      return data;
    },
  );

  // GET /api/user/getPublicAccounts — the entity's corporate accounts (source 2) with their verification.
  api.get(
    '/api/user/getPublicAccounts',
    { permission: 'bank', input: z.object({}), touches: touches.account },
    async ({ caller }) => {
      const { ownerId } = caller;
      const cards = await boundCards(db, ownerId, 2);
      const auto = await autoCardId(db, ownerId);
      const list: CorporateAccount[] = cards.map((c) => ({
        bankCardId: c.id,
        cardType: 2,
        accountName: dec(c.holderNameEnc),
        bankCode: c.bankCode ?? '',
        bankName: c.bankName,
        bankLogo: c.bankLogo,
        branchName: c.branchName ?? '',
        cardNoMasked: maskCardNo(c.cardNoTail),
        cardNoTail: c.cardNoTail,
        verifyStatus: c.verifyStatus,
        isAutoWithdraw: auto === c.id,
      }));
      return { list };
    },
  );

  // POST /api/user/bindBank — binds a personal debit card (D /income/bank/add).
  api.post(
    '/api/user/bindBank',
    { permission: 'bank', input: bindBody, touches: touches.account },
    async ({ caller, input: body }) => {
      const at = now();
      const accountId = caller.ownerId;
      const sms = { phone: body.reservedPhone, type: 4, code: body.code };
      return exactlyOnce(
        db,
        { accountId: caller.account.id, action: 'bindBank', requestId: body.requestId, body },
        at,
        async (tx): Promise<BoundCard> => {
          await lockWallet(tx, accountId); // the account's lock: the count and the duplicate check hold until commit
          const bin = await binOf(tx, body.cardNo.slice(0, 10));
          if (!bin) throw new BizError(2016, '无法识别该卡号所属银行');
          if (bin.cardType !== 1) throw new BizError(2012, '仅支持储蓄卡');
          if (body.cardNo.length !== bin.cardLength) throw new BizError(1, '银行卡号位数不正确');
          if (bin.bankCode !== body.bankCode) throw new BizError(1, '开户银行与卡号不符');
          const cards = await boundCards(tx, accountId, 1);
          if (cards.some((c) => dec(c.cardNoEnc) === body.cardNo)) throw new BizError(2011, '该银行卡已绑定');
          if (cards.length >= MAX_SAVINGS_CARDS) throw new BizError(2014, '最多绑定5张银行卡');
          const real = await realNameOf(tx, accountId);
          const holderName = real?.realName ?? body.holderName;
          const idCardNo = real?.idCardNo ?? body.idCardNo;
          if (!holderName) throw new BizError(1, '请输入持卡人姓名');
          if (!idCardNo) throw new BizError(1, '请输入身份证号');
          if (
            real &&
            ((body.holderName && body.holderName !== real.realName) ||
              (body.idCardNo && body.idCardNo !== real.idCardNo))
          ) {
            throw new BizError(2018, '持卡人须与账户实名信息一致');
          }
          if (!fourElementsPass(body.cardNo))
            throw new BizError(FOUR_ELEMENTS_FAILED.code, FOUR_ELEMENTS_FAILED.message);
          await consumeSmsCode(tx, sms, at);
          const bankCardId = await insertCard(
            tx,
            {
              accountId,
              cardType: 1,
              source: 1,
              holderName,
              idCardNo,
              cardNo: body.cardNo,
              bankCode: bin.bankCode,
              bankName: bin.bankName,
              branchName: body.branchName?.trim() || null,
              reservedPhone: body.reservedPhone,
              verifyStatus: 2,
            },
            at,
          );
          if (!real) {
            await tx.query(
              `insert into account_real_name (account_id, real_name, id_card_no_enc, source, create_time, update_time)
               values ($1, $2, (select id_card_no_enc from bank_card where id = $3), 1, $4, $4)`,
              [accountId, holderName, bankCardId, at],
            );
          }
          return {
            bankCardId,
            bankName: bin.bankName,
            bankLogo: bin.bankLogo,
            cardNoTail: body.cardNo.slice(-4),
            cardType: 1,
            holderName: maskName(holderName),
          };
        },
        () => checkSmsCode(db, sms, at),
      );
    },
  );

  // POST /api/user/unBindBank — unbinds a savings card (status 2; history keeps its name and tail).
  api.post(
    '/api/user/unBindBank',
    {
      permission: 'bank',
      input: z.object({ bankCardId: z.number().int().positive(), requestId: requestIdRule }),
      touches: touches.account,
    },
    async ({ caller, input: body }) => {
      const at = now();
      const accountId = caller.ownerId;
      return exactlyOnce(
        db,
        { accountId: caller.account.id, action: 'unBindBank', requestId: body.requestId, body },
        at,
        async (tx) => {
          await lockWallet(tx, accountId);
          const card = await cardOf(tx, accountId, body.bankCardId);
          // another account's card is answered as a missing one (2005), as out of reach (its existence not told)
          if (!card) throw new AccessDenied('denied-scope', 2005, '到账银行卡不存在或已解绑');
          if (card.status !== 1 || card.cardType !== 1) throw new BizError(2005, '到账银行卡不存在或已解绑');
          const setting = await one<{ autoWithdraw: number; bankCardId: number | null }>(
            tx,
            'select auto_withdraw, bank_card_id from withdraw_setting where account_id = $1',
            [accountId],
          );
          if (setting && Number(setting.bankCardId) === card.id) {
            if (Number(setting.autoWithdraw) === 1) {
              throw new BizError(2017, '该卡为自动提现到账卡，请先在自动提现中更换');
            }
            await tx.query('update withdraw_setting set bank_card_id = null, update_time = $2 where account_id = $1', [
              accountId,
              at,
            ]);
          }
          const busy = await scalar(
            tx,
            'select count(*) from withdrawal where account_id = $1 and bank_card_id = $2 and status in (1, 2)',
            [accountId, card.id],
          );
          if (busy > 0) throw new BizError(2015, '该卡有处理中的提现，暂不可操作');
          await tx.query('update bank_card set status = 2, unbind_time = $2, update_time = $2 where id = $1', [
            card.id,
            at,
          ]);
          return null;
        },
      );
    },
  );

  return api.app;
}

/** The card of the account's auto-withdraw setting while it is switched on, or null. */
async function autoCardId(db: PGlite, accountId: number): Promise<number | null> {
  const row = await one<{ bankCardId: number | null }>(
    db,
    'select bank_card_id from withdraw_setting where account_id = $1 and auto_withdraw = 1',
    [accountId],
  );
  return row?.bankCardId === null || row?.bankCardId === undefined ? null : Number(row.bankCardId);
}
