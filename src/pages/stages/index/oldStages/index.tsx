import { Picker } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { getSettlementHistory, type CostSettlement } from '@/api/settlement';
import { PagedList } from '@/components/paged-list';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime, shanghai } from '@/lib/time';
import { SettlePage, SHEET_TAGS, StatusTag } from '@/sections/home/settlement';
import s from '@/sections/home/settlement.module.css';
import { yearOptions } from '@/stores/screens/home/settlement';

/**
 * /stages/index/oldStages — 往期结算记录 (A-shell-home-settlement.md §4): the closed monthly sheets of a year (default the
 * current one; the picker offers the years from the first plan year, 2020 at the earliest, to now), each with its
 * figures and status; a row opens that cycle's deduction records.
 */

const FIRST_YEAR = 2020;

function SheetRow({ c }: { c: CostSettlement }) {
  return (
    <RowLink to={href('stagesList', { cycle: c.cycle })} className={s.row} data-testid={`sheet-row-${c.cycle}`}>
      <div className={s.rowHead}>
        <span>{c.cycle} 结算单</span>
        <StatusTag of={SHEET_TAGS[c.status]} />
      </div>
      <div className={s.rowLine}>
        <span>结算日 {c.settleTime ? formatTime(c.settleTime) : '—'}</span>
        <span>{c.planCount}个分期</span>
      </div>
      <div className={s.rowLine}>
        <span>
          应扣 <b>{formatFen(c.dueAmount)}</b>
        </span>
        <span>
          冻结 <b>{formatFen(c.frozenAmount)}</b>
        </span>
        <span>
          实扣 <b>{formatFen(c.deductedAmount)}</b>
        </span>
        <span>
          解冻 <b>{formatFen(c.unfrozenAmount)}</b>
        </span>
        <span className={c.oweAmount > 0 ? s.danger : undefined}>欠费 {formatFen(c.oweAmount)}</span>
      </div>
    </RowLink>
  );
}

export default function OldStages() {
  // this year in Shanghai (the business's time, not the phone's zone), read once when the screen opens
  const [thisYear] = useState(() => shanghai(Date.now()).year());
  const [year, setYear] = useState(thisYear);
  const [picking, setPicking] = useState(false);
  return (
    <SettlePage testId="old-stages">
      <div className={s.filters}>
        <button type="button" className={s.chip} onClick={() => setPicking(true)} data-testid="year-filter">
          {year}年 <DownOutline />
        </button>
      </div>
      <PagedList<CostSettlement>
        testId="sheet-list"
        watch={[year]}
        fetchPage={(pageNum, pageSize) => getSettlementHistory({ pageNum, pageSize, year })}
        itemKey={(c) => c.id}
        estimateSize={104}
        renderItem={(c) => <SheetRow c={c} />}
        empty={<p className={s.empty}>暂无往期结算记录</p>}
      />
      <Picker
        visible={picking}
        columns={[yearOptions(FIRST_YEAR, thisYear).map((y) => ({ label: `${y}年`, value: y }))]}
        value={[year]}
        onClose={() => setPicking(false)}
        onConfirm={(v) => {
          if (typeof v[0] === 'number') setYear(v[0]);
        }}
      />
    </SettlePage>
  );
}
