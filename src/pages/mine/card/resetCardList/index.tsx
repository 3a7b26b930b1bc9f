import { SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { getResetCardList, type ResetRecord } from '@/api/card';
import { CARD_TYPE_LABELS, RESET_REASONS } from '@/api/card-rules';
import type { Page } from '@/api/http';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { formatFen } from '@/lib/money';
import { maskPhone } from '@/lib/phone';
import { formatTime } from '@/lib/time';
import { Chips, copyText } from '@/sections/mine/card-parts';
import styles from '@/sections/mine/riders.module.css';

/**
 * /mine/card/resetCardList — 注销记录 (C-mine.md card/resetCardList): the audit of cards reset to factory (balance
 * cleared, holder removed), newest first, by type (全部 / 站点储值卡 / 站点月卡 / 区域储值卡) and search (卡号 / 手机号):
 * the former holder, what was cleared ("清零 ¥x（本金 ¥a + 赠送 ¥b）" or "作废剩余 N 天"), sites, reason, operator,
 * time. Read-only; a tap copies the card number.
 */

const TABS = [
  { label: '全部', value: undefined },
  { label: CARD_TYPE_LABELS[1], value: 1 },
  { label: CARD_TYPE_LABELS[2], value: 2 },
  { label: CARD_TYPE_LABELS[3], value: 3 },
] as const;

function Row({ r }: { r: ResetRecord }) {
  const cleared =
    r.cardType === 2
      ? `作废剩余 ${r.remainDays ?? 0} 天（至 ${r.monthEndDate ?? '--'}）`
      : `清零 ${formatFen(r.clearedBalance + r.clearedGiveBalance)}（本金 ${formatFen(r.clearedBalance)} + 赠送 ${formatFen(r.clearedGiveBalance)}）`;
  const reason = RESET_REASONS.find((x) => x.value === r.reason)?.label ?? '其他';
  return (
    <div
      className={styles.item}
      role="button"
      data-testid={`reset-${r.id}`}
      onClick={() => void copyText(r.cardNo).then((ok) => ok && toast('卡号已复制'))}
    >
      <div className={styles.itemHead}>
        <b>{r.cardNo}</b>
        <span className={styles.muted}>{CARD_TYPE_LABELS[r.cardType]}</span>
      </div>
      <div className={styles.itemLine}>
        <span>
          {r.holderName || '--'} {maskPhone(r.phone)}
        </span>
        <span className={styles.danger}>{cleared}</span>
      </div>
      <div className={styles.itemLine}>
        <span>{r.siteNames.join('、') || '--'}</span>
        <span>
          {reason}
          {r.reasonRemark ? `：${r.reasonRemark}` : ''}
        </span>
      </div>
      <div className={styles.itemLine}>
        <span>操作人 {r.operatorName || '--'}</span>
        <span>{formatTime(r.resetTime)}</span>
      </div>
    </div>
  );
}

export default function ResetCardList() {
  const [cardType, setCardType] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  return (
    <main className={styles.page}>
      <Chips items={TABS} value={cardType} onChange={setCardType} testId="reset-tabs" />
      <SearchBar placeholder="卡号 / 手机号" value={keyword} maxLength={20} onChange={setKeyword} />
      <div style={{ height: 10 }} />
      <PagedList<ResetRecord, Page<ResetRecord>>
        testId="reset-list"
        fetchPage={(pageNum, pageSize) =>
          getResetCardList({
            pageNum,
            pageSize,
            ...(cardType === undefined ? {} : { cardType }),
            ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
          })
        }
        watch={[cardType, keyword.trim()]}
        debounceMs={300}
        itemKey={(r) => r.id}
        estimateSize={120}
        skeletonRows={5}
        renderItem={(r) => <Row r={r} />}
        empty={<p>暂无注销记录</p>}
      />
    </main>
  );
}
