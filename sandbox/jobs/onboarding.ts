import type { Transaction } from '@electric-sql/pglite';
import {
  expireKyb,
  KYB_REMIT_DELAY_MS,
  remitKyb,
  REVIEW_DELAY_MS,
  reviewEntity,
  reviewEntityChange,
  reviewOpening,
  setSignStatus,
} from '../domain/onboarding';
import { rows, type Db } from '../lib/db';
import type { Job } from './runner';

/**
 * The onboarding chain's waiting steps on the business clock (D-income.md "Business rules: Merchant entity, e-sign,
 * online-bank account, KYB"; the sandbox's delays): the back office approves a certification of type 2/3, a change
 * application and an enterprise's signing, and the bank an online-bank opening, REVIEW_DELAY_MS after they were asked
 * (a test may answer first: POST /__sandbox/merchant/review); the bank remits a KYB amount KYB_REMIT_DELAY_MS after the
 * application; a remitted amount not reported within 48 h expires. Item-driven jobs: each answers when its next item
 * is due.
 */

/** The earliest instant of a query's `t` column, or null. */
async function earliest(db: Db, sql: string, params: unknown[] = []): Promise<number | null> {
  const result = await rows<{ t: string | number | null }>(db, sql, params);
  const t = result[0]?.t;
  return t === null || t === undefined ? null : Number(t);
}

/** Accounts whose item of a query is due at `at`. */
async function dueAccounts(tx: Transaction, sql: string, at: number): Promise<number[]> {
  return (await rows<{ accountId: number }>(tx, sql, [at, REVIEW_DELAY_MS])).map((r) => Number(r.accountId));
}

export const ONBOARDING_JOBS: readonly Job[] = [
  {
    name: 'entityReview',
    nextDue: (db) =>
      earliest(db, 'select min(submit_time) + $1::bigint as t from merchant_entity where cert_status = 1', [
        REVIEW_DELAY_MS,
      ]),
    run: async (tx, at) => {
      const due = 'select account_id from merchant_entity where cert_status = 1 and submit_time + $2::bigint <= $1';
      for (const id of await dueAccounts(tx, due, at)) await reviewEntity(tx, id, true, null, at);
    },
  },
  {
    name: 'entityChangeReview',
    nextDue: (db) =>
      earliest(db, 'select min(apply_time) + $1::bigint as t from merchant_entity_change where status = 1', [
        REVIEW_DELAY_MS,
      ]),
    run: async (tx, at) => {
      const due = 'select account_id from merchant_entity_change where status = 1 and apply_time + $2::bigint <= $1';
      for (const id of await dueAccounts(tx, due, at)) await reviewEntityChange(tx, id, true, null, at);
    },
  },
  {
    name: 'openingReview',
    nextDue: (db) =>
      earliest(db, 'select min(apply_time) + $1::bigint as t from merchant_entity_property where open_status = 2', [
        REVIEW_DELAY_MS,
      ]),
    run: async (tx, at) => {
      const due =
        'select account_id from merchant_entity_property where open_status = 2 and apply_time + $2::bigint <= $1';
      for (const id of await dueAccounts(tx, due, at)) await reviewOpening(tx, id, true, null, at);
    },
  },
  {
    name: 'signReview',
    nextDue: (db) =>
      earliest(
        db,
        `select min(f.finish_time) + $1::bigint as t from esign_flow f join account a on a.id = f.account_id
         where f.status = 2 and a.sign_status = 1`,
        [REVIEW_DELAY_MS],
      ),
    run: async (tx, at) => {
      const due = `select distinct f.account_id from esign_flow f join account a on a.id = f.account_id
        where f.status = 2 and a.sign_status = 1 and f.finish_time + $2::bigint <= $1`;
      for (const id of await dueAccounts(tx, due, at)) await setSignStatus(tx, id, 2, null, at);
    },
  },
  {
    name: 'kybRemit',
    nextDue: (db) =>
      earliest(db, 'select min(apply_time) + $1::bigint as t from kyb_verification where status = 1', [
        KYB_REMIT_DELAY_MS,
      ]),
    run: (tx, at) => remitKyb(tx, at),
  },
  {
    name: 'kybExpiry',
    nextDue: (db) => earliest(db, 'select min(expire_time) as t from kyb_verification where status = 2'),
    run: (tx, at) => expireKyb(tx, at),
  },
];
