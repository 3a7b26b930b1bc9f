import { DatePicker } from 'antd-mobile';
import { RowLink } from '@/components/links';
import { CloseOutline, DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  getDeductions,
  getInstalmentRefunds,
  type Deduction,
  type DeductionPage,
  type DeductionStatus,
  type InstalmentRefund,
} from '@/api/settlement';
import { DEDUCTION_STATUS_LABELS, INSTALMENT_REFUND_STATUS_LABELS } from '@/api/settlement-rules';
import { PagedList } from '@/components/paged-list';
import { useRouteQuery } from '@/components/route-query';
import { Segmented } from '@/components/segmented';
import { href } from '@/config/routes';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import { DEDUCTION_TAGS, SettlePage, StatusTag } from '@/sections/home/settlement';
import s from '@/sections/home/settlement.module.css';

/**
 * /stages/index/stagesList — 结算记录 (A-shell-home-settlement.md §4): tabs 扣款记录 | 退款记录. The deductions (one
 * per plan per cycle) filtered by month (prefilled from `cycle`, limited to the current month), type and status, and
 * by the plan of `planId` (a removable chip), with the filter's sums from the server; a row opens its detail. The
 * refunds of terminated or overpaid plans. Pull-to-refresh and infinite scroll by the shared list.
 */

type Tab = 'deduct' | 'refund';
type TypeChip = 'all' | '1' | '2';
type StatusChip = 'all' | '1' | '2' | '3' | '4';

const TYPE_CHIPS: readonly { key: TypeChip; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: '1', label: '设备分期' },
  { key: '2', label: '合同分期' },
];
const STATUS_CHIPS: readonly { key: StatusChip; label: string }[] = [
  { key: 'all', label: '全部' },
  ...([1, 2, 3, 4] as const).map((status) => ({ key: `${status}` as const, label: DEDUCTION_STATUS_LABELS[status] })),
];
const REFUND_REASONS: Record<1 | 2 | 3, string> = { 1: '提前终止', 2: '多扣退回', 3: '设备退货' };

function DeductionRow({ d }: { d: Deduction }) {
  return (
    <RowLink to={href('stageInfo', { id: d.id })} className={s.row} data-testid={`deduction-row-${d.id}`}>
      <div className={s.rowHead}>
        <span>
          {d.cycle} {d.title}
        </span>
        <StatusTag of={DEDUCTION_TAGS[d.status]} />
      </div>
      <div className={s.rowLine}>
        <span>{d.siteName}</span>
        <span>
          第{d.periodNo}/{d.totalPeriods}期
        </span>
      </div>
      <div className={s.rowLine}>
        <span>
          应扣 <b>{formatFen(d.dueAmount)}</b>
        </span>
        <span>
          实扣 <b>{formatFen(d.deductedAmount)}</b>
        </span>
        {d.oweAmount > 0 && <span className={s.danger}>欠费 {formatFen(d.oweAmount)}</span>}
        <span>结算时间 {d.status === 1 || d.settleTime === null ? '—' : formatTime(d.settleTime)}</span>
      </div>
    </RowLink>
  );
}

function RefundRow({ r }: { r: InstalmentRefund }) {
  return (
    <div className={s.row}>
      <div className={s.rowHead}>
        <span>
          {r.planNo} {r.title}
        </span>
        <span>{INSTALMENT_REFUND_STATUS_LABELS[r.status]}</span>
      </div>
      <div className={s.rowLine}>
        <span>
          退款金额 <b>{formatFen(r.amount)}</b>
        </span>
        <span>{REFUND_REASONS[r.reason]}</span>
        <span>申请时间 {formatTime(r.applyTime)}</span>
        <span>完成时间 {r.finishTime ? formatTime(r.finishTime) : '—'}</span>
        {r.remark && <span>{r.remark}</span>}
      </div>
    </div>
  );
}

function currentMonthDate(): Date {
  return new Date();
}

export default function StagesList() {
  const query = useRouteQuery('stagesList');
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('deduct');
  const [month, setMonth] = useState<string | undefined>(query?.cycle);
  const [type, setType] = useState<TypeChip>('all');
  const [status, setStatus] = useState<StatusChip>('all');
  const [planId, setPlanId] = useState<number | undefined>(query?.planId);
  const [picking, setPicking] = useState(false);
  const [sum, setSum] = useState<DeductionPage['sum'] | null>(null);
  return (
    <SettlePage testId="stages-list">
      <Segmented
        options={[
          { key: 'deduct', label: '扣款记录' },
          { key: 'refund', label: '退款记录' },
        ]}
        value={tab}
        onChange={setTab}
        label="记录类型"
        block
      />
      {tab === 'deduct' ? (
        <>
          <div className={s.filters}>
            <button type="button" className={s.chip} onClick={() => setPicking(true)} data-testid="month-filter">
              {month ?? '全部月份'} <DownOutline />
            </button>
            {month && (
              <button type="button" className={s.chip} onClick={() => setMonth(undefined)}>
                全部
              </button>
            )}
            {planId !== undefined && (
              <button
                type="button"
                className={s.chip}
                onClick={() => {
                  setPlanId(undefined);
                  void navigate(href('stagesList', {}), { replace: true });
                }}
                aria-label={`移除分期筛选 ${query?.title ?? ''}`}
                data-testid="plan-chip"
              >
                {query?.title ?? `分期 ${planId}`} <CloseOutline />
              </button>
            )}
          </div>
          <Segmented options={TYPE_CHIPS} value={type} onChange={setType} label="分期类型" variant="chips" />
          <Segmented options={STATUS_CHIPS} value={status} onChange={setStatus} label="扣款状态" variant="chips" />
          <p className={s.sum} data-testid="deduction-sum">
            {sum
              ? `应扣 ${formatFen(sum.dueAmount)} · 实扣 ${formatFen(sum.deductedAmount)} · 欠费 ${formatFen(sum.oweAmount)}`
              : '\u00a0'}
          </p>
          <PagedList<Deduction, DeductionPage>
            testId="deduction-list"
            watch={[month, type, status, planId]}
            fetchPage={(pageNum, pageSize) =>
              getDeductions({
                pageNum,
                pageSize,
                ...(planId !== undefined ? { planId } : {}),
                ...(month ? { cycle: month } : {}),
                ...(type !== 'all' ? { type: Number(type) as 1 | 2 } : {}),
                ...(status !== 'all' ? { status: Number(status) as DeductionStatus } : {}),
              })
            }
            onPage={(page) => setSum(page.sum)}
            itemKey={(d) => d.id}
            estimateSize={104}
            renderItem={(d) => <DeductionRow d={d} />}
            empty={<p className={s.empty}>暂无结算记录</p>}
          />
          <DatePicker
            visible={picking}
            precision="month"
            max={currentMonthDate()}
            onClose={() => setPicking(false)}
            onConfirm={(d) => setMonth(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`)}
          />
        </>
      ) : (
        <PagedList<InstalmentRefund>
          testId="refund-list"
          fetchPage={(pageNum, pageSize) => getInstalmentRefunds({ pageNum, pageSize })}
          itemKey={(r) => r.id}
          estimateSize={96}
          renderItem={(r) => <RefundRow r={r} />}
          empty={<p className={s.empty}>暂无退款记录</p>}
        />
      )}
    </SettlePage>
  );
}
