import { ActionSheet, CalendarPicker } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { CoinOrderRow } from '@/api/site-income';
import { ExportSheet } from '@/components/export-sheet';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { useRouteQuery } from '@/components/route-query';
import { Segmented } from '@/components/segmented';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { Block, Page } from '@/sections/income/parts';
import s from '@/sections/income/statement.module.css';
import { useStores } from '@/stores/root';
import { useScreenStore } from '@/stores/screen-store';
import { exportCoinBill } from '@/stores/screens/income/coin-export';
import { coinBillStore, localDay, type CoinBillStore, type PeriodKey } from '@/stores/screens/income/statement';
import { ListExport } from '@/stores/screens/mine/list-export';

/**
 * /income/statement/coinBill — 投币收入明细 (D-income.md §4): the coin orders and their cash for reconciling the coins
 * collected from the boxes — the notice that coins are cash outside the balance, period chips (今日 | 昨日 | 本月 | 自定义
 * ≤ 92 days), the site picker, the summary (投币收入 · 枚 · 笔) and the orders (time, site, box and socket, coins, amount,
 * minutes) in the shared list. Query `range` or `month` preselects. Without coin boxes: 暂无投币设备. Top-right 导出
 * (permission export) opens the shared e-mail sheet: the orders of the chosen range and site mailed as 投币订单 (docType 6,
 * POST /api/r9/order/exportCoinOrderRecord) → toast `导出任务已提交，将发送至{email}`.
 */

const PERIODS: readonly { key: PeriodKey; label: string }[] = [
  { key: 'today', label: '今日' },
  { key: 'yesterday', label: '昨日' },
  { key: 'month', label: '本月' },
  { key: 'custom', label: '自定义' },
];

function CoinRow({ o }: { o: CoinOrderRow }) {
  return (
    <div className={s.row}>
      <div className={s.rowHead}>
        <span>{o.siteName}</span>
        <span>{formatFen(o.amount)}</span>
      </div>
      <div className={s.rowLine}>
        <span>{formatTime(o.startTime, 'MM-DD HH:mm')}</span>
        <span>
          {o.serialNumber} · {o.socketNo}号口
        </span>
        <span>{o.coinCount}枚</span>
        <span>充电{o.minutes}分钟</span>
      </div>
    </div>
  );
}

const CoinBill = observer(function CoinBill({ store }: { store: CoinBillStore }) {
  const { session } = useStores();
  const canExport = session.can('export');
  const [exporter] = useState(() => new ListExport(6));
  const [picking, setPicking] = useState(false);
  const total = store.total.data;
  if (!store.coinEnabled) {
    return (
      <Page testId="coin-bill">
        <p className={s.empty}>暂无投币设备</p>
      </Page>
    );
  }
  return (
    <Page testId="coin-bill">
      <p className={s.note}>投币收入为设备内现金，需到现场取币，不计入账户余额</p>
      <div className={s.top}>
        <Segmented<PeriodKey>
          label="时间范围"
          variant="chips"
          options={PERIODS}
          value={store.period}
          onChange={(key) => (key === 'custom' ? setPicking(true) : store.setPeriod(key))}
        />
        {canExport && (
          <button type="button" className={s.link} data-testid="export-open" onClick={() => void exporter.show()}>
            导出
          </button>
        )}
      </div>
      {store.period === 'custom' && <p className={s.strip}>{`${store.startDate} 至 ${store.endDate}`}</p>}
      <button
        type="button"
        className={s.picker}
        onClick={() => {
          const handler = ActionSheet.show({
            actions: [
              { key: 0, text: '全部站点' },
              ...(store.sites.data ?? []).map((x) => ({ key: x.id, text: x.name })),
            ],
            cancelText: '取消',
            onAction: (action) => {
              const id = Number(action.key);
              store.setSite(id === 0 ? null : id);
              handler.close();
            },
          });
        }}
      >
        <span>站点：{store.siteName}</span>
        <RightOutline />
      </button>
      <Block testId="coin-summary">
        <dl className={s.lines}>
          <dt>投币收入</dt>
          <dd className={s.total} data-testid="coin-amount">
            {formatFen(total?.amount)}
          </dd>
          <dt>投币</dt>
          <dd>{total ? `${total.coinCount} 枚` : '--'}</dd>
          <dt>订单</dt>
          <dd>{total ? `${total.orderCount} 笔` : '--'}</dd>
        </dl>
      </Block>
      <Block>
        <PagedList<CoinOrderRow>
          testId="coin-orders"
          fetchPage={(pageNum, pageSize) => store.fetchPage(pageNum, pageSize)}
          watch={store.watch}
          itemKey={(o) => o.id}
          estimateSize={64}
          renderItem={(o) => <CoinRow o={o} />}
          empty={<p className={s.empty}>暂无投币记录</p>}
        />
      </Block>
      {canExport && <ExportSheet exporter={exporter} send={() => exportCoinBill(store, exporter)} />}
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

export default function CoinBillPage() {
  const query = useRouteQuery('coinBill');
  const store = useScreenStore(coinBillStore, query?.range ?? null, query?.month ?? null);
  useEffect(() => {
    store.load();
  }, [store]);
  return <CoinBill store={store} />;
}
