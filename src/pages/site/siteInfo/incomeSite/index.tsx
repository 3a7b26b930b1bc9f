import { Picker, Skeleton } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { useLeaveWhen } from '@/components/route-query';
import { href, pathOf } from '@/config/routes';
import { useScreenStore } from '@/stores/screen-store';
import { incomeTabHref, type IncomeTab } from '@/sections/site/device-setup-parts';
import { useSiteQuery } from '@/sections/site/settings-ui';
import { Segmented } from '@/components/segmented';
import { pickMonth, siteIncomeMonthsStore } from '@/stores/screens/site/site-income';
import setup from '@/sections/site/device-setup.module.css';
import styles from './income-site.module.css';

/**
 * /site/siteInfo/incomeSite — 收入明细 (B-site.md §5): the layout of the month detail: a month picker (the site's
 * creation month … the current month; default the `month` query, else the current month), the tabs 充电收入 | 充值收入,
 * and the child list below. Changing the month replaces the query (the child reloads); a tab tap replaces the child
 * route keeping siteId and month; entering without a child goes to chargerList.
 */

const TABS: readonly { key: IncomeTab; label: string }[] = [
  { key: 'chargerList', label: '充电收入' },
  { key: 'cardList', label: '充值收入' },
];

const IncomeSiteLayout = observer(function IncomeSiteLayout({ siteId }: { siteId: number }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const store = useScreenStore(siteIncomeMonthsStore, siteId);
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    void store.site.load();
  }, [store]);
  useLeaveWhen(store.site.failed, href('site'));
  const months = store.months;
  const month = pickMonth(params.get('month'), months);
  const tab: IncomeTab = pathname.endsWith('/cardList') ? 'cardList' : 'chargerList';
  // Keep the query's month equal to the shown month (a missing or out-of-range month is replaced).
  useEffect(() => {
    if (months.length > 0 && params.get('month') !== month) {
      void navigate(incomeTabHref(tab, siteId, month), { replace: true });
    }
  }, [months.length, params, month, tab, siteId, navigate]);
  if (pathname.replace(/\/$/, '') === pathOf('siteIncomeSite')) {
    return <Navigate to={`${pathOf('siteIncomeCharger')}?${params.toString()}`} replace />;
  }
  return (
    <main className={setup.page} style={{ padding: 0 }}>
      <div className={styles.head}>
        {months.length === 0 ? (
          <div style={{ paddingBottom: 12 }} aria-busy="true">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={1} animated />
          </div>
        ) : (
          <>
            <Button fill="outline" onClick={() => setPicking(true)} data-testid="income-month-picker">
              {month} <DownOutline />
            </Button>
            <div style={{ padding: '10px 0' }}>
              <Segmented<IncomeTab>
                block
                label="收入类型"
                options={TABS}
                value={tab}
                onChange={(key) => void navigate(incomeTabHref(key, siteId, month), { replace: true })}
              />
            </div>
          </>
        )}
      </div>
      <Picker
        columns={[months.map((m) => ({ label: m, value: m }))]}
        visible={picking}
        value={[month]}
        onClose={() => setPicking(false)}
        onConfirm={(value) => {
          const next = typeof value[0] === 'string' ? value[0] : month;
          void navigate(incomeTabHref(tab, siteId, next), { replace: true });
        }}
      />
      {months.length > 0 && <Outlet />}
    </main>
  );
});

/** The route: ?siteId=&month=. */
export default function IncomeSite() {
  const query = useSiteQuery('siteIncomeSite');
  return query && <IncomeSiteLayout siteId={query.siteId} />;
}
