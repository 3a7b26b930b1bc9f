import {
  activateShareRules,
  expireMonthCards,
  expirePayments,
  expireSiteApplications,
  nextPaymentExpiry,
} from './expiry';
import { ONBOARDING_JOBS } from './onboarding';
import { dailyJob, type Job } from './runner';

/**
 * The scheduled jobs of the sandbox in the one order of entities.md R10 (Asia/Shanghai; jobs due at the same instant
 * run in this order). README "Sandbox interfaces" lists them.
 */
export const JOBS: readonly Job[] = [
  // 00:00
  dailyJob('shareRuleVersions', 0, 0, activateShareRules),
  dailyJob('monthCardExpiry', 0, 0, expireMonthCards),
  dailyJob('siteApplyExpiry', 0, 0, expireSiteApplications),
  // item-driven
  { name: 'paymentExpiry', nextDue: nextPaymentExpiry, run: expirePayments },
  // item-driven: the back office's and the bank's answers in the onboarding chain (jobs/onboarding.ts)
  ...ONBOARDING_JOBS,
];
