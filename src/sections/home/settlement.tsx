import { Skeleton, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import type { DeductionStatus, FeePeriodStatus, PlanStatus } from '@/api/settlement';
import {
  COST_SETTLEMENT_STATUS_LABELS,
  DEDUCTION_STATUS_LABELS,
  FEE_PERIOD_STATUS_LABELS,
  PLAN_STATUS_LABELS,
  SITE_INSTALMENT_STATUS_LABELS,
} from '@/api/settlement-rules';
import { formatFen } from '@/lib/money';
import styles from './settlement.module.css';

/**
 * What the settlement screens of the home group share (A-shell-home-settlement.md §4 /stages/*, §5 /platformfee/*):
 * the page frame, cards, figures, the status tags of plans, deductions, monthly sheets and platform-fee periods (the
 * tag's text always says the state; colour only repeats it), and the loading / failed blocks.
 */

/** The page frame with the section's background. */
export function SettlePage({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <main className={styles.page} data-testid={testId}>
      {children}
    </main>
  );
}

/** A white card, with an optional title (and something at its right). */
export function Card({
  title,
  extra,
  children,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className={styles.card} data-testid={testId}>
      {title && (
        <h2 className={styles.cardTitle}>
          <span>{title}</span>
          {extra}
        </h2>
      )}
      {children}
    </section>
  );
}

/** A labelled money figure (fen; `--` while unknown). */
export function Figure({
  label,
  fen,
  danger,
  testId,
}: {
  label: string;
  fen: number | null | undefined;
  danger?: boolean;
  testId?: string;
}) {
  return (
    <div className={styles.figure}>
      <span className={styles.label}>{label}</span>
      <b className={danger ? styles.danger : undefined} data-testid={testId}>
        {formatFen(fen)}
      </b>
    </div>
  );
}

/** The skeleton of a block's first load. */
export function Loading() {
  return (
    <div className={styles.card}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={4} animated />
    </div>
  );
}

/** A failed block: its text and 点击重试 (the request layer already told why). */
export function Failed({ text = '加载失败', onRetry }: { text?: string; onRetry: () => void }) {
  return (
    <div className={styles.empty}>
      <p>{text}</p>
      <Button size="small" onClick={onRetry}>
        点击重试
      </Button>
    </div>
  );
}

type TagColor = 'primary' | 'success' | 'default' | 'warning' | 'danger';
const tag = (text: string, color: TagColor) => ({ text, color });

/** Plan status (A §4): 分期中 blue, 已结清 green, 已终止 grey, 暂停扣款 orange; words PLAN_STATUS_LABELS. */
export const PLAN_TAGS: Record<PlanStatus, { text: string; color: TagColor }> = {
  1: tag(PLAN_STATUS_LABELS[1], 'primary'),
  2: tag(PLAN_STATUS_LABELS[2], 'success'),
  3: tag(PLAN_STATUS_LABELS[3], 'default'),
  4: tag(PLAN_STATUS_LABELS[4], 'warning'),
};

/** Deduction status (InstalmentDeduction): 冻结中, 已扣清, 部分扣款, 未扣款; words DEDUCTION_STATUS_LABELS. */
export const DEDUCTION_TAGS: Record<DeductionStatus, { text: string; color: TagColor }> = {
  1: tag(DEDUCTION_STATUS_LABELS[1], 'primary'),
  2: tag(DEDUCTION_STATUS_LABELS[2], 'success'),
  3: tag(DEDUCTION_STATUS_LABELS[3], 'warning'),
  4: tag(DEDUCTION_STATUS_LABELS[4], 'danger'),
};

/** Monthly sheet status (oldStages): 已结算 green, 有欠费 red (结算中 while open); words COST_SETTLEMENT_STATUS_LABELS. */
export const SHEET_TAGS: Record<1 | 2 | 3, { text: string; color: TagColor }> = {
  1: tag(COST_SETTLEMENT_STATUS_LABELS[1], 'primary'),
  2: tag(COST_SETTLEMENT_STATUS_LABELS[2], 'success'),
  3: tag(COST_SETTLEMENT_STATUS_LABELS[3], 'danger'),
};

/** Platform-fee period status (recordList): 结算中 blue, 已结清 green, 欠费 red, 已补缴 grey; FEE_PERIOD_STATUS_LABELS. */
export const PERIOD_TAGS: Record<FeePeriodStatus, { text: string; color: TagColor }> = {
  1: tag(FEE_PERIOD_STATUS_LABELS[1], 'primary'),
  2: tag(FEE_PERIOD_STATUS_LABELS[2], 'success'),
  3: tag(FEE_PERIOD_STATUS_LABELS[3], 'danger'),
  4: tag(FEE_PERIOD_STATUS_LABELS[4], 'default'),
};

/** Site instalment status (split mode): 分期中, 已结清, 暂停分账; words SITE_INSTALMENT_STATUS_LABELS. */
export const SITE_INSTALMENT_TAGS: Record<1 | 2 | 3, { text: string; color: TagColor }> = {
  1: tag(SITE_INSTALMENT_STATUS_LABELS[1], 'primary'),
  2: tag(SITE_INSTALMENT_STATUS_LABELS[2], 'success'),
  3: tag(SITE_INSTALMENT_STATUS_LABELS[3], 'warning'),
};

/** A status tag of one of the tables above. */
export function StatusTag({ of }: { of: { text: string; color: TagColor } | undefined }) {
  if (!of) return null;
  return <Tag color={of.color}>{of.text}</Tag>;
}

/** Order type labels of split deductions. */
export const ORDER_TYPE_LABELS: Record<1 | 2 | 3 | 5, string> = {
  1: '充电订单',
  2: '储值卡充值',
  3: '月卡购买',
  5: '区域卡消费',
};
