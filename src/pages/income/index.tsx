import { PullToRefresh, Skeleton } from 'antd-mobile';
import { RowLink } from '@/components/links';
import {
  EyeInvisibleOutline,
  EyeOutline,
  InformationCircleOutline,
  LockOutline,
  RightOutline,
  SoundOutline,
} from 'antd-mobile-icons';
import { FEATURE_ICONS } from '@/components/feature-icons';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { showAlert, toast } from '@/components/feedback';
import { Money } from '@/components/money';
import { FunctionGrid } from '@/components/function-grid';
import { EntryLink, useIsBuilt } from '@/components/route-availability';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import {
  incomeStore,
  isFlatSeries,
  OVERVIEW_RANGES,
  TREND_RANGES,
  type IncomeStore,
  type NoticeBar,
  type NoticeTone,
  type OverviewRange,
} from '@/stores/screens/income/income';
import { useScreenStore } from '@/stores/screen-store';
import { LazyLineChart } from '@/components/lazy-line-chart';
import { Segmented } from '@/components/segmented';
import styles from './income.module.css';

/**
 * /income — 收入 (D-income.md §1 "/income — 收入"): the wallet with its eye toggle, the notice bars, the income
 * overview (今日 | 昨日 | 本月) and trend chart (近7天 | 近30天 | 近12月), and the 功能 grid. Every figure comes from the
 * sandbox (wallet row, orders); blocks load in parallel, show skeletons first and `--` with a small 重试 on failure.
 * Links to screens not built yet are not tappable (EntryLink); the chart (uPlot) is a separate chunk.
 */

/** The uPlot chart, loaded only by this screen in its own chunk. */

/** The small 重试 of a failed block. */
function Retry({ onRetry, light = false }: { onRetry: () => void; light?: boolean }) {
  return (
    <button type="button" className={clsx(styles.retry, light && styles.retryLight)} onClick={onRetry}>
      重试
    </button>
  );
}

/** A link styled as a button; dimmed (and not tappable) while its screen is not built. */
function ActionLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  const isBuilt = useIsBuilt();
  return (
    <EntryLink to={to} className={clsx(className, !isBuilt(to) && styles.off)}>
      {children}
    </EntryLink>
  );
}

const WalletCard = observer(function WalletCard({ income }: { income: IncomeStore }) {
  const isBuilt = useIsBuilt();
  const { balance, mode } = income;
  const data = balance.data;
  const hidden = income.amountHidden;
  return (
    <section className={styles.wallet} data-testid="income-wallet">
      <div className={styles.walletHead}>
        <span>账户余额(元)</span>
        <button
          type="button"
          className={styles.eye}
          aria-label={hidden ? '显示金额' : '隐藏金额'}
          onClick={() => income.toggleAmountHidden()}
        >
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      {balance.pending ? (
        <Skeleton.Paragraph lineCount={3} animated className={styles.walletSkeleton} />
      ) : (
        <>
          <div className={styles.walletBig} data-testid="income-balance">
            <Money fen={data?.balance} hidden={hidden} className={styles.money} />
            {balance.failed && <Retry light onRetry={() => void income.loadBalance()} />}
          </div>
          <div className={styles.walletParts}>
            <span>
              可提现 <Money fen={data?.availableBalance} hidden={hidden} className={styles.money} />
            </span>
            <span>
              冻结中 <Money fen={income.frozenTotal} hidden={hidden} className={styles.money} />
              <button
                type="button"
                className={styles.info}
                aria-label="冻结说明"
                onClick={() => void showAlert({ title: '冻结说明', html: income.frozenAlert })}
              >
                <InformationCircleOutline />
              </button>
            </span>
            <span>
              提现中 <Money fen={data?.withdrawingAmount} hidden={hidden} className={styles.money} />
            </span>
          </div>
          <div className={styles.walletPending}>
            待入账 <Money fen={data?.pendingIncome} hidden={hidden} className={styles.money} />
          </div>
        </>
      )}
      <div className={styles.walletActions}>
        {income.canWithdraw && (
          <ActionLink to={href('withdraw')} className={`${styles.btn} ${styles.btnPrimary}`}>
            提现
          </ActionLink>
        )}
        <ActionLink to={href('incomeList')} className={`${styles.btn} ${styles.btnOutline}`}>
          收支明细
        </ActionLink>
      </div>
      <div className={styles.walletAuto}>
        <EntryLink to={href('autoWithdraw')} className={styles.walletAutoLink}>
          <span data-testid="income-auto-withdraw">{income.autoWithdrawLine}</span>
          {isBuilt(href('autoWithdraw')) && <RightOutline />}
        </EntryLink>
        {mode.failed && <Retry light onRetry={() => void income.loadMode()} />}
      </div>
      <div className={styles.walletTotals}>
        <span>
          累计入账 <Money fen={data?.totalIncome} hidden={hidden} className={styles.money} />
        </span>
        <span>
          累计提现 <Money fen={data?.totalWithdraw} hidden={hidden} className={styles.money} />
        </span>
      </div>
    </section>
  );
});

/** The look of a notice bar by its tone. */
const NOTICE_TONES: Record<NoticeTone, string | undefined> = {
  warning: styles.noticeWarning,
  danger: styles.noticeDanger,
  info: styles.noticeInfo,
};

const Notices = observer(function Notices({ income }: { income: IncomeStore }) {
  const isBuilt = useIsBuilt();
  const bars = income.notices;
  if (bars.length === 0) return null;
  const body = (bar: NoticeBar, tappable: boolean) => (
    <>
      <SoundOutline className={styles.noticeIcon} />
      <span className={styles.noticeText}>{bar.text}</span>
      {tappable && (
        <span className={styles.noticeAction}>
          {bar.action}
          <RightOutline />
        </span>
      )}
    </>
  );
  return (
    <div className={styles.notices} data-testid="income-notices">
      {bars.map((bar) => {
        const className = clsx(styles.notice, NOTICE_TONES[bar.tone]);
        const tappable = bar.to !== null && bar.action !== null && isBuilt(bar.to);
        return tappable && bar.to ? (
          <RowLink key={bar.key} to={bar.to} className={className} onClick={() => income.prepareNotice(bar)}>
            {body(bar, true)}
          </RowLink>
        ) : (
          <div key={bar.key} className={className}>
            {body(bar, false)}
          </div>
        );
      })}
    </div>
  );
});

/** One tile of the overview. */
function Tile({ label, fen, to, note }: { label: string; fen: number | undefined; to: string; note?: string }) {
  return (
    <EntryLink to={to} className={styles.tile}>
      <span className={styles.tileLabel}>
        {label}
        {note && <small>{note}</small>}
      </span>
      <Money fen={fen} className={`${styles.money} ${styles.tileValue}`} />
    </EntryLink>
  );
}

const Overview = observer(function Overview({ income }: { income: IncomeStore }) {
  const { curve, overviewRange: range } = income;
  const f = income.overview;
  const detail = (type: number) => href('incomeDetail', { type, range });
  return (
    <section className={styles.card} data-testid="income-overview">
      <div className={styles.cardHead}>
        <h2>收入概览</h2>
        <Segmented<OverviewRange>
          label="收入概览范围"
          options={OVERVIEW_RANGES}
          value={range}
          onChange={(key) => income.setOverviewRange(key)}
        />
      </div>
      {/* While the day curve loads, the same layout with a placeholder figure and the tiles at --, so that nothing
          below moves when it arrives (issue 14: CLS). */}
      <div className={styles.overviewLabel}>{income.isProperty ? '分润收入(元)' : '营业额(元)'}</div>
      {curve.pending ? (
        <div className={styles.big} aria-busy="true">
          <Skeleton animated className={styles.bigSkeleton} />
        </div>
      ) : (
        <div className={styles.big} data-testid="income-headline">
          <Money fen={income.headline} className={styles.money} />
          {curve.failed && <Retry onRetry={() => void curve.load()} />}
        </div>
      )}
      {!income.isProperty && (
        <div className={styles.tiles}>
          <Tile label="充电收入" fen={f?.charge} to={detail(1)} />
          <Tile label="储值卡充值" fen={f?.valueCard} to={detail(2)} />
          <Tile label="月卡收入" fen={f?.monthCard} to={detail(3)} />
          {income.coinEnabled && <Tile label="投币收入" note="现金" fen={f?.coin} to={href('coinBill', { range })} />}
          {income.showShareTile && <Tile label="分润收入" fen={f?.share} to={detail(5)} />}
          <Tile label="退款" fen={f ? -f.refund : undefined} to={href('incomeList', { bizType: 11 })} />
        </div>
      )}
    </section>
  );
});

const Trend = observer(function Trend({ income }: { income: IncomeStore }) {
  const source = income.trendSource;
  const series = income.trend;
  let body: ReactNode;
  if (source.failed) {
    body = (
      <div className={styles.trendState}>
        -- <Retry onRetry={() => void source.load()} />
      </div>
    );
  } else if (!series) {
    body = <Skeleton className={styles.trendSkeleton} animated />;
  } else {
    body = (
      <>
        <Suspense fallback={<Skeleton className={styles.trendSkeleton} animated />}>
          <LazyLineChart
            key={income.trendRange}
            points={series}
            title={`收入趋势（${TREND_RANGES.find((r) => r.key === income.trendRange)?.label ?? ''}）`}
            tooltip={(p) => income.tooltipOf(p)}
            describe={(p) => `${p.label} ${formatFen(p.value)}`}
            divisor={100}
            testId="income-trend-chart"
          />
        </Suspense>
        {isFlatSeries(series) && <div className={styles.trendEmpty}>暂无收入数据</div>}
      </>
    );
  }
  return (
    <section className={styles.card} data-testid="income-trend">
      <div className={styles.cardHead}>
        <h2>收入趋势</h2>
        <Segmented
          label="收入趋势范围"
          options={TREND_RANGES}
          value={income.trendRange}
          onChange={(key) => income.setTrendRange(key)}
        />
      </div>
      <div className={styles.trend}>{body}</div>
    </section>
  );
});

/** The 功能 grid: entries the account may use whose screen is built; the section hides when none is left. */
const Functions = observer(function Functions({ income }: { income: IncomeStore }) {
  const isBuilt = useIsBuilt();
  const visible = income.functions.filter((f) => isBuilt(f.to));
  if (visible.length === 0) return null;
  return (
    <section className={styles.card}>
      <div className={styles.cardHead}>
        <h2>功能</h2>
      </div>
      <FunctionGrid entries={visible.map((f) => ({ ...f, icon: FEATURE_ICONS[f.key] }))} />
    </section>
  );
});

function LockState() {
  return (
    <div className={styles.lock} data-testid="income-lock">
      <LockOutline className={styles.lockIcon} aria-hidden="true" />
      <h2>收入</h2>
      <p>查看营业收入、收支明细与账单，申请提现</p>
      <p>暂无权限，请联系主账号开通</p>
    </div>
  );
}

/** The /income screen: every block loaded on mount (none in the lock state); its route turns the footer on. */
const IncomePage = observer(function IncomePage() {
  const income = useScreenStore(incomeStore);
  useEffect(() => {
    void income.load();
  }, [income]);
  // The function entries come in a second, deferred render: the first one shows the wallet and the figures' skeletons
  // at once (issue 14 item 4, first visit of 收入). They are last, so nothing moves.
  const withFunctions = useDeferredValue(true, false);
  if (income.locked) {
    return (
      <main className={styles.page}>
        <LockState />
      </main>
    );
  }
  return (
    <main className={styles.page}>
      <PullToRefresh
        onRefresh={async () => {
          await income.refresh();
          toast('已刷新');
        }}
      >
        <div className={styles.body}>
          <WalletCard income={income} />
          <Notices income={income} />
          <Overview income={income} />
          <Trend income={income} />
          {withFunctions && <Functions income={income} />}
        </div>
      </PullToRefresh>
    </main>
  );
});

export default IncomePage;
