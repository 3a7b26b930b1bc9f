import { observer } from 'mobx-react-lite';
import { RowLink } from '@/components/links';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { MerchantHomePage } from '@/api/home';
import { PagedList } from '@/components/paged-list';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { DetailFailed } from '@/sections/mine/card-parts';
import riders from '@/sections/mine/riders.module.css';
import { useStores } from '@/stores/root';
import { tenementSitesPage } from '@/stores/screens/mine/tenement';

/**
 * /mine/tenement-list/base/list — 全部站点 (C-mine.md "/mine/tenement-list/base/list"): the sites where the property
 * takes a share (merchantHomePage): header with the property's name, 站点 N 个 · 本月分润 ¥X; rows with the site's name,
 * address, 分润比例 (15.00%), 充电口 N, 本月收入 and 本月分润; a row opens the site (hidden without site:view).
 */

type SiteRow = MerchantHomePage['list'][number];

/** Basis points as the design's ratio with two decimals: 1500 → "15.00%". */
function ratio(bp: number | null): string {
  return bp === null ? '--' : `${(bp / 100).toFixed(2)}%`;
}

function SiteItem({ s, linked }: { s: SiteRow; linked: boolean }) {
  const body = (
    <>
      <div className={riders.itemHead}>
        <b>{s.siteName}</b>
        <span className={riders.muted}>分润比例 {ratio(s.shareRatio)}</span>
      </div>
      <div className={riders.itemLine}>
        <span>{s.address || '--'}</span>
        <span>充电口 {s.socketCount}</span>
      </div>
      <div className={riders.itemLine}>
        <span>本月收入 {formatFen(s.monthIncome)}</span>
        <span>
          本月分润 <span className={riders.money}>{formatFen(s.monthShareIncome)}</span>
        </span>
      </div>
    </>
  );
  return linked ? (
    <RowLink
      to={href('siteInfo', { siteId: s.siteId })}
      className={riders.item}
      data-testid={`property-site-${s.siteId}`}
    >
      {body}
    </RowLink>
  ) : (
    <div className={riders.item} data-testid={`property-site-${s.siteId}`}>
      {body}
    </div>
  );
}

const Sites = observer(function Sites({ merchantId }: { merchantId: number }) {
  const { session } = useStores();
  const [head, setHead] = useState<MerchantHomePage | null>(null);
  return (
    <main className={riders.page}>
      <section className={riders.card} aria-label="物业概况">
        <h2 data-testid="property-sites-name">{head?.name ?? '--'}</h2>
        <p className={riders.muted} data-testid="property-sites-summary">
          站点 {head?.summary.siteCount ?? '--'} 个 · 本月分润 {formatFen(head?.summary.monthShareIncome)}
        </p>
      </section>
      <PagedList<SiteRow, MerchantHomePage>
        testId="property-sites"
        fetchPage={(n, size) => tenementSitesPage(merchantId, n, size)}
        itemKey={(s) => s.siteId}
        estimateSize={104}
        onPage={(page) => setHead(page)}
        renderItem={(s) => <SiteItem s={s} linked={session.can('site:view')} />}
        empty={<p className={riders.center}>该物业暂未关联站点</p>}
      />
    </main>
  );
});

export default function TenementSites() {
  const query = useRouteQuery('tenementSites');
  const navigate = useNavigate();
  if (!query) return <DetailFailed text="缺少物业参数" onRetry={() => void navigate(href('tenementList'))} />;
  return <Sites merchantId={query.merchantId} />;
}
