import { ActionSheet, PullToRefresh, Skeleton } from 'antd-mobile';
import { ActionLink } from '@/components/links';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import type { MonthBillMerchant, MonthBillOperation } from '@/api/statements';
import { toast } from '@/components/feedback';
import { LazyLineChart, type ChartPoint } from '@/components/lazy-line-chart';
import { EntryLink, useIsBuilt } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatKwh } from '@/lib/time';
import { Block, Failed, Loading, Page } from '@/sections/income/parts';
import s from '@/sections/income/statement.module.css';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import {
  dayLabel,
  statementBillStore,
  type StatementBillStore,
  type StatementSubject,
} from '@/stores/screens/income/statement';

/**
 * /income/statement/bill — 对账单 (D-income.md §4): the subject switch 我的账单 | 物业账单 (owners with a property; a
 * property account sees its own), the year with its 12-bar chart of monthly 营业额 (the lazy chart chunk; tapping a bar —
 * or its month below — selects that month; months before the account existed and after this one cannot be chosen),
 * the month's summary (营业额 with 环比, its parts, the deductions and 净入账 = the wallet credits of the month; or the
 * property's 站点营业额, 订单, 物业分润, 电费), the cells to 站点账单 and 投币收入明细, the agents' shares, and the days
 * with data (tap → /income/detail-list). Every figure is the sandbox's (src/api/statements.ts). Query `month` and
 * `merchantId` preselect.
 */

const SUBJECTS: readonly { key: StatementSubject; label: string }[] = [
  { key: 'mine', label: '我的账单' },
  { key: 'property', label: '物业账单' },
];

interface MonthPoint extends ChartPoint {
  month: string;
}

const Chart = observer(function Chart({ store }: { store: StatementBillStore }) {
  const data = store.chart.data;
  const points = useMemo<MonthPoint[]>(
    () => (data?.months ?? []).map((m) => ({ label: m.month.slice(5), value: m.grossIncome, month: m.month })),
    [data],
  );
  let body: ReactNode;
  if (store.chart.failed) body = <Failed onRetry={() => void store.chart.load()} />;
  else if (!data) body = <Skeleton.Paragraph lineCount={5} animated />;
  else {
    body = (
      <Suspense fallback={<Skeleton.Paragraph lineCount={5} animated />}>
        <LazyLineChart
          key={`${data.year}-${store.subject}-${store.merchantId ?? 0}`}
          points={points}
          variant="bar"
          divisor={100}
          height={160}
          testId="statement-chart"
          title={`${data.year}年每月营业额`}
          tooltip={(p) => `${p.month} 营业额 ${formatFen(p.value)}`}
          describe={(p) => `${Number(p.label)}月 ${formatFen(p.value)}`}
          onSelect={(p) => {
            if (!store.selectMonth(p.month) && !store.isSelectable(p.month)) toast('该月份不可选');
          }}
        />
      </Suspense>
    );
  }
  return (
    <Block testId="statement-year">
      <div className={s.yearHead}>
        <button
          type="button"
          className={s.arrow}
          aria-label="上一年"
          disabled={store.year <= Number(store.firstMonth.slice(0, 4))}
          onClick={() => store.shiftYear(-1)}
        >
          <LeftOutline />
        </button>
        <span data-testid="statement-year-label">{store.year}年</span>
        <button
          type="button"
          className={s.arrow}
          aria-label="下一年"
          disabled={!store.canNextYear}
          onClick={() => store.shiftYear(1)}
        >
          <RightOutline />
        </button>
      </div>
      {body}
      <div className={s.months} role="radiogroup" aria-label="选择月份">
        {Array.from({ length: 12 }, (_, i) => {
          const month = `${store.year}-${String(i + 1).padStart(2, '0')}`;
          return (
            <button
              key={month}
              type="button"
              role="radio"
              aria-checked={month === store.month}
              className={s.month}
              disabled={!store.isSelectable(month)}
              onClick={() => store.selectMonth(month)}
            >
              {i + 1}月
            </button>
          );
        })}
      </div>
    </Block>
  );
});

const MineSummary = observer(function MineSummary({
  bill,
  store,
}: {
  bill: MonthBillOperation;
  store: StatementBillStore;
}) {
  const m = bill.summary;
  const settleMode = store.settleMode;
  return (
    <Block title={`${bill.month} 账单`} testId="statement-summary">
      <span className={s.label}>营业额(元)</span>
      <div className={s.big}>
        <span data-testid="statement-gross">{formatFen(m.grossIncome)}</span>
        {store.change && <span className={s.change}>环比 {store.change}</span>}
      </div>
      <dl className={s.lines}>
        <dt>充电收入</dt>
        <dd>{formatFen(m.chargeIncome)}</dd>
        <dt>储值卡充值</dt>
        <dd>{formatFen(m.valueCardIncome)}</dd>
        <dt>月卡收入</dt>
        <dd>{formatFen(m.monthCardIncome)}</dd>
        {store.coinEnabled && (
          <>
            <dt>
              投币收入<span className="nowrap">（{m.coinCount}枚，现金）</span>
            </dt>
            <dd>{formatFen(m.coinIncome)}</dd>
          </>
        )}
        <dt>退款</dt>
        <dd>{formatFen(-m.refundAmount)}</dd>
        <dt>分润支出（物业分润、电费结算、其他分润方）</dt>
        <dd>{formatFen(-m.shareOut)}</dd>
        {settleMode === 2 && (
          <>
            <dt>平台分账</dt>
            <dd>{formatFen(-m.platformFee)}</dd>
          </>
        )}
        <dt>支付手续费</dt>
        <dd>{formatFen(-m.channelFee)}</dd>
        <dt>分润收入</dt>
        <dd>{formatFen(m.shareIn, { sign: true })}</dd>
        <dt className={s.total}>净入账</dt>
        <dd className={s.total} data-testid="statement-net">
          {formatFen(m.netIncome)}
        </dd>
      </dl>
      <p className={s.note}>
        订单 {m.orderCount}笔 · 充电 {formatKwh(m.energy)} kWh
      </p>
      {store.empty && <p className={s.empty}>本月暂无账单</p>}
    </Block>
  );
});

const MerchantSummary = observer(function MerchantSummary({
  bill,
  store,
}: {
  bill: MonthBillMerchant;
  store: StatementBillStore;
}) {
  const m = bill.summary;
  const chosen = store.chosenMerchant;
  return (
    <Block title={`${bill.month} 物业账单`} testId="statement-merchant">
      <div className={s.rowHead}>
        <span>{bill.merchant.name}</span>
        <span className={s.label}>分润比例 {(m.shareRate / 100).toFixed(2)}%</span>
      </div>
      {chosen && chosen.contacts && (
        <p className={s.note}>
          联系人 {chosen.contacts} {chosen.phone}
        </p>
      )}
      <dl className={s.lines}>
        <dt>站点营业额</dt>
        <dd>{formatFen(m.grossIncome)}</dd>
        <dt>订单</dt>
        <dd>{m.orderCount}笔</dd>
        <dt className={s.total}>物业分润</dt>
        <dd className={s.total} data-testid="statement-share">
          {formatFen(m.shareAmount)}
        </dd>
        {m.electricityFee > 0 && (
          <>
            <dt>电费</dt>
            <dd>{formatFen(m.electricityFee)}</dd>
          </>
        )}
      </dl>
      {store.empty && <p className={s.empty}>本月暂无账单</p>}
    </Block>
  );
});

const Agents = observer(function Agents({ store }: { store: StatementBillStore }) {
  const data = store.agents.data;
  if (!store.showAgents || !data || data.total === 0) return null;
  if (data.role === 2) {
    const row = data.list[0];
    if (!row) return null;
    return (
      <Block title="代理商分润" testId="statement-agents">
        <p className={s.cell}>
          上级分润支出 {formatFen(row.shareAmount)}（{(row.shareRate / 100).toFixed(2)}%）
        </p>
      </Block>
    );
  }
  return (
    <Block title="代理商分润" testId="statement-agents">
      {data.list.map((a) => (
        // D §4: agent row → /mine/factorialList/info?id={agentId}.
        <EntryLink
          key={a.agentId}
          to={href('factorialInfo', { id: a.agentId })}
          className={s.row}
          testId={`statement-agent-${a.agentId}`}
        >
          <div className={s.rowHead}>
            <span>{a.agentName}</span>
            <span>我的分润 {formatFen(a.shareAmount)}</span>
          </div>
          <div className={s.rowLine}>
            <span>{a.siteCount}个站点</span>
            <span>
              营业额 <b>{formatFen(a.grossIncome)}</b>
            </span>
            <span>比例 {(a.shareRate / 100).toFixed(2)}%</span>
          </div>
        </EntryLink>
      ))}
    </Block>
  );
});

const Days = observer(function Days({ store }: { store: StatementBillStore }) {
  const property = store.subject === 'property';
  const merchantId = property && !store.isProperty ? (store.merchantId ?? undefined) : undefined;
  const rows = property
    ? (store.merchant.data?.days ?? []).map((d) => ({ ...d, second: d.shareAmount, net: null }))
    : (store.mine.data?.days ?? []).map((d) => ({ ...d, second: null, net: d.netIncome }));
  return (
    <Block title="每日账单" testId="statement-days">
      {rows.length === 0 && <p className={s.empty}>本月暂无账单</p>}
      {rows.map((d) => (
        <EntryLink key={d.date} to={href('detailList', { date: d.date, merchantId })} className={s.row}>
          <div className={s.rowHead}>
            <span>{dayLabel(d.date)}</span>
            <span>
              {d.net !== null ? '净入账 ' : '物业分润 '}
              {formatFen(d.net ?? d.second)}
            </span>
          </div>
          <div className={s.rowLine}>
            <span>订单 {d.orderCount} 笔</span>
            <span>
              营业额 <b>{formatFen(d.grossIncome)}</b>
            </span>
            {!property && <span>退款 {formatFen(-d.refundAmount)}</span>}
          </div>
        </EntryLink>
      ))}
    </Block>
  );
});

const MerchantPicker = observer(function MerchantPicker({ store }: { store: StatementBillStore }) {
  const list = store.merchants.data ?? [];
  return (
    <button
      type="button"
      className={s.picker}
      onClick={() => {
        const handler = ActionSheet.show({
          actions: list.map((m) => ({ key: m.merchantId, text: m.name })),
          cancelText: '取消',
          onAction: (action) => {
            store.setMerchant(Number(action.key));
            handler.close();
          },
        });
      }}
    >
      <span>物业：{store.chosenMerchant?.name ?? '请选择物业'}</span>
      <RightOutline />
    </button>
  );
});

const Statement = observer(function Statement({ store }: { store: StatementBillStore }) {
  const isBuilt = useIsBuilt();
  const property = store.subject === 'property';
  const month = property ? store.merchant : store.mine;
  const exportTo = href('exportFile', {
    type: 7,
    month: store.month,
    merchantId: property && !store.isProperty ? (store.merchantId ?? undefined) : undefined,
  });
  let summary: ReactNode;
  if (property && !store.isProperty && store.merchantId === null) summary = null;
  else if (month.failed) summary = <Failed onRetry={() => void store.loadMonth()} />;
  else if (store.mine.data && !property) summary = <MineSummary bill={store.mine.data} store={store} />;
  else if (store.merchant.data && property) summary = <MerchantSummary bill={store.merchant.data} store={store} />;
  else summary = <Loading />;
  return (
    <Page testId="statement-bill">
      <PullToRefresh
        onRefresh={async () => {
          await store.load();
          toast('已刷新');
        }}
      >
        <div className={s.top}>
          {store.showSwitch ? (
            <Segmented<StatementSubject>
              label="账单对象"
              options={SUBJECTS}
              value={store.subject}
              onChange={(key) => store.setSubject(key)}
            />
          ) : (
            <span />
          )}
          {isBuilt(exportTo) && (
            <ActionLink to={exportTo} className={s.link}>
              导出
            </ActionLink>
          )}
        </div>
        {property && !store.isProperty && <MerchantPicker store={store} />}
        <Chart store={store} />
        {summary}
        {store.subject === 'mine' && (
          <Block>
            <EntryLink to={href('siteBill', { month: store.month })} className={s.cell}>
              <span>站点账单</span>
              <RightOutline />
            </EntryLink>
            {store.coinEnabled && (
              <EntryLink to={href('coinBill', { range: 'month' })} className={s.cell}>
                <span>投币收入明细</span>
                <RightOutline />
              </EntryLink>
            )}
          </Block>
        )}
        <Agents store={store} />
        <Days store={store} />
      </PullToRefresh>
    </Page>
  );
});

export default observer(function StatementBill() {
  const { session } = useStores();
  const query = useRouteQuery('statementBill');
  const store = useScreenStore(statementBillStore, query?.month ?? null, query?.merchantId ?? null);
  const locked = !session.can('bill:view');
  useEffect(() => {
    if (!locked) void store.load();
  }, [store, locked]);
  if (locked) {
    return (
      <Page testId="statement-bill">
        <p className={s.empty}>对账单：暂无权限，请联系主账号开通</p>
      </Page>
    );
  }
  return <Statement store={store} />;
});
