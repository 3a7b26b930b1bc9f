import { Tag } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { WITHDRAW_STATUS_TEXT, type WithdrawRecord, type WithdrawStatus } from '@/api/withdraw';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { BankLogo } from './parts';
import styles from './withdraw-row.module.css';

/**
 * One withdrawal of the records lists (D-income.md §2 /income/withdraw-list and /income/withdrawHistory: bank, amount,
 * fee, status, 自动 tag, time); a tap opens its cashResult.
 */

/** Status tags (D): 待审核 / 处理中 blue, 已到账 green, 提现失败 / 已驳回 red; the words are WITHDRAW_STATUS_TEXT. */
export const STATUS_TAGS: Record<WithdrawStatus, { text: string; color: string }> = {
  1: { text: WITHDRAW_STATUS_TEXT[1], color: 'primary' },
  2: { text: WITHDRAW_STATUS_TEXT[2], color: 'primary' },
  3: { text: WITHDRAW_STATUS_TEXT[3], color: 'success' },
  4: { text: WITHDRAW_STATUS_TEXT[4], color: 'danger' },
  5: { text: WITHDRAW_STATUS_TEXT[5], color: 'danger' },
};

export function WithdrawRow({ r }: { r: WithdrawRecord }) {
  const tag = STATUS_TAGS[r.status];
  return (
    <RowLink to={href('cashResult', { id: r.id })} className={styles.row} data-testid={`withdraw-row-${r.id}`}>
      <BankLogo url={r.bankLogo} />
      <div className={styles.rowMain}>
        <span>
          提现至 {r.bankName}({r.cardNoTail}) {r.source === 2 && <Tag color="default">自动</Tag>}
        </span>
        <span className={styles.muted}>{formatTime(r.applyTime, 'MM-DD HH:mm')}</span>
        {r.failReason && <span className={styles.fail}>{r.failReason}</span>}
      </div>
      <div className={styles.rowSide}>
        <b>-{formatFen(r.amount)}</b>
        <span className={styles.muted}>手续费 {formatFen(r.fee)}</span>
        <Tag color={tag.color}>{tag.text}</Tag>
      </div>
    </RowLink>
  );
}
