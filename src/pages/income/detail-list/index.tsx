import { PullToRefresh } from 'antd-mobile';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { DayBillMerchant, DayBillOperation } from '@/api/statements';
import { toast } from '@/components/feedback';
import { EntryLink } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatKwh } from '@/lib/time';
import { Block, Failed, Loading, Page } from '@/sections/income/parts';
import s from '@/sections/income/statement.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { dayLabel, detailListStore, type DetailListStore } from '@/stores/screens/income/statement';

/**
 * /income/detail-list — 明细 (D-income.md §4): one day of the statement by site — the day switcher (next stops at today;
 * the query is replaced), the day's summary (营业额 · 订单 · 电量 · 退款 · 净入账; 物业 view: 营业额 · 物业分润) and the sites
 * with data, each expanding to its parts (充电 · 储值卡 · 月卡 · 投币 · 退款 · 净入账, and 查看订单 → the site's charging
 * income of that month; 物业 view: 分润比例 · 物业分润). A missing or invalid `date` is today.
 */

const OperationDay = observer(function OperationDay({ day, store }: { day: DayBillOperation; store: DetailListStore }) {
  const m = day.summary;
  return (
    <>
      <Block testId="detail-summary">
        <span className={s.label}>营业额(元)</span>
        <div className={s.big} data-testid="detail-gross">
          {formatFen(m.grossIncome)}
        </div>
        <dl className={s.lines}>
          <dt>订单</dt>
          <dd>{m.orderCount}笔</dd>
          <dt>电量</dt>
          <dd>{formatKwh(m.energy)} kWh</dd>
          <dt>退款</dt>
          <dd>{formatFen(-m.refundAmount)}</dd>
          <dt className={s.total}>净入账</dt>
          <dd className={s.total} data-testid="detail-net">
            {formatFen(m.netIncome)}
          </dd>
        </dl>
      </Block>
      <Block title="站点明细" testId="detail-sites">
        {day.sites.length === 0 && <p className={s.empty}>当日暂无收入</p>}
        {day.sites.map((site) => {
          const key = site.siteId ?? 0;
          const open = store.expanded === key;
          return (
            <div key={key}>
              <button type="button" className={s.expand} aria-expanded={open} onClick={() => store.toggle(key)}>
                <div className={s.rowHead}>
                  <span>{site.siteName}</span>
                  <span>{formatFen(site.grossIncome)}</span>
                </div>
                <div className={s.rowLine}>
                  <span>订单 {site.orderCount} 笔</span>
                  <span>{open ? '收起' : '展开'}</span>
                </div>
              </button>
              {open && (
                <div className={s.row} data-testid="detail-site-parts">
                  <dl className={s.lines}>
                    <dt>充电</dt>
                    <dd>{formatFen(site.chargeIncome)}</dd>
                    <dt>储值卡</dt>
                    <dd>{formatFen(site.valueCardIncome)}</dd>
                    <dt>月卡</dt>
                    <dd>{formatFen(site.monthCardIncome)}</dd>
                    <dt>投币</dt>
                    <dd>{formatFen(site.coinIncome)}</dd>
                    <dt>退款</dt>
                    <dd>{formatFen(-site.refundAmount)}</dd>
                    <dt>净入账</dt>
                    <dd>{formatFen(site.netIncome)}</dd>
                  </dl>
                  {site.siteId !== null && (
                    <EntryLink
                      to={href('siteIncomeCharger', { siteId: site.siteId, month: day.date.slice(0, 7) })}
                      className={s.link}
                    >
                      查看订单
                    </EntryLink>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </Block>
    </>
  );
});

const MerchantDay = observer(function MerchantDay({ day, store }: { day: DayBillMerchant; store: DetailListStore }) {
  const m = day.summary;
  return (
    <>
      <Block testId="detail-summary">
        <span className={s.label}>营业额(元)</span>
        <div className={s.big} data-testid="detail-gross">
          {formatFen(m.grossIncome)}
        </div>
        <dl className={s.lines}>
          <dt>订单</dt>
          <dd>{m.orderCount}笔</dd>
          <dt className={s.total}>物业分润</dt>
          <dd className={s.total} data-testid="detail-share">
            {formatFen(m.shareAmount)}
          </dd>
        </dl>
      </Block>
      <Block title="站点明细" testId="detail-sites">
        {day.sites.length === 0 && <p className={s.empty}>当日暂无收入</p>}
        {day.sites.map((site) => {
          const open = store.expanded === site.siteId;
          return (
            <div key={site.siteId}>
              <button type="button" className={s.expand} aria-expanded={open} onClick={() => store.toggle(site.siteId)}>
                <div className={s.rowHead}>
                  <span>{site.siteName}</span>
                  <span>{formatFen(site.grossIncome)}</span>
                </div>
                <div className={s.rowLine}>
                  <span>订单 {site.orderCount} 笔</span>
                  <span>{open ? '收起' : '展开'}</span>
                </div>
              </button>
              {open && (
                <dl className={`${s.lines} ${s.row}`}>
                  <dt>分润比例</dt>
                  <dd>{(site.shareRate / 100).toFixed(2)}%</dd>
                  <dt>物业分润</dt>
                  <dd>{formatFen(site.shareAmount)}</dd>
                </dl>
              )}
            </div>
          );
        })}
      </Block>
    </>
  );
});

const DetailList = observer(function DetailList({ store }: { store: DetailListStore }) {
  const navigate = useNavigate();
  const move = (n: number) => {
    const date = store.shift(n);
    if (date) {
      void navigate(href('detailList', { date, merchantId: store.merchantId ?? undefined }), { replace: true });
    }
  };
  let body: ReactNode;
  if (store.block.failed) body = <Failed onRetry={() => void store.load()} />;
  else if (store.merchantView && store.merchant.data) body = <MerchantDay day={store.merchant.data} store={store} />;
  else if (!store.merchantView && store.operation.data) {
    body = <OperationDay day={store.operation.data} store={store} />;
  } else body = <Loading />;
  return (
    <Page testId="detail-list">
      <PullToRefresh
        onRefresh={async () => {
          await store.load();
          toast('已刷新');
        }}
      >
        <div className={s.daySwitch}>
          <button type="button" className={s.arrow} aria-label="前一天" onClick={() => move(-1)}>
            <LeftOutline />
          </button>
          <span data-testid="detail-date">{`${store.date.slice(0, 4)}-${dayLabel(store.date)}`}</span>
          <button
            type="button"
            className={s.arrow}
            aria-label="后一天"
            disabled={!store.canNext}
            onClick={() => move(1)}
          >
            <RightOutline />
          </button>
        </div>
        {body}
      </PullToRefresh>
    </Page>
  );
});

export default function DetailListPage() {
  const query = useRouteQuery('detailList');
  const store = useScreenStore(detailListStore, query?.date ?? null, query?.merchantId ?? null);
  useEffect(() => {
    void store.load();
  }, [store]);
  return <DetailList store={store} />;
}
