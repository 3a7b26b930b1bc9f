import { BizError } from '../http/envelope';
import { maskPhone } from '../http/session';
import { one, rows, type Db } from '../lib/db';
import { maskAccountNo, maskCardNo, maskIdNo, maskName } from '../../src/api/income-rules';

/**
 * Bank cards and the account's real name (D-income.md "Business rules: Bank cards and real name"; entities.md §51–§54):
 * how the sandbox stores card numbers ("encrypted": 'b64:' + base64, never returned), masks what it returns, resolves a
 * number's bank from the BIN table, and stands in for the banks' four-element check. Used by the bank-card endpoints,
 * the entity certification and the settlement-card change.
 */

/** The sandbox's "encryption" of a stored secret (schema.sql: … _enc columns). */
export function enc(plain: string): string {
  return `b64:${Buffer.from(plain, 'utf8').toString('base64')}`;
}

/** The plain text of an "encrypted" value ('' for null). */
export function dec(value: string | null | undefined): string {
  if (!value) return '';
  return value.startsWith('b64:') ? Buffer.from(value.slice(4), 'base64').toString('utf8') : value;
}

export { maskAccountNo, maskCardNo, maskIdNo, maskName, maskPhone };

/** A BankBin row (entities.md §53) with its bank's logo. */
export interface BinRow {
  bin: string;
  bankCode: string;
  bankName: string;
  cardName: string;
  cardType: 1 | 2 | 3 | 4;
  cardLength: number;
  bankLogo: string;
}

/** The BIN entry of a card number: the longest bin (6–10 digits) its digits start with, or null. */
export async function binOf(db: Db, digits: string): Promise<BinRow | null> {
  const row = await one<BinRow>(
    db,
    `select b.bin, b.bank_code, b.bank_name, b.card_name, b.card_type, b.card_length, coalesce(k.bank_logo, '') as bank_logo
     from bank_bin b left join bank k on k.bank_code = b.bank_code
     where $1 like b.bin || '%' order by length(b.bin) desc limit 1`,
    [digits],
  );
  return row && { ...row, cardType: Number(row.cardType) as BinRow['cardType'], cardLength: Number(row.cardLength) };
}

/** A bank of the Bank table (entities.md §54), or null. */
export async function bankOf(
  db: Db,
  bankCode: string,
): Promise<{ bankCode: string; bankName: string; bankLogo: string } | null> {
  return one(db, 'select bank_code, bank_name, bank_logo from bank where bank_code = $1 and enabled = 1', [bankCode]);
}

/**
 * The banks' four-element check (name, ID number, card number, reserved phone) as the sandbox answers it (D: a number
 * ending in 0000 fails → 2013).
 */
export function fourElementsPass(cardNo: string): boolean {
  return !cardNo.endsWith('0000');
}

/** The 2013 refusal of the four-element check. */
export const FOUR_ELEMENTS_FAILED = {
  code: 2013,
  message: '银行卡信息校验失败，请核对持卡人、身份证号、卡号及预留手机号',
} as const;

/** A BankCard row as the endpoints read it (entities.md §51), with its bank's logo. */
export interface CardRow {
  id: number;
  accountId: number;
  cardType: 1 | 2;
  source: 1 | 2;
  holderNameEnc: string;
  holderNameMasked: string;
  idCardNoEnc: string | null;
  cardNoEnc: string;
  cardNoTail: string;
  bankCode: string | null;
  bankName: string;
  branchName: string | null;
  reservedPhoneEnc: string | null;
  verifyStatus: 0 | 1 | 2;
  status: 1 | 2;
  createTime: number;
  bankLogo: string;
}

function numeric(card: CardRow): CardRow {
  return {
    ...card,
    id: Number(card.id),
    accountId: Number(card.accountId),
    cardType: Number(card.cardType) as 1 | 2,
    source: Number(card.source) as 1 | 2,
    verifyStatus: Number(card.verifyStatus) as 0 | 1 | 2,
    status: Number(card.status) as 1 | 2,
    createTime: Number(card.createTime),
    bankLogo: card.bankLogo ?? '',
  };
}

const CARD_COLUMNS = `c.*, coalesce(b.bank_logo, '') as bank_logo`;

/** A card of the account (bound or not), or null. */
export async function cardOf(db: Db, accountId: number, bankCardId: number): Promise<CardRow | null> {
  const row = await one<CardRow>(
    db,
    `select ${CARD_COLUMNS} from bank_card c left join bank b on b.bank_code = c.bank_code
     where c.id = $1 and c.account_id = $2`,
    [bankCardId, accountId],
  );
  return row && numeric(row);
}

/** The account's bound cards of a type, oldest first. */
export async function boundCards(db: Db, accountId: number, cardType: 1 | 2): Promise<CardRow[]> {
  const list = await rows<CardRow>(
    db,
    `select ${CARD_COLUMNS} from bank_card c left join bank b on b.bank_code = c.bank_code
     where c.account_id = $1 and c.card_type = $2 and c.status = 1 order by c.create_time, c.id`,
    [accountId, cardType],
  );
  return list.map(numeric);
}

/** The account's real name (AccountRealName), decrypted, or null. */
export async function realNameOf(db: Db, accountId: number): Promise<{ realName: string; idCardNo: string } | null> {
  const row = await one<{ realName: string; idCardNoEnc: string }>(
    db,
    'select real_name, id_card_no_enc from account_real_name where account_id = $1',
    [accountId],
  );
  return row && { realName: row.realName, idCardNo: dec(row.idCardNoEnc) };
}

/**
 * Inserts a card and returns its id. Numbers are stored encrypted with their tail; the holder's name masked beside it.
 */
export async function insertCard(
  tx: Db,
  card: {
    accountId: number;
    cardType: 1 | 2;
    source: 1 | 2;
    holderName: string;
    idCardNo: string | null;
    cardNo: string;
    bankCode: string;
    bankName: string;
    branchName: string | null;
    reservedPhone: string | null;
    verifyStatus: 0 | 1 | 2;
  },
  at: number,
): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    `insert into bank_card (account_id, card_type, source, holder_name_enc, holder_name_masked, id_card_no_enc,
       card_no_enc, card_no_tail, bank_code, bank_name, branch_name, reserved_phone_enc, verify_status, status,
       create_time, update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 1, $14, $14) returning id`,
    [
      card.accountId,
      card.cardType,
      card.source,
      enc(card.holderName),
      maskName(card.holderName),
      card.idCardNo ? enc(card.idCardNo) : null,
      enc(card.cardNo),
      card.cardNo.slice(-4),
      card.bankCode,
      card.bankName,
      card.branchName,
      card.reservedPhone ? enc(card.reservedPhone) : null,
      card.verifyStatus,
      at,
    ],
  );
  if (!row) throw new Error('bank_card insert returned nothing');
  return Number(row.id);
}

/** The withdraw-info shape of a card (D §0.8 cashBank). */
export function cashBankOf(card: CardRow) {
  return {
    bankCardId: card.id,
    cardType: card.cardType,
    bankName: card.bankName,
    bankLogo: card.bankLogo,
    cardNoTail: card.cardNoTail,
    holderName: card.holderNameMasked,
  };
}

/** The settlement-card shape (D /income/openAccountDetail settleCard). */
export function settleCardOf(card: CardRow) {
  return { ...cashBankOf(card), verifyStatus: card.verifyStatus };
}

/** Throws 2005 unless the card is the account's, bound. */
export async function boundCardOf(db: Db, accountId: number, bankCardId: number): Promise<CardRow> {
  const card = await cardOf(db, accountId, bankCardId);
  if (!card || card.status !== 1) throw new BizError(2005, '到账银行卡不存在或已解绑');
  return card;
}
