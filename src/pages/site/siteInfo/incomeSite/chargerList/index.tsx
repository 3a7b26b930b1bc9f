import { ActionSheet, InfiniteScroll, Popup } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getIncomeDayList, type ChargeIncomeDay, type ChargeIncomePage } from '@/api/site-income';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { SummaryCard } from '@/sections/site/device-setup-parts';
import { PagedList } from '@/components/paged-list';
import { Money } from '@/components/money';
import { useIsBuilt } from '@/components/route-availability';
import { formatFen } from '@/lib/money';
import { formatKwh, formatTime } from '@/lib/time';
import { CoinDayStore, dayLabel } from '@/stores/screens/site/site-income';
import setup from '@/sections/site/device-setup.module.css';

/**
 * /site/siteInfo/incomeSite/chargerList — 充电收入明细 (B-site.md §5, rules E2, E5): the month summary (净收入, 扫码,
 * 投币, 退款, 订单, 用电) and the day rows of the month up to today (newest first: 订单, 扫码, 投币, 退款, 净收入, 用电)
 * with pull-to-refresh and infinite scroll. A day opens an action sheet: 查看充电记录 (the mine section's list, when
 * built) and 投币明细 (when the day has coin income): a sheet with the day's coin total and its coin orders.
 */

function Summary({ summary }: { summary: ChargeIncomePage['summary'] | null }) {
  return (
    <SummaryCard
      testId="charge-summary"
      figures={
        summary && [
          { label: '净收入', value: <Money fen={summary.chargeNetIncome} />, testId: 'charge-summary-net' },
          { label: '扫码', value: <Money fen={summary.chargeIncome} /> },
          { label: '投币', value: <Money fen={summary.coinIncome} /> },
          { label: '退款', value: <Money fen={-summary.refundAmount} /> },
          { label: '订单', value: summary.orderCount },
          { label: '用电 kWh', value: formatKwh(summary.energyWh) },
        ]
      }
      emptyText={
        summary && summary.orderCount === 0 && summary.chargeNetIncome === 0 && summary.refundAmount === 0
          ? '本月暂无充电收入'
          : null
      }
    />
  );
}

function DayRow({ day, onTap }: { day: ChargeIncomeDay; onTap: (day: ChargeIncomeDay) => void }) {
  return (
    <div className={setup.day} role="button" data-date={day.date} onClick={() => onTap(day)}>
      <div className={setup.dayHead}>
        <b>{dayLabel(day.date)}</b>
        <b data-testid={`charge-day-net-${day.date}`}>
          <Money fen={day.chargeNetIncome} />
        </b>
      </div>
      <div className={setup.dayFigures}>
        <span>订单 {day.orderCount} 笔</span>
        <span>扫码 {formatFen(day.chargeIncome)}</span>
        <span className={day.coinIncome > 0 ? undefined : setup.grey}>投币 {formatFen(day.coinIncome)}</span>
        <span>退款 {formatFen(-day.refundAmount)}</span>
        <span>用电 {formatKwh(day.energyWh)} kWh</span>
      </div>
    </div>
  );
}

/** The 投币明细 sheet of one day. */
const CoinSheet = observer(function CoinSheet({ store, onClose }: { store: CoinDayStore; onClose: () => void }) {
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName={setup.sheet}>
      <div data-testid="coin-sheet">
        <h3>{store.date} 投币明细</h3>
        <p data-testid="coin-total">
          {store.total
            ? `投币 ${store.total.coinCount} 枚 · ${formatFen(store.total.amount)} · ${store.total.orderCount} 笔`
            : store.failed
              ? '--'
              : '加载中…'}
        </p>
        <ul>
          {store.list.map((o) => (
            <li key={o.id}>
              <span>
                {formatTime(o.startTime, 'HH:mm')} {o.serialNumber}-{o.socketNo}
              </span>
              <span>
                {o.coinCount}枚 · {formatFen(o.amount)} · {o.minutes}分钟
              </span>
            </li>
          ))}
        </ul>
        <InfiniteScroll loadMore={() => store.loadMore()} hasMore={store.hasMore} />
      </div>
    </Popup>
  );
});

const ChargerListPage = observer(function ChargerListPage({ siteId, month }: { siteId: number; month: string }) {
  const navigate = useNavigate();
  const isBuilt = useIsBuilt();
  const [summary, setSummary] = useState<ChargeIncomePage['summary'] | null>(null);
  const [coinDay, setCoinDay] = useState<CoinDayStore | null>(null);
  const openDay = (day: ChargeIncomeDay) => {
    const records = href('chargerRecordList', { siteId, date: day.date });
    const actions = [
      ...(isBuilt(records) ? [{ key: 'records', text: '查看充电记录' }] : []),
      ...(day.coinIncome > 0 ? [{ key: 'coins', text: '投币明细' }] : []),
    ];
    if (actions.length === 0) return;
    const handler = ActionSheet.show({
      actions,
      cancelText: '取消',
      onAction: (action) => {
        handler.close();
        if (action.key === 'records') void navigate(records);
        if (action.key === 'coins') {
          const store = new CoinDayStore(siteId, day.date);
          void store.loadTotal();
          setCoinDay(store);
        }
      },
    });
  };
  return (
    <>
      <Summary summary={summary} />
      <PagedList<ChargeIncomeDay, ChargeIncomePage>
        testId="charge-days"
        fetchPage={(pageNum, pageSize) => getIncomeDayList({ siteId, month, pageNum, pageSize })}
        watch={[siteId, month]}
        itemKey={(d) => d.date}
        estimateSize={86}
        onPage={(page) => setSummary(page.summary)}
        renderItem={(day) => <DayRow day={day} onTap={openDay} />}
        empty={<p>本月暂无充电收入</p>}
      />
      {coinDay && <CoinSheet store={coinDay} onClose={() => setCoinDay(null)} />}
    </>
  );
});

/** The child route: reads siteId and month from the query (the layout keeps them valid). */
export default function ChargerList() {
  const query = useRouteQuery('siteIncomeCharger');
  if (!query) return null;
  return <ChargerListPage key={`${query.siteId}-${query.month}`} siteId={query.siteId} month={query.month} />;
}
