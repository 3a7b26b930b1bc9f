import { ACC, type SeedCtx } from './context';
import type { Row } from './insert';
import { IMG, enc, maskName } from './util';

/**
 * The demo operators added after the rest of the world (held-operator.ts, owing-operator.ts): rows copied from rows of
 * the same kinds (so that their columns stay those of the other rows) with fixed values, ids after every other row.
 */

/** The next id of a table: after every row generated so far. */
export function nextId(ctx: SeedCtx, table: string): number {
  const max = ctx.rows(table).reduce((m, r) => Math.max(m, Number(r.id ?? 0)), 0);
  ctx.reserve(table, max + 1);
  return ctx.id(table);
}

/** A copy of the first row of `table` matching `pick`, with `over` applied (throws when there is none). */
export function copyOf(ctx: SeedCtx, table: string, pick: (r: Row) => boolean, over: Row): Row {
  const base = ctx.rows(table).find(pick);
  if (!base) throw new Error(`seed: no ${table} row to copy`);
  return { ...base, ...over };
}

/** An operator whose entity is a certified individual (个人) settling to a savings card in the person's name. */
export interface IndividualOperator {
  accountId: number;
  phone: string;
  name: string;
  shortName: string;
  /** Its logo (IMG('logo-….png'), a name of its own: the sandbox draws it from the account that refers to it). */
  logo: string;
  /** The person (contact, legal person, signer and card holder) and their ID number. */
  person: string;
  idNo: string;
  inviteCode: string;
  /** The account row copied (the same kind of operator) and what else differs from it. */
  accountLike: number;
  account: Row;
  /** Registered, and certified (entity and card) — epoch ms. */
  created: number;
  certified: number;
  /** The settlement card (debit, verified). */
  card: { no: string; bankCode: string; bankName: string };
  /** The e-agreement row copied (signed or not) and what else differs from it. */
  signLike: number;
  sign: Row;
}

/**
 * Adds the account, its settlement card, its certified individual entity, its e-agreement, its entity property (no
 * online-bank account required) and its empty wallet, in that order. Answers the entity's id.
 */
export function seedIndividualOperator(ctx: SeedCtx, o: IndividualOperator): number {
  const { accountId, phone, person, certified } = o;
  ctx.push(
    'account',
    copyOf(ctx, 'account', (r) => r.id === o.accountLike, {
      id: accountId,
      phone,
      name: o.name,
      shortName: o.shortName,
      logo: o.logo,
      contacts: person,
      contactPhone: phone,
      alarmPhone: phone,
      inviteCode: o.inviteCode,
      mainAccountId: accountId,
      createTime: o.created,
      ...o.account,
    }),
  );
  const bankCardId = nextId(ctx, 'bank_card');
  ctx.push('bank_card', {
    id: bankCardId,
    accountId,
    cardType: 1,
    source: 2,
    holderNameEnc: enc(person),
    holderNameMasked: maskName(person),
    idCardNoEnc: enc(o.idNo),
    cardNoEnc: enc(o.card.no),
    cardNoTail: o.card.no.slice(-4),
    bankCode: o.card.bankCode,
    bankName: o.card.bankName,
    branchName: null,
    reservedPhoneEnc: enc(phone),
    verifyStatus: 2,
    status: 1,
    unbindTime: null,
    createTime: certified,
    updateTime: certified,
  });
  const entityId = nextId(ctx, 'merchant_entity');
  ctx.push(
    'merchant_entity',
    copyOf(ctx, 'merchant_entity', (r) => r.accountId === ACC.agent, {
      id: entityId,
      accountId,
      entityType: 1,
      name: person,
      licenseNo: null,
      licenseImage: null,
      legalName: person,
      legalIdNoEnc: enc(o.idNo),
      idFrontImage: IMG(`idfront-${accountId}.jpg`),
      idBackImage: IMG(`idback-${accountId}.jpg`),
      signerSameAsLegal: true,
      signerName: person,
      signerIdNoEnc: enc(o.idNo),
      signerPhone: phone,
      authLetterImage: null,
      settleAccountType: 1,
      settleBankCardId: bankCardId,
      email: null,
      certStatus: 2,
      rejectReason: null,
      submitTime: o.created,
      certTime: certified,
      createTime: o.created,
      updateTime: certified,
    }),
  );
  ctx.push(
    'merchant_sign',
    copyOf(ctx, 'merchant_sign', (r) => r.accountId === o.signLike, {
      id: nextId(ctx, 'merchant_sign'),
      accountId,
      entityId,
      signerName: person,
      signerPhone: phone,
      rejectReason: null,
      ...o.sign,
    }),
  );
  ctx.push(
    'merchant_entity_property',
    copyOf(ctx, 'merchant_entity_property', (r) => r.accountId === ACC.agent, {
      id: nextId(ctx, 'merchant_entity_property'),
      entityId,
      accountId,
      openRequired: false,
      openStatus: 0,
      createTime: certified,
      updateTime: certified,
    }),
  );
  ctx.push(
    'wallet',
    copyOf(ctx, 'wallet', (r) => r.accountId === ACC.unsignedOperator, {
      accountId,
      createTime: o.created,
      updateTime: o.created,
    }),
  );
  return entityId;
}
