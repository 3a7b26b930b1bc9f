import { PullToRefresh, Skeleton } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { useLeaveWhen } from '@/components/route-query';
import { href } from '@/config/routes';
import { useScreenStore } from '@/stores/screen-store';
import { Figures, incomeTabHref } from '@/sections/site/device-setup-parts';
import { useSiteQuery } from '@/sections/site/settings-ui';
import { LazyLineChart } from '@/components/lazy-line-chart';
import { Money } from '@/components/money';
import { formatFen } from '@/lib/money';
import { formatKwh } from '@/lib/time';
import { monthChartPoints, siteIncomeYearStore } from '@/stores/screens/site/site-income';
import setup from '@/sections/site/device-setup.module.css';
import styles from './income-list.module.css';

/**
 * /site/siteInfo/incomeList — 充电收入概览 (B-site.md §5, rules E1–E4): one site's income by year: the year switcher
 * (creation year … current year), the summary (年度总收入, 我的收入 = the caller's own share, 订单, 用电), the monthly
 * income chart, and the month rows (newest first: 总收入 with 充电 · 投币 · 充值 · 退款, 我的收入) leading to the day
 * detail of that month; shortcuts 充电明细 / 充值明细 of the current month. Pull-to-refresh reloads the year.
 */

/** The shortcuts to the current month's detail: its tab and label. */
const SHORTCUTS = [
  ['chargerList', '充电明细'],
  ['cardList', '充值明细'],
] as const;

const IncomeListPage = observer(function IncomeListPage({ siteId }: { siteId: number }) {
  const navigate = useNavigate();
  const store = useScreenStore(siteIncomeYearStore, siteId);
  useEffect(() => {
    void store.init();
  }, [store]);
  useLeaveWhen(store.site.failed, href('site'));
  const year = store.current;
  const data = year.data;
  const detail = (tab: 'chargerList' | 'cardList', month: string) => incomeTabHref(tab, siteId, month);
  return (
    <main className={setup.page}>
      <PullToRefresh onRefresh={() => store.refresh()}>
        {store.site.data && (
          <div className={setup.banner} data-testid="income-site">
            {store.site.data.name}
          </div>
        )}
        <div className={styles.year} data-testid="income-year">
          <button type="button" aria-label="上一年" disabled={!store.canPrev} onClick={() => void store.shiftYear(-1)}>
            <LeftOutline />
          </button>
          <span>{store.year}</span>
          <button type="button" aria-label="下一年" disabled={!store.canNext} onClick={() => void store.shiftYear(1)}>
            <RightOutline />
          </button>
        </div>
        {year.pending || (!data && !year.failed) ? (
          <section className={setup.card} aria-busy="true">
            <Skeleton.Paragraph lineCount={6} animated />
          </section>
        ) : year.failed && !data ? (
          <section className={`${setup.card} ${setup.notice}`}>
            <p>加载失败</p>
            <Button size="small" color="primary" fill="outline" onClick={() => void year.load()}>
              点击重试
            </Button>
          </section>
        ) : (
          data && (
            <>
              <section className={setup.card} data-testid="income-summary">
                <Figures
                  items={[
                    {
                      label: '年度总收入',
                      value: <Money fen={data.summary.totalIncome} />,
                      testId: 'income-year-total',
                    },
                    { label: '我的收入', value: <Money fen={data.summary.myIncome} />, testId: 'income-year-mine' },
                    { label: '订单', value: `${data.summary.orderCount} 笔` },
                    { label: '用电', value: `${formatKwh(data.summary.energyWh)} kWh` },
                  ]}
                />
                {store.empty && <p className={setup.empty}>本年暂无收入</p>}
              </section>
              <section className={setup.card}>
                <h2>月度收入</h2>
                <Suspense fallback={<Skeleton animated style={{ height: 180 }} />}>
                  <LazyLineChart
                    key={store.year}
                    points={monthChartPoints(data.list)}
                    title={`${store.year}年月度收入`}
                    tooltip={(p) => `${p.month} ${formatFen(p.value)}`}
                    divisor={100}
                    variant="bar"
                    testId="income-month-chart"
                  />
                </Suspense>
              </section>
              <section className={setup.card} data-testid="income-months">
                <div className={styles.links}>
                  {SHORTCUTS.map(([tab, label]) => (
                    <Button
                      key={tab}
                      color="primary"
                      fill="outline"
                      onClick={() => void navigate(detail(tab, store.thisMonth))}
                    >
                      {label}
                    </Button>
                  ))}
                </div>
                {data.list.map((m) => (
                  <RowLink
                    key={m.month}
                    to={detail('chargerList', m.month)}
                    className={styles.monthRow}
                    data-month={m.month}
                  >
                    <div className={styles.monthMain}>
                      <b>{m.month}</b>
                      <small>
                        充电 {formatFen(m.chargeIncome)} · 投币 {formatFen(m.coinIncome)} · 充值{' '}
                        {formatFen(m.cardIncome)} · 退款 {formatFen(-m.refundAmount)}
                      </small>
                    </div>
                    <div className={styles.monthSide}>
                      <b data-testid={`income-month-total-${m.month}`}>
                        <Money fen={m.totalIncome} />
                      </b>
                      我的收入 <Money fen={m.myIncome} />
                    </div>
                    <RightOutline />
                  </RowLink>
                ))}
              </section>
            </>
          )
        )}
      </PullToRefresh>
    </main>
  );
});

/** The route: ?siteId= (required). */
export default function IncomeList() {
  const query = useSiteQuery('siteIncomeList');
  return query && <IncomeListPage siteId={query.siteId} />;
}
