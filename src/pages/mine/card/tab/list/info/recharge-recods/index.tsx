import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { queryCardRecharge, type CardRechargeRow } from '@/api/card';
import { rechargeChannelText } from '@/api/card-rules';
import type { Page } from '@/api/http';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { copyText, useCardQuery } from '@/sections/mine/card-parts';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/tab/list/info/recharge-recods — 充值记录 (C-mine.md …/recharge-recods): every credit made to one card, newest
 * first, with the summary 累计充值 · 累计赠送 · 共 N 笔; rows: type tag, channel, 实付, 赠送, balance after (value) or the
 * period (month), operator or 用户自助, time and the recharge number (long-press copies it). Read-only.
 */

const TYPE_TAGS: Record<number, string> = { 1: '充值', 2: '开卡首充', 3: '月卡续费', 4: '旧卡转入' };

type RechargePage = Page<CardRechargeRow> & { payAmountSum: number; giveAmountSum: number };

function Row({ r, month }: { r: CardRechargeRow; month: boolean }) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = () => {
    timer.current = setTimeout(() => {
      void copyText(r.rechargeNo).then((ok) => ok && toast('充值单号已复制'));
    }, 600);
  };
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
  };
  return (
    <div
      className={styles.item}
      data-testid={`recharge-${r.id}`}
      onTouchStart={start}
      onTouchEnd={cancel}
      onTouchMove={cancel}
      onContextMenu={(e) => {
        e.preventDefault();
        void copyText(r.rechargeNo).then((ok) => ok && toast('充值单号已复制'));
      }}
    >
      <div className={styles.itemHead}>
        <b>{TYPE_TAGS[r.type] ?? '充值'}</b>
        <span className={styles.money}>实付 {formatFen(r.payAmount)}</span>
      </div>
      <div className={styles.itemLine}>
        <span>{rechargeChannelText(r.channel, r.payType)}</span>
        <span>赠送 {formatFen(r.giveAmount)}</span>
      </div>
      <div className={styles.itemLine}>
        <span>
          {month
            ? `有效期 ${r.periodStart ?? '--'} – ${r.periodEnd ?? '--'}`
            : `充值后余额 ${formatFen(r.balanceAfter + r.giveBalanceAfter)}`}
        </span>
        <span>{r.channel === 2 ? (r.operatorName ?? '后台') : '用户自助'}</span>
      </div>
      <div className={styles.itemLine}>
        <span>{formatTime(r.createTime)}</span>
        <span className={styles.muted}>{r.rechargeNo}</span>
      </div>
    </div>
  );
}

const Records = observer(function Records({ cardId, cardType }: { cardId: number; cardType: number }) {
  const [sums, setSums] = useState<{ pay: number; give: number; total: number } | null>(null);
  return (
    <main className={styles.page}>
      <section className={styles.card} data-testid="recharge-summary">
        累计充值 <b>{sums ? formatFen(sums.pay) : '--'}</b> · 累计赠送 {sums ? formatFen(sums.give) : '--'} · 共{' '}
        {sums?.total ?? '--'} 笔
      </section>
      <PagedList<CardRechargeRow, RechargePage>
        testId="recharge-list"
        fetchPage={(pageNum, pageSize) => queryCardRecharge(cardId, pageNum, pageSize)}
        watch={[cardId]}
        itemKey={(r) => r.id}
        estimateSize={110}
        skeletonRows={5}
        onPage={(page) => setSums({ pay: page.payAmountSum, give: page.giveAmountSum, total: page.total })}
        renderItem={(r) => <Row r={r} month={cardType === 2} />}
        empty={<p>暂无充值记录</p>}
      />
    </main>
  );
});

export default function RechargeRecords() {
  const query = useCardQuery('cardRechargeRecords');
  if (!query) return null;
  return <Records key={query.cardId} cardId={query.cardId} cardType={query.cardType} />;
}
