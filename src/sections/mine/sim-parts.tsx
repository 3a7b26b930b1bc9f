import { Tag } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { SIM_BILL_STATUS_NAMES, type SimBillRow, type SimBillStatus } from '@/api/sim';
import { formatFen } from '@/lib/money';
import { formatTime } from '@/lib/time';
import styles from './riders.module.css';
import local from './sim.module.css';
import type { SimBillsStore } from '@/stores/screens/mine/sim';

/**
 * Pieces the SIM rent screens share (C-mine.md /mine/sim/index, /list, /oldSim): the status tag (冻结中 / 已扣款 / 欠费 red
 * / 已减免; the text always says the status) and a bill's row, which a tap expands to its sites.
 */

const STATUS_COLORS: Record<SimBillStatus, string> = { 1: 'primary', 2: 'success', 3: 'danger', 4: 'default' };

export function SimStatusTag({ status }: { status: SimBillStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} fill="outline" data-testid="sim-status">
      {SIM_BILL_STATUS_NAMES[status]}
    </Tag>
  );
}

/** One bill: 账期 (or 计费周期), devices, price, amount, status, settle time; tapped, its sites and 扣款 / 欠费. */
export const SimBillItemRow = observer(function SimBillItemRow({ b, store }: { b: SimBillRow; store: SimBillsStore }) {
  const open = store.isOpen(b.billId);
  const annual = b.period === null;
  return (
    <div className={styles.item} data-testid={`sim-bill-${b.billId}`}>
      <button type="button" className={local.expand} aria-expanded={open} onClick={() => store.toggle(b.billId)}>
        <div className={styles.itemHead}>
          <b>
            {annual ? (
              <>
                <span className="nowrap">{b.periodStart}</span> 至 <span className="nowrap">{b.periodEnd}</span>
              </>
            ) : (
              `账期 ${b.period}`
            )}
          </b>
          <SimStatusTag status={b.status} />
        </div>
        <div className={styles.itemLine}>
          <span>
            {annual ? '设备' : '计费设备'} {b.deviceCount} 台 · 单价 {formatFen(b.unitPrice)}/台/{annual ? '年' : '月'}
          </span>
          <span className={styles.money}>{formatFen(b.amount)}</span>
        </div>
        <div className={styles.itemLine}>
          <span>{annual ? '扣款方式 收入抵扣' : `结算时间 ${b.settleTime ? formatTime(b.settleTime) : '--'}`}</span>
          {annual && <span>结算时间 {b.settleTime ? formatTime(b.settleTime) : '--'}</span>}
        </div>
      </button>
      {open && (
        <div className={local.items} data-testid="sim-bill-items">
          {b.items.map((i) => (
            <div key={i.siteId} className={styles.itemLine}>
              <span>{i.siteName}</span>
              <span>
                {i.deviceCount} 台 · {formatFen(i.amount)}
              </span>
            </div>
          ))}
          <div className={styles.itemLine}>
            <span>扣款 {formatFen(b.deductedAmount)}</span>
            <span className={b.oweAmount > 0 ? styles.danger : undefined}>欠费 {formatFen(b.oweAmount)}</span>
          </div>
        </div>
      )}
    </div>
  );
});
