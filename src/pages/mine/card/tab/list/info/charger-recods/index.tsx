import { DatePicker } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { checkChargeRecords, type CardChargeRow } from '@/api/card';
import { END_REASON_LABELS, orderStatusLabel } from '@/api/order-rules';
import type { Page } from '@/api/http';
import { PagedList } from '@/components/paged-list';
import { EntryLink } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatMinutes, formatTime, shanghai } from '@/lib/time';
import { useCardQuery } from '@/sections/mine/card-parts';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/tab/list/info/charger-recods — 充电记录 (C-mine.md …/charger-recods): the charging sessions started with one
 * card in a month (the month picker defaults to this month; no future month), the summary "本月 N 次 · 扣费 ¥X" and
 * rows (site, box and socket, start, duration, charge — "月卡 · ¥0.00" for a month card —, status, end reason); a row
 * opens the order's detail.
 */

type ChargePage = Page<CardChargeRow> & { countSum: number; amountSum: number };

const Records = observer(function Records({ cardId, cardType }: { cardId: number; cardType: number }) {
  const thisMonth = shanghai(Date.now()).format('YYYY-MM');
  const [month, setMonth] = useState(thisMonth);
  const [picking, setPicking] = useState(false);
  const [sums, setSums] = useState<{ count: number; amount: number } | null>(null);
  const current = month === thisMonth;
  return (
    <main className={styles.page}>
      <div className={styles.filters}>
        <button type="button" className={styles.select} onClick={() => setPicking(true)} data-testid="month-picker">
          {month} ▾
        </button>
        <span className={styles.summary} data-testid="charge-summary">
          {current ? '本月' : month} {sums?.count ?? '--'} 次 · 扣费 {sums ? formatFen(sums.amount) : '--'}
        </span>
      </div>
      <DatePicker
        visible={picking}
        precision="month"
        max={new Date()}
        value={new Date(`${month}-01T00:00:00+08:00`)}
        onClose={() => setPicking(false)}
        onConfirm={(d) => setMonth(shanghai(d.getTime()).format('YYYY-MM'))}
      />
      <PagedList<CardChargeRow, ChargePage>
        testId="card-charge-list"
        fetchPage={(pageNum, pageSize) => checkChargeRecords(cardId, month, pageNum, pageSize)}
        watch={[cardId, month]}
        itemKey={(r) => r.orderId}
        estimateSize={96}
        skeletonRows={5}
        onPage={(page) => setSums({ count: page.countSum, amount: page.amountSum })}
        renderItem={(r) => {
          const to = href('chargerRecordInfo', { orderId: r.orderId });
          return (
            <EntryLink to={to} className={styles.item}>
              <div className={styles.itemHead}>
                <b>{r.siteName}</b>
                <span className={styles.money}>{cardType === 2 ? `月卡 · ${formatFen(0)}` : formatFen(r.amount)}</span>
              </div>
              <div className={styles.itemLine}>
                <span>
                  {r.serialNumber} · {r.socketNo}号口
                </span>
                <span>{orderStatusLabel(r.status)}</span>
              </div>
              <div className={styles.itemLine}>
                <span>{formatTime(r.startTime)}</span>
                <span>
                  时长 {formatMinutes(r.durationMinutes)}
                  {r.endReason ? ` · ${END_REASON_LABELS[r.endReason] ?? ''}` : ''}
                </span>
              </div>
            </EntryLink>
          );
        }}
        empty={<p>{current ? '本月暂无充电记录' : '该月暂无充电记录'}</p>}
      />
    </main>
  );
});

export default function ChargeRecords() {
  const query = useCardQuery('cardChargeRecords');
  if (!query) return null;
  return <Records key={query.cardId} cardId={query.cardId} cardType={query.cardType} />;
}
