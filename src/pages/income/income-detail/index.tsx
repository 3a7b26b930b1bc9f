import { CalendarPicker, PullToRefresh } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '@/components/feedback';
import { EntryLink } from '@/components/route-availability';
import { useRouteQuery } from '@/components/route-query';
import { Segmented } from '@/components/segmented';
import { Progress } from '@/components/progress';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatKwh } from '@/lib/time';
import { Block, Failed, Loading, Page } from '@/sections/income/parts';
import s from '@/sections/income/statement.module.css';
import { useScreenStore } from '@/stores/screen-store';
import {
  incomeDetailStore,
  localDay,
  type IncomeDetailStore,
  type IncomeTab,
  type PeriodKey,
  type RechargeKind,
} from '@/stores/screens/income/statement';

/**
 * /income/income-detail — 收入明细 (D-income.md §4): a period's income by source, drilled into from /income's tiles —
 * period chips 今日 | 昨日 | 本月 | 自定义 (≤ 92 days, not in the future), tabs 充电收入 | 充值收入 (储值卡 / 月卡 / 全部) |
 * 分润收入 (only with a share in the period; a property reads 充电分润 | 充值分润), each tab's summary and the ranking of
 * sites with their share of the total (a site row opens its income; area-card rows are not tappable). Query `type`,
 * `range` (or startDate / endDate) preselect.
 */

const PERIODS: readonly { key: PeriodKey; label: string }[] = [
  { key: 'today', label: '今日' },
  { key: 'yesterday', label: '昨日' },
  { key: 'month', label: '本月' },
  { key: 'custom', label: '自定义' },
];
const KINDS: readonly { key: RechargeKind; label: string }[] = [
  { key: 'value', label: '储值卡' },
  { key: 'month', label: '月卡' },
  { key: 'all', label: '全部' },
];

function Rank({
  rank,
  name,
  amount,
  ratio,
  note,
  siteId,
}: {
  rank: number;
  name: string;
  amount: number;
  ratio: number;
  note: string;
  siteId: number | null;
}) {
  const body = (
    <>
      <div className={s.rowHead}>
        <span>
          #{rank} {name}
        </span>
        <span>{formatFen(amount)}</span>
      </div>
      <Progress percent={ratio} label={`${name}占比`} />
      <div className={s.rowLine}>
        <span>占比 {ratio.toFixed(1)}%</span>
        <span>{note}</span>
      </div>
    </>
  );
  if (siteId === null) return <div className={s.row}>{body}</div>;
  return (
    <EntryLink to={href('siteIncomeList', { siteId })} className={s.row}>
      {body}
    </EntryLink>
  );
}

const Body = observer(function Body({ store }: { store: IncomeDetailStore }) {
  const block = store.block;
  if (block.failed) return <Failed onRetry={() => void block.load()} />;
  if (store.tab === 1) {
    const c = store.charge.data;
    if (!c) return <Loading />;
    return (
      <>
        <Block testId="income-detail-summary">
          <span className={s.label}>{store.isProperty ? '充电分润' : '充电收入'}(元)</span>
          <div className={s.big} data-testid="income-detail-charge">
            {formatFen(c.chargeIncome)}
          </div>
          <dl className={s.lines}>
            <dt>订单</dt>
            <dd>{c.orderCount}笔</dd>
            <dt>电量</dt>
            <dd>{formatKwh(c.energy)} kWh</dd>
            <dt>时长</dt>
            <dd>{(c.duration / 60).toFixed(1)}小时</dd>
            {!store.isProperty && (
              <>
                <dt>退款</dt>
                <dd>{formatFen(-c.refundAmount)}</dd>
                <dt>客单价</dt>
                <dd>{formatFen(store.perOrder)}</dd>
              </>
            )}
          </dl>
        </Block>
        <Block title="站点排行" testId="income-detail-rank">
          {c.sites.length === 0 && <p className={s.empty}>该时段暂无收入</p>}
          {c.sites.map((site, i) => (
            <Rank
              key={site.siteId}
              rank={i + 1}
              name={site.siteName}
              amount={site.chargeIncome}
              ratio={site.ratio}
              note={`${site.orderCount}笔`}
              siteId={site.siteId}
            />
          ))}
        </Block>
      </>
    );
  }
  if (store.tab === 2) {
    const r = store.recharge.data;
    if (!r) return <Loading />;
    return (
      <>
        <Block testId="income-detail-summary">
          <Segmented<RechargeKind>
            label="充值类型"
            options={KINDS}
            value={store.kind}
            onChange={(k) => store.setKind(k)}
          />
          <dl className={s.lines}>
            <dt>储值卡</dt>
            <dd data-testid="income-detail-value-card">
              {formatFen(r.valueCardIncome)}（{r.valueCardCount}笔，赠送 {formatFen(r.giftAmount)} 不计收入）
            </dd>
            <dt>月卡</dt>
            <dd data-testid="income-detail-month-card">
              {formatFen(r.monthCardIncome)}（{r.monthCardCount}笔）
            </dd>
          </dl>
        </Block>
        <Block title="站点排行" testId="income-detail-rank">
          {r.sites.length === 0 && <p className={s.empty}>该时段暂无收入</p>}
          {r.sites.map((site, i) => (
            <Rank
              key={`${site.cardType}-${site.siteId ?? `a${site.areaId ?? 0}`}`}
              rank={i + 1}
              name={
                site.siteId === null
                  ? `区域卡 · ${site.areaName ?? ''}`
                  : `${site.siteName ?? ''}${site.cardType === 2 ? ' · 月卡' : ''}`
              }
              amount={site.amount}
              ratio={site.ratio}
              note={`${site.count}笔`}
              siteId={site.siteId}
            />
          ))}
        </Block>
      </>
    );
  }
  const curve = store.curve.data;
  if (!curve) return <Loading />;
  return (
    <Block testId="income-detail-summary">
      <span className={s.label}>分润收入(元)</span>
      <div className={s.big} data-testid="income-detail-share">
        {formatFen(curve.sum.share)}
      </div>
      {store.shareDays.map((d) => (
        <div key={d.date} className={s.cell}>
          <span>{d.date}</span>
          <span>{formatFen(d.share)}</span>
        </div>
      ))}
      <EntryLink to={href('statementBill', { month: store.endDate.slice(0, 7) })} className={s.link}>
        按代理商查看
      </EntryLink>
    </Block>
  );
});

const IncomeDetail = observer(function IncomeDetail({ store }: { store: IncomeDetailStore }) {
  const [picking, setPicking] = useState(false);
  const tabs: { key: string; label: string }[] = [
    { key: '1', label: store.isProperty ? '充电分润' : '充电收入' },
    { key: '2', label: store.isProperty ? '充值分润' : '充值收入' },
    ...(store.showShareTab ? [{ key: '5', label: '分润收入' }] : []),
  ];
  let range: ReactNode = null;
  if (store.period === 'custom') range = <p className={s.strip}>{`${store.startDate} 至 ${store.endDate}`}</p>;
  return (
    <Page testId="income-detail">
      <PullToRefresh
        onRefresh={async () => {
          await store.load();
          toast('已刷新');
        }}
      >
        <div className={s.top}>
          <Segmented<PeriodKey>
            label="时间范围"
            variant="chips"
            options={PERIODS}
            value={store.period}
            onChange={(key) => (key === 'custom' ? setPicking(true) : store.setPeriod(key))}
          />
        </div>
        {range}
        <div className={s.top}>
          <Segmented<string>
            label="收入类型"
            block
            options={tabs}
            value={String(store.tab)}
            onChange={(key) => store.setTab(Number(key) as IncomeTab)}
          />
        </div>
        <Body store={store} />
      </PullToRefresh>
      <CalendarPicker
        visible={picking}
        selectionMode="range"
        max={new Date()}
        onClose={() => setPicking(false)}
        onConfirm={(v) => {
          setPicking(false);
          if (!v) return;
          const error = store.setRange(localDay(v[0]), localDay(v[1]));
          if (error) toast(error);
        }}
      />
    </Page>
  );
});

export default function IncomeDetailPage() {
  const query = useRouteQuery('incomeDetail');
  const store = useScreenStore(incomeDetailStore, query);
  useEffect(() => {
    void store.load();
  }, [store]);
  return <IncomeDetail store={store} />;
}
