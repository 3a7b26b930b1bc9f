import { Picker } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { getFeePeriods, type FeePeriodRow } from '@/api/settlement';
import { PagedList } from '@/components/paged-list';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { PERIOD_TAGS, SettlePage, StatusTag } from '@/sections/home/settlement';
import s from '@/sections/home/settlement.module.css';
import { yearOptions } from '@/stores/screens/home/settlement';

/**
 * /platformfee/recordList — 结算记录 (A-shell-home-settlement.md §5): every platform-fee period of a year (全部 by
 * default), newest first, with 应缴, 已扣, 欠费 (red when owed), 已补缴 (when any) and its status; the open period leads
 * to /platformfee/settleCurrent, a closed one to its detail.
 */

const FIRST_YEAR = 2020;

function PeriodRow({ p }: { p: FeePeriodRow }) {
  const to =
    p.status === 1 ? href('platformFeeCurrent') : href('platformFeeSettleDetail', { instalmentId: p.instalmentId });
  return (
    <RowLink to={to} className={s.row} data-testid={`period-row-${p.periodNo}`}>
      <div className={s.rowHead}>
        <span>第{p.periodNo}期</span>
        <StatusTag of={PERIOD_TAGS[p.status]} />
      </div>
      <div className={s.rowLine}>
        <span>
          {p.startDate} – {p.endDate}
        </span>
      </div>
      <div className={s.rowLine}>
        <span>
          应缴 <b>{formatFen(p.dueAmount)}</b>
        </span>
        <span>
          已扣 <b>{formatFen(p.deductedAmount)}</b>
        </span>
        <span className={p.oweAmount > 0 ? s.danger : undefined}>欠费 {formatFen(p.oweAmount)}</span>
        {p.paidAmount > 0 && <span>已补缴 {formatFen(p.paidAmount)}</span>}
      </div>
    </RowLink>
  );
}

export default function RecordList() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState<number | undefined>(undefined);
  const [picking, setPicking] = useState(false);
  return (
    <SettlePage testId="fee-records">
      <div className={s.filters}>
        <button type="button" className={s.chip} onClick={() => setPicking(true)} data-testid="year-filter">
          {year ? `${year}年` : '全部年份'} <DownOutline />
        </button>
      </div>
      <PagedList<FeePeriodRow>
        testId="period-list"
        watch={[year]}
        fetchPage={(pageNum, pageSize) => getFeePeriods({ pageNum, pageSize, ...(year ? { year } : {}) })}
        itemKey={(p) => p.instalmentId}
        estimateSize={96}
        renderItem={(p) => <PeriodRow p={p} />}
        empty={<p className={s.empty}>暂无结算记录</p>}
      />
      <Picker
        visible={picking}
        columns={[
          [
            { label: '全部年份', value: 0 },
            ...yearOptions(FIRST_YEAR, thisYear).map((y) => ({ label: `${y}年`, value: y })),
          ],
        ]}
        value={[year ?? 0]}
        onClose={() => setPicking(false)}
        onConfirm={(v) => setYear(typeof v[0] === 'number' && v[0] > 0 ? v[0] : undefined)}
      />
    </SettlePage>
  );
}
