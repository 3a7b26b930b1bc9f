import { Tag } from 'antd-mobile';
import { RowLink } from '@/components/links';
import type { SiteApplyRow } from '@/api/site-author';
import {
  PARTNER_TYPE_NAMES,
  SCOPE_NAMES,
  SITE_APPLY_STATUS_NAMES,
  daysLeft,
  type PartnerType,
  type SiteApplyScope,
  type SiteApplyStatus,
} from '@/api/site-author-rules';
import { href } from '@/config/routes';
import { safeImageUrl } from '@/lib/safe-url';
import { formatTime } from '@/lib/time';
import local from './site-author.module.css';
import styles from './riders.module.css';

/**
 * Pieces the site-authorisation screens share (C-mine.md /mine/siteAuthor/undisposed, /processed, /{id}/authorizeDetail):
 * the partner's logo and name, the scope chips, the result tag (已同意 green, 已拒绝 / 已过期 grey; the text always
 * says the result) and the rows of the two lists, each leading to the application's detail.
 */

const RESULT_COLORS: Record<SiteApplyStatus, string> = { 0: 'warning', 1: 'success', 2: 'default', 3: 'default' };

/** The result tag of an application. */
export function ApplyStatusTag({ status }: { status: SiteApplyStatus }) {
  return (
    <Tag color={RESULT_COLORS[status]} fill="outline" data-testid="apply-status">
      {SITE_APPLY_STATUS_NAMES[status]}
    </Tag>
  );
}

/** The partner's logo (the default square when it has none or it fails) and name, with its type tag. */
export function Partner({ name, logo, type }: { name: string; logo: string; type?: PartnerType }) {
  return (
    <span className={local.partner}>
      {safeImageUrl(logo) ? (
        <img className={local.logo} src={safeImageUrl(logo)} alt="" loading="lazy" />
      ) : (
        <span className={local.logo} />
      )}
      <span className={local.partnerName}>{name}</span>
      {type !== undefined && <Tag fill="outline">{PARTNER_TYPE_NAMES[type]}</Tag>}
    </span>
  );
}

/** The chips of the scopes asked for. */
export function ScopeChips({ scopes }: { scopes: readonly SiteApplyScope[] }) {
  return (
    <div className={local.scopes}>
      {scopes.map((s) => (
        <Tag key={s} color="primary" fill="outline">
          {SCOPE_NAMES[s]}
        </Tag>
      ))}
    </div>
  );
}

/** "申请 N 个站点：A站、B站…" (the first two names). */
function sitesText(r: SiteApplyRow): string {
  const names = r.siteNames.slice(0, 2).join('、');
  return `申请 ${r.siteCount} 个站点：${names}${r.siteCount > 2 ? '…' : ''}`;
}

/** A row of 待处理: partner, type, scopes, sites, term, time and "N 天后自动拒绝". */
export function PendingRow({ r, now }: { r: SiteApplyRow; now: number }) {
  return (
    <RowLink to={href('authorizeDetail', { id: r.id })} className={styles.item} data-testid={`site-apply-${r.id}`}>
      <div className={styles.itemHead}>
        <Partner name={r.partnerName} logo={r.partnerLogo} type={r.partnerType} />
      </div>
      <ScopeChips scopes={r.scopes} />
      <div className={styles.itemLine}>
        <span>{sitesText(r)}</span>
      </div>
      <div className={styles.itemLine}>
        <span>授权期限 {r.validMonths} 个月</span>
        <span>{formatTime(r.applyTime)}</span>
      </div>
      <div className={styles.itemLine}>
        <span className={local.expiry} data-testid="apply-expiry">
          {daysLeft(r.expireTime, now)} 天后自动拒绝
        </span>
      </div>
    </RowLink>
  );
}

/** A row of 已处理: partner, result, "已授权 x/y 个站点" and the term's end (agreed), time and who decided. */
export function ProcessedRow({ r }: { r: SiteApplyRow }) {
  const expired = r.status === 3;
  return (
    <RowLink to={href('authorizeDetail', { id: r.id })} className={styles.item} data-testid={`site-apply-${r.id}`}>
      <div className={styles.itemHead}>
        <Partner name={r.partnerName} logo={r.partnerLogo} />
        <ApplyStatusTag status={r.status} />
      </div>
      {r.status === 1 && (
        <div className={styles.itemLine}>
          <span data-testid="granted-count">
            已授权 {r.grantedSiteCount}/{r.siteCount} 个站点
          </span>
          <span>有效期至 {formatTime(r.authEndTime, 'YYYY-MM-DD')}</span>
        </div>
      )}
      <div className={styles.itemLine}>
        <span>{expired ? formatTime(r.expireTime) : formatTime(r.dealTime)}</span>
        <span>{expired ? '超时未处理' : `处理人 ${r.dealerName ?? '--'}`}</span>
      </div>
    </RowLink>
  );
}
