import { clsx } from 'clsx';
import { Radio, SpinLoading, Tag } from 'antd-mobile';
import { useEffect, type ReactNode } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { CardType } from '@/api/card';
import {
  CARD_STATUS_LABELS,
  CARD_TYPE_LABELS,
  OFFLINE_PAY_TYPES,
  type CardStatus,
  type OfflinePayType,
  type RechargeTier,
} from '@/api/card-rules';
import { confirm } from '@/components/feedback';
import { useRouteQuery } from '@/components/route-query';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import styles from './riders.module.css';

/**
 * Pieces shared by the card screens of the mine section (C-mine.md /mine/card and its children): the card type of the
 * query (every card screen carries cardType; an unknown one goes back to the hub), the 卡片列表 | 添加卡片 tabs, the
 * status tag, the tier grid of a recharge, the 收款方式 radio, form rows, the bottom bar, the loading and failed
 * states, and the unsaved-changes guard.
 */

/** A card type from a query value, or null when it is not 1–4. */
export function cardTypeOf(value: number | undefined): CardType | null {
  return value === 1 || value === 2 || value === 3 || value === 4 ? value : null;
}

/** Goes back to the card hub (replace) when a card screen's query lacks a valid cardType or card. */
export function useLeaveToHub(missing: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (missing) void navigate(href('card'), { replace: true });
  }, [missing, navigate]);
}

/** The cardType and cardId of a screen about one card (null → the screen leaves for the hub). */
export function useCardQuery(
  name: 'cardInfo' | 'cardRecharge' | 'cardRechargeRecords' | 'cardChargeRecords' | 'cardActive' | 'cardBindAddress',
): { cardType: CardType; cardId: number } | null {
  const query = useRouteQuery(name);
  const cardType = cardTypeOf(query?.cardType);
  const result = query && cardType ? { cardType, cardId: query.cardId } : null;
  useLeaveToHub(result === null);
  return result;
}

/** Tag colours of the card statuses. */
const STATUS_COLORS: Record<CardStatus, string> = {
  1: 'default',
  2: 'warning',
  3: 'success',
  4: 'default',
  5: 'danger',
  6: 'warning',
};

/** The status tag of a card (未激活 / 已冻结 / 正常 / 已注销 / 已过期 / 已停卡). */
export function CardStatusTag({ status }: { status: CardStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} fill="outline" data-testid="card-status">
      {CARD_STATUS_LABELS[status]}
    </Tag>
  );
}

/** The type tag of a card. */
export function CardTypeTag({ cardType }: { cardType: CardType }) {
  return (
    <Tag color="primary" fill="outline">
      {CARD_TYPE_LABELS[cardType]}
    </Tag>
  );
}

/** The two tabs of card/tab: 卡片列表 | 添加卡片 (hidden for e-cards and without card:edit). */
export function CardTabs({
  cardType,
  current,
  canAdd,
}: {
  cardType: CardType;
  current: 'list' | 'add';
  canAdd: boolean;
}) {
  const navigate = useNavigate();
  if (cardType === 4 || !canAdd) return null;
  const go = (tab: 'list' | 'add') => {
    if (tab === current) return;
    void navigate(tab === 'list' ? href('cardList', { cardType }) : href('cardAdd', { cardType }), { replace: true });
  };
  return (
    <nav className={styles.tabs} role="tablist">
      <button
        type="button"
        role="tab"
        className={clsx(styles.tab, current === 'list' && styles.tabActive)}
        onClick={() => go('list')}
      >
        卡片列表
      </button>
      <button
        type="button"
        role="tab"
        className={clsx(styles.tab, current === 'add' && styles.tabActive)}
        onClick={() => go('add')}
      >
        添加卡片
      </button>
    </nav>
  );
}

/** Chips of a filter (one active). */
export function Chips<V>({
  items,
  value,
  onChange,
  testId,
}: {
  items: readonly { label: string; value: V }[];
  value: V;
  onChange: (value: V) => void;
  testId?: string;
}) {
  return (
    <div className={styles.chips} data-testid={testId}>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          className={clsx(styles.chip, item.value === value && styles.chipActive)}
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** Label / value rows of a detail block. */
export function Rows({ rows }: { rows: readonly { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className={styles.rows}>
      {rows.map((r) => (
        <div key={r.label} className={styles.row}>
          <dt>{r.label}</dt>
          <dd data-testid={r.testId}>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A form row: label (with * when required) and its control. `htmlFor` names the control's id, for a control whose
 * accessible name must come from this label (antd-mobile's TextArea takes an id but no aria-label; issue 15).
 */
export function Field({
  label,
  required,
  htmlFor,
  children,
}: {
  label: string;
  required?: boolean;
  htmlFor?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label className={required ? styles.required : undefined} htmlFor={htmlFor}>
        {label}
      </label>
      <div>{children}</div>
    </div>
  );
}

/** The sticky bottom bar of a screen. */
export function BottomBar({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={styles.bar} data-testid={testId}>
      {children}
    </div>
  );
}

/** The full-screen loading state of a detail (C-mine.md "Detail screens": 加载中 until the first answer). */
export function DetailLoading() {
  return (
    <main className={styles.page} aria-busy="true">
      <div className={styles.center}>
        <SpinLoading color="primary" />
        <span>加载中</span>
      </div>
    </main>
  );
}

/** The failed state of a detail: the text ("卡片不存在" …) and 重新加载. */
export function DetailFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <main className={styles.page}>
      <div className={styles.center} role="alert" data-testid="detail-failed">
        <p>{text}</p>
        <Button size="small" color="primary" fill="outline" onClick={onRetry}>
          重新加载
        </Button>
      </div>
    </main>
  );
}

/** The tier grid of a recharge: the site's tiers ("充¥50 送¥5"), 自定义 when allowed, 不充值 when offered. */
export function TierGrid({
  tiers,
  customAllowed,
  offerNone,
  choice,
  onChoose,
}: {
  tiers: readonly RechargeTier[];
  customAllowed: boolean;
  offerNone?: boolean;
  choice: { kind: 'tier'; index: number } | { kind: 'custom' } | { kind: 'none' } | null;
  onChoose: (choice: { kind: 'tier'; index: number } | { kind: 'custom' } | { kind: 'none' }) => void;
}) {
  const cell = (active: boolean) => clsx(styles.gridCell, active && styles.gridCellActive);
  return (
    <div className={styles.grid} data-testid="tier-grid">
      {offerNone && (
        <button type="button" className={cell(choice?.kind === 'none')} onClick={() => onChoose({ kind: 'none' })}>
          不充值
        </button>
      )}
      {tiers.map((t, index) => (
        <button
          key={t.payAmount}
          type="button"
          data-testid={`tier-${t.payAmount}`}
          className={cell(choice?.kind === 'tier' && choice.index === index)}
          onClick={() => onChoose({ kind: 'tier', index })}
        >
          充{formatFen(t.payAmount)}
          {t.giveAmount > 0 && <small>送{formatFen(t.giveAmount)}</small>}
        </button>
      ))}
      {customAllowed && (
        <button type="button" className={cell(choice?.kind === 'custom')} onClick={() => onChoose({ kind: 'custom' })}>
          自定义
        </button>
      )}
    </div>
  );
}

/** 收款方式: 现金 / 微信转账 / 支付宝转账 / 其他 (records only; no online payment happens). */
export function PayTypeRadio({
  value,
  onChange,
}: {
  value: OfflinePayType | null;
  onChange: (value: OfflinePayType) => void;
}) {
  return (
    <Radio.Group value={value ?? undefined} onChange={(v) => onChange(v as OfflinePayType)}>
      <div className={styles.chips}>
        {OFFLINE_PAY_TYPES.map((p) => (
          <Radio key={p.value} value={p.value}>
            {p.label}
          </Radio>
        ))}
      </div>
    </Radio.Group>
  );
}

/**
 * Asks "修改尚未保存，确定离开？" when the user leaves with unsaved changes (C-mine.md rechargeSet/info States); a
 * confirmed leave goes on, a cancelled one stays.
 */
export function useUnsavedGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm('提示', '修改尚未保存，确定离开？').then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
}

/** Copies text to the clipboard; resolves true when it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
