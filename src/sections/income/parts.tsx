import { Skeleton } from 'antd-mobile';
import { BankcardOutline } from 'antd-mobile-icons';
import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/button';
import { confirm } from '@/components/feedback';
import { safeImageUrl } from '@/lib/safe-url';
import styles from './money.module.css';

/**
 * Pieces shared by the money-out screens of the income section (D-income.md §2, §3, §5): the bank logo with its grey
 * fallback (§0.7), the card label `招商银行 储蓄卡(1234)` / `对公账户 名称(5678)`, form rows, the fixed bottom bar, the
 * loading / failed blocks and the leave guard of a form with typed data.
 */

/** A bank's logo; a grey card icon when the bank has none or it fails to load (D §0.7). */
export function BankLogo({ url, size = 28 }: { url: string | null | undefined; size?: number }) {
  const src = safeImageUrl(url);
  if (!src) return <BankcardOutline className={styles.logoFallback} style={{ fontSize: size }} aria-hidden />;
  return (
    <img
      className={styles.logo}
      src={src}
      alt=""
      width={size}
      height={size}
      onError={(e) => {
        e.currentTarget.style.visibility = 'hidden';
      }}
    />
  );
}

/** `招商银行 储蓄卡(1234)` or `对公账户 {accountName}(5678)` (D /income/withdraw 到账账户). */
export function cardLabel(card: {
  cardType: 1 | 2;
  bankName: string;
  cardNoTail: string;
  holderName?: string;
}): string {
  return card.cardType === 2
    ? `对公账户 ${card.holderName ?? card.bankName}(${card.cardNoTail})`
    : `${card.bankName} 储蓄卡(${card.cardNoTail})`;
}

/** A labelled form row. */
export function FormRow({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className={styles.row}>
      <span className={styles.rowLabel}>{label}</span>
      <div className={styles.rowValue}>
        {children}
        {hint && <div className={styles.rowHint}>{hint}</div>}
      </div>
    </div>
  );
}

/** A white card block of a screen. */
export function Block({ title, children, testId }: { title?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.block} data-testid={testId}>
      {title && <h2 className={styles.blockTitle}>{title}</h2>}
      {children}
    </section>
  );
}

/** The skeleton of a screen's first load. */
export function Loading() {
  return (
    <div className={styles.block}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={4} animated />
    </div>
  );
}

/** A failed load: the text and 点击重试. */
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

/** The page wrapper with the section's background. */
export function Page({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <main className={styles.page} data-testid={testId}>
      {children}
    </main>
  );
}

/**
 * Asks `question` before leaving while `dirty` (D bank/add: 放弃添加银行卡？); a cancelled leave stays. `dirty` may be
 * a function, read when the user leaves (so that a navigation right after a save sees the saved state).
 */
export function useLeaveGuard(dirty: boolean | (() => boolean), question: string): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (typeof dirty === 'function' ? dirty() : dirty) && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm('提示', question).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, question]);
}
