import { useState } from 'react';
import { getCardIncomeDayList, type CardIncomeDay, type CardIncomePage } from '@/api/site-income';
import { useRouteQuery } from '@/components/route-query';
import { SummaryCard } from '@/sections/site/device-setup-parts';
import { Money } from '@/components/money';
import { PagedList } from '@/components/paged-list';
import { formatFen } from '@/lib/money';
import { dayLabel } from '@/stores/screens/site/site-income';
import setup from '@/sections/site/device-setup.module.css';

/**
 * /site/siteInfo/incomeSite/cardList — 充值收入明细 (B-site.md §5, rule E3): value-card and month-card top-ups sold at
 * the site in the month: the summary (净额, 储值卡, 月卡, 赠送 — not income, grey —, 退款, 笔数) and the day rows up to
 * today (newest first), with pull-to-refresh and infinite scroll. Card-level records live in /mine/card.
 */

function Summary({ summary }: { summary: CardIncomePage['summary'] | null }) {
  return (
    <SummaryCard
      testId="card-summary"
      figures={
        summary && [
          { label: '净额', value: <Money fen={summary.netAmount} />, testId: 'card-summary-net' },
          { label: '储值卡', value: <Money fen={summary.valueCardAmount} /> },
          { label: '月卡', value: <Money fen={summary.monthCardAmount} /> },
          { label: '赠送（非收入）', value: <Money fen={summary.giveAmount} />, muted: true },
          { label: '退款', value: <Money fen={-summary.refundAmount} /> },
          { label: '笔数', value: summary.rechargeCount },
        ]
      }
      emptyText={summary && summary.rechargeCount === 0 && summary.refundAmount === 0 ? '本月暂无充值收入' : null}
    />
  );
}

function DayRow({ day }: { day: CardIncomeDay }) {
  return (
    <div className={setup.day} data-date={day.date}>
      <div className={setup.dayHead}>
        <b>{dayLabel(day.date)}</b>
        <b data-testid={`card-day-net-${day.date}`}>
          <Money fen={day.netAmount} />
        </b>
      </div>
      <div className={setup.dayFigures}>
        <span>充值 {day.rechargeCount} 笔</span>
        <span>储值卡 {formatFen(day.valueCardAmount)}</span>
        <span>月卡 {formatFen(day.monthCardAmount)}</span>
        <span className={setup.grey}>赠送 {formatFen(day.giveAmount)}</span>
        <span>退款 {formatFen(-day.refundAmount)}</span>
      </div>
    </div>
  );
}

function CardListPage({ siteId, month }: { siteId: number; month: string }) {
  const [summary, setSummary] = useState<CardIncomePage['summary'] | null>(null);
  return (
    <>
      <Summary summary={summary} />
      <PagedList<CardIncomeDay, CardIncomePage>
        testId="card-days"
        fetchPage={(pageNum, pageSize) => getCardIncomeDayList({ siteId, month, pageNum, pageSize })}
        watch={[siteId, month]}
        itemKey={(d) => d.date}
        estimateSize={80}
        onPage={(page) => setSummary(page.summary)}
        renderItem={(day) => <DayRow day={day} />}
        empty={<p>本月暂无充值收入</p>}
      />
    </>
  );
}

/** The child route: reads siteId and month from the query (the layout keeps them valid). */
export default function CardList() {
  const query = useRouteQuery('siteIncomeCard');
  if (!query) return null;
  return <CardListPage key={`${query.siteId}-${query.month}`} siteId={query.siteId} month={query.month} />;
}
