import { scalar, type Db } from '../lib/db';

/**
 * Site applications as every screen counts them (C-mine.md Business rule 16; entities.md R: accreditCount = SiteApply
 * status 0). A pending application is past its time from its expireTime on, whether or not the 00:00 job
 * (jobs/expiry.ts) has already written status 3: the counts, the lists and the decisions all read it this way, so that
 * the /mine and home badge (getCommercialInfo accreditCount), the /site banner and the 待处理 tab
 * (getUndealSiteApplyCount) always agree.
 */

/** SQL condition (on site_apply alias `a`) of an application still pending at the instant parameter `$n`. */
export function pendingCondition(n: number): string {
  return `(a.status = 0 and a.expire_time > $${n})`;
}

/** The pending applications of the operator `ownerId` at `at` (epoch ms): the one definition of accreditCount. */
export function pendingSiteApplyCount(db: Db, ownerId: number, at: number): Promise<number> {
  return scalar(db, `select count(*) from site_apply a where a.merchant_id = $1 and ${pendingCondition(2)}`, [
    ownerId,
    at,
  ]);
}
