import { PullToRefresh } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import type { SiteInstalment } from '@/api/settlement';
import { EntryLink } from '@/components/route-availability';
import { Progress } from '@/components/progress';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { Card, Failed, Figure, Loading, SettlePage, SITE_INSTALMENT_TAGS, StatusTag } from '@/sections/home/settlement';
import s from '@/sections/home/settlement.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { platformFeeStore, type PlatformFeeStore } from '@/stores/screens/home/settlement';

/**
 * /platformfee/settleCurrent — 本期结算 (A-shell-home-settlement.md §5, settleMode 2): the open period (第N期 and its
 * dates, 本期应缴 = 设备分期款 + 平台服务费, 已分账扣款, 待扣, progress, 分账比例, days to the settle date, 结算中 / 已扣满),
 * the hint line, the arrears bar with 去缴费, the device-instalment overview, the site instalments (a row opens the
 * deductions of that site) and the cells 扣款明细 and 结算记录. settleMode 1 points to the settlement centre.
 */

const Period = observer(function Period({ store }: { store: PlatformFeeStore }) {
  const c = store.current.data;
  if (store.current.pending) return <Loading />;
  if (store.current.failed) return <Failed onRetry={() => void store.current.load()} />;
  if (!c) {
    return (
      <Card testId="fee-none">
        <p className={s.muted}>本期暂无待结算费用</p>
      </Card>
    );
  }
  const full = c.deductedAmount >= c.dueAmount;
  return (
    <>
      <Card
        testId="fee-period"
        title={`第${c.periodNo}期 ${c.startDate} 至 ${c.endDate}`}
        extra={<span className={full ? undefined : s.muted}>{full ? '已扣满' : '结算中'}</span>}
      >
        <span className={s.label}>本期应缴</span>
        <div className={s.big} data-testid="fee-due">
          {formatFen(c.dueAmount)}
        </div>
        <p className={s.muted}>
          设备分期款 {formatFen(c.deviceAmount)} + 平台服务费 {formatFen(c.platformFeeAmount)}
        </p>
        <div className={s.figures}>
          <Figure label="已分账扣款" fen={c.deductedAmount} testId="fee-deducted" />
          <Figure label="待扣" fen={c.remainAmount} testId="fee-remain" />
          <div className={s.figure}>
            <span className={s.label}>分账比例</span>
            <b>{c.proportion}%</b>
          </div>
        </div>
        <Progress percent={store.progress} label="本期扣款进度" />
        <p className={s.line} data-testid="fee-days">
          距结算日 {c.settleDate} 还有{c.daysLeft}天
        </p>
      </Card>
      <p className={s.muted}>每笔订单实收金额的{c.proportion}%将自动分账用于本期扣款，扣满即止</p>
    </>
  );
});

const OweBar = observer(function OweBar({ store }: { store: PlatformFeeStore }) {
  const owe = store.owe.data;
  if (!owe || owe.oweAmount <= 0) return null;
  return (
    <div className={s.notice} data-testid="fee-owe">
      <span>
        历史欠费 {formatFen(owe.oweAmount)}（{owe.owePeriodCount}期），请尽快缴清
      </span>
      <EntryLink to={href('feeOwedDetail')} className={s.link}>
        去缴费
      </EntryLink>
    </div>
  );
});

function SiteRow({ x }: { x: SiteInstalment }) {
  return (
    <RowLink
      to={href('platformFeeStageInfo', { siteId: x.siteId })}
      className={s.row}
      data-testid={`fee-site-${x.siteId}`}
    >
      <div className={s.rowHead}>
        <span>{x.siteName}</span>
        <StatusTag of={SITE_INSTALMENT_TAGS[x.status]} />
      </div>
      <div className={s.rowLine}>
        <span>{x.deviceCount}台设备</span>
        <span>分账比例 {x.proportion}%</span>
        <span>
          剩余 <b>{formatFen(x.remainingAmount)}</b>
        </span>
      </div>
    </RowLink>
  );
}

const Overview = observer(function Overview({ store }: { store: PlatformFeeStore }) {
  const o = store.overview.data;
  const sites = store.sites.data;
  return (
    <Card title="设备分期总览">
      {o ? (
        <>
          <div className={s.figures}>
            <Figure label="设备总款" fen={o.totalAmount} />
            <Figure label="已还" fen={o.paidAmount} />
            <Figure label="剩余" fen={o.remainingAmount} />
          </div>
          <p className={s.muted}>
            已还{o.paidPeriods}/{o.totalPeriods}期 · {o.siteCount}个站点
          </p>
        </>
      ) : store.overview.failed ? (
        <Failed onRetry={() => void store.overview.load()} />
      ) : (
        <Loading />
      )}
      <h3 className={s.cardTitle}>站点分期</h3>
      {sites === null ? (
        store.sites.failed ? (
          <Failed onRetry={() => void store.sites.load()} />
        ) : (
          <Loading />
        )
      ) : sites.length === 0 ? (
        <p className={s.empty}>暂无分期站点</p>
      ) : (
        sites.map((x) => <SiteRow key={x.siteId} x={x} />)
      )}
    </Card>
  );
});

const Current = observer(function Current() {
  const store = useScreenStore(platformFeeStore);
  const navigate = useNavigate();
  useEffect(() => {
    if (store.settleMode !== 1) void store.load();
  }, [store, store.settleMode]);
  if (store.settleMode === 1) {
    return (
      <SettlePage testId="fee-mode1">
        <div className={s.empty}>
          <p>您的账户为余额扣款模式</p>
          <Button color="primary" onClick={() => void navigate(href('stages'))}>
            前往结算中心
          </Button>
        </div>
      </SettlePage>
    );
  }
  return (
    <SettlePage testId="fee-current">
      <PullToRefresh onRefresh={() => store.load()}>
        <Period store={store} />
        <OweBar store={store} />
        <Overview store={store} />
        <Card>
          <RowLink to={href('platformFeeStageInfo', {})} className={s.row} data-testid="cell-deductions">
            <div className={s.rowHead}>
              <span>扣款明细</span>
              <span aria-hidden>›</span>
            </div>
          </RowLink>
          <RowLink to={href('platformFeeRecords')} className={s.row} data-testid="cell-periods">
            <div className={s.rowHead}>
              <span>结算记录</span>
              <span aria-hidden>›</span>
            </div>
          </RowLink>
        </Card>
      </PullToRefresh>
    </SettlePage>
  );
});

export default Current;
