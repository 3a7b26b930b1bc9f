import { DatePicker, Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { getSplitDeductions, type SplitDeduction, type SplitDeductionPage } from '@/api/settlement';
import { toast } from '@/components/feedback';
import { PagedList } from '@/components/paged-list';
import { useRouteQuery } from '@/components/route-query';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { ORDER_TYPE_LABELS, SettlePage } from '@/sections/home/settlement';
import s from '@/sections/home/settlement.module.css';
import { useScreenStore } from '@/stores/screen-store';
import { feeDeductionsStore } from '@/stores/screens/home/settlement';

/**
 * /platformfee/settleCurrent/stageInfo — 结算扣款详情 (A-shell-home-settlement.md §5): the split deductions of a period
 * (query `instalmentId`, default the open one) order by order, filtered by site (全部站点 or a site with its
 * proportion; query `siteId`) and by a day of the period (the picker offers only its days), with the filter's count
 * and total; a long press on an order number copies it.
 */

const dayText = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const dateOf = (day: string) => new Date(`${day}T00:00:00`);

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('已复制');
  } catch {
    toast('复制失败');
  }
}

/** Long press (600 ms) on a row's order number copies it. */
function OrderNo({ no }: { no: string }) {
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout> | null>(null);
  const start = () => setTimer(setTimeout(() => void copy(no), 600));
  const stop = () => {
    if (timer) clearTimeout(timer);
    setTimer(null);
  };
  return (
    <span
      onTouchStart={start}
      onTouchEnd={stop}
      onMouseDown={start}
      onMouseUp={stop}
      onContextMenu={(e) => e.preventDefault()}
    >
      订单号 {no}
    </span>
  );
}

function Row({ d }: { d: SplitDeduction }) {
  return (
    <div className={s.row} data-testid={`split-row-${d.id}`}>
      <div className={s.rowHead}>
        <span>
          {d.siteName} · {ORDER_TYPE_LABELS[d.orderType]}
        </span>
        <b>{formatFen(d.deductAmount)}</b>
      </div>
      <div className={s.rowLine}>
        <span>{formatTime(d.createTime, 'MM-DD HH:mm')}</span>
        <OrderNo no={d.orderNo} />
        <span>订单金额 {formatFen(d.orderAmount)}</span>
        <span>比例 {d.proportion}%</span>
      </div>
    </div>
  );
}

const Deductions = observer(function Deductions({
  instalmentId,
  initialSite,
}: {
  instalmentId: number | null;
  initialSite: number | undefined;
}) {
  const store = useScreenStore(feeDeductionsStore, instalmentId);
  const [siteId, setSiteId] = useState<number | undefined>(initialSite);
  const [date, setDate] = useState<string | undefined>(undefined);
  const [picking, setPicking] = useState<'site' | 'date' | null>(null);
  const [summary, setSummary] = useState<{ total: number; amount: number } | null>(null);
  useEffect(() => {
    void store.load();
  }, [store]);
  const sites = store.sites.data ?? [];
  const period = store.period.data;
  const site = sites.find((x) => x.siteId === siteId);
  return (
    <SettlePage testId="fee-deductions">
      <div className={s.filters}>
        <button type="button" className={s.chip} onClick={() => setPicking('site')} data-testid="site-filter">
          {site ? `${site.siteName} ${site.proportion}%` : '全部站点'} <DownOutline />
        </button>
        <button
          type="button"
          className={s.chip}
          onClick={() => period && setPicking('date')}
          disabled={!period}
          data-testid="date-filter"
        >
          {date ?? '全部日期'} <DownOutline />
        </button>
        {date && (
          <button type="button" className={s.chip} onClick={() => setDate(undefined)}>
            全部日期
          </button>
        )}
      </div>
      <p className={s.sum} data-testid="split-sum">
        {summary ? `共${summary.total}笔，合计扣款 ${formatFen(summary.amount)}` : '\u00a0'}
      </p>
      <PagedList<SplitDeduction, SplitDeductionPage>
        testId="split-list"
        watch={[siteId, date]}
        fetchPage={(pageNum, pageSize) =>
          getSplitDeductions({
            pageNum,
            pageSize,
            ...(instalmentId !== null ? { instalmentId } : {}),
            ...(siteId !== undefined ? { siteId } : {}),
            ...(date ? { date } : {}),
          })
        }
        onPage={(page) => setSummary({ total: page.total, amount: page.totalDeductAmount })}
        itemKey={(d) => d.id}
        estimateSize={76}
        renderItem={(d) => <Row d={d} />}
        empty={<p className={s.empty}>暂无扣款明细</p>}
      />
      <Picker
        visible={picking === 'site'}
        columns={[
          [
            { label: '全部站点', value: 0 },
            ...sites.map((x) => ({ label: `${x.siteName} ${x.proportion}%`, value: x.siteId })),
          ],
        ]}
        value={[siteId ?? 0]}
        onClose={() => setPicking(null)}
        onConfirm={(v) => setSiteId(typeof v[0] === 'number' && v[0] > 0 ? v[0] : undefined)}
      />
      {period && (
        <DatePicker
          visible={picking === 'date'}
          min={dateOf(period.startDate)}
          max={dateOf(period.endDate)}
          onClose={() => setPicking(null)}
          onConfirm={(d) => setDate(dayText(d))}
        />
      )}
    </SettlePage>
  );
});

export default function FeeStageInfo() {
  const query = useRouteQuery('platformFeeStageInfo');
  return <Deductions instalmentId={query?.instalmentId ?? null} initialSite={query?.siteId} />;
}
