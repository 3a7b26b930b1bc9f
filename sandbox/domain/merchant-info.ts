import type { MerchantField } from '../../src/api/mine-set-rules';
import type { AccountRow } from '../http/session';

/**
 * The merchant fields an account has not filled in yet (C-mine.md /mine/set 待完善, /mine's gear dot): 商户简称, 联系人,
 * 客服电话 (its own, else its operator's) and 接收邮箱, in that order. The one definition of getCommercialInfo's
 * infoComplete and of checkoutMerchantInfo's missingFields.
 */
export function missingMerchantFields(account: AccountRow, owner: AccountRow | null): MerchantField[] {
  const missing: MerchantField[] = [];
  if (!account.shortName) missing.push('shortName');
  if (!account.contacts) missing.push('contacts');
  if (!account.servicePhone && !owner?.servicePhone) missing.push('servicePhone');
  if (!account.email) missing.push('email');
  return missing;
}
