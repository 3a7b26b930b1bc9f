import { SCHEDULE } from '../domain/schedule';
import { nextPayout, nextReview, payOutDue, reviewDue } from '../domain/withdrawal';
import {
  activateShareRules,
  expireMonthCards,
  expirePayments,
  expireSiteApplications,
  nextPaymentExpiry,
} from './expiry';
import { mailSiteBills } from './bill-mail';
import { generateExports, nextExportDue } from './exports';
import { REMOTE_JOBS } from '../api/remote-start';
import { ONBOARDING_JOBS } from './onboarding';
import { postSplits, returnHeldOrders } from './posting';
import { dailyJob, type Job } from './runner';
import { dailyFreeze, monthlySettlement, simRent } from './settlement';
import { autoWithdraw } from './withdrawal';
import { nextHeartbeatTimeout, takeSilentBoxesOffline } from '../domain/warnings';

const { midnight, posting, dailyFreeze: freeze, settlement, billMail, autoWithdraw: auto } = SCHEDULE;

/**
 * The scheduled jobs of the sandbox in the one order of entities.md R10 (Asia/Shanghai; jobs due at the same instant
 * run in this order). README "Sandbox interfaces" lists them.
 */
export const JOBS: readonly Job[] = [
  // 00:00
  dailyJob('shareRuleVersions', midnight.hh, midnight.mm, activateShareRules),
  dailyJob('monthCardExpiry', midnight.hh, midnight.mm, expireMonthCards),
  dailyJob('simRent', midnight.hh, midnight.mm, simRent),
  dailyJob('siteApplyExpiry', midnight.hh, midnight.mm, expireSiteApplications),
  // 02:00
  dailyJob('posting', posting.hh, posting.mm, postSplits),
  dailyJob('heldOrderReturn', posting.hh, posting.mm, returnHeldOrders),
  // 02:30
  dailyJob('dailyFreeze', freeze.hh, freeze.mm, dailyFreeze),
  // 03:00
  dailyJob('settlement', settlement.hh, settlement.mm, monthlySettlement),
  // 08:00 — on each bill setting's bill day, last month's site bills to its e-mail (jobs/bill-mail.ts)
  dailyJob('billMail', billMail.hh, billMail.mm, mailSiteBills),
  // 10:00
  dailyJob('autoWithdraw', auto.hh, auto.mm, autoWithdraw),
  // item-driven: withdrawals reviewed an hour after they were made and paid out minutes after they enter 处理中;
  // unpaid arrears payments close after 15 minutes
  { name: 'withdrawalReview', nextDue: nextReview, run: reviewDue },
  { name: 'withdrawalPayout', nextDue: nextPayout, run: payOutDue },
  { name: 'paymentExpiry', nextDue: nextPaymentExpiry, run: expirePayments },
  // item-driven: the back office's and the bank's answers in the onboarding chain (jobs/onboarding.ts)
  ...ONBOARDING_JOBS,
  // item-driven: an export is generated and mailed 5 s after it was asked (jobs/exports.ts)
  { name: 'exportGeneration', nextDue: nextExportDue, run: generateExports },
  // item-driven: the simulated boxes acknowledge remote starts within seconds, or they fail after 60 s
  ...REMOTE_JOBS,
  // item-driven: a box whose heartbeat stopped goes 离线 10 minutes later with a 设备离线 warning (rules 3, 23)
  { name: 'deviceHeartbeat', nextDue: nextHeartbeatTimeout, run: takeSilentBoxesOffline },
];
