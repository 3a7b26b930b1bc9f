import { Tag } from 'antd-mobile';
import { RowLink } from '@/components/links';
import type { WorkOrderRow } from '@/api/work-order';
import { APPLY_TYPE_NAMES, WORK_ORDER_STATUS_NAMES, type WorkOrderStatus } from '@/api/work-order-rules';
import { href } from '@/config/routes';
import { formatTime } from '@/lib/time';
import styles from './riders.module.css';

/**
 * Pieces the work-order screens share (C-mine.md /mine/workOrder/online, /working, /working/installDetail): the
 * status tag (施工中 / 验收驳回 red / 待验收 orange / 已完成 green; the text always says the status, colour is not
 * alone) and the rows of the two lists, each leading to the order's detail.
 */

const STATUS_COLORS: Record<WorkOrderStatus, string> = {
  1: 'primary',
  2: 'default',
  3: 'primary',
  4: 'warning',
  5: 'success',
  6: 'danger',
};

/** The status tag of a work order. */
export function WorkOrderStatusTag({ status }: { status: WorkOrderStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} fill="outline" data-testid="work-order-status">
      {WORK_ORDER_STATUS_NAMES[status]}
    </Tag>
  );
}

/** A row of 线上工单: number, community, region + address, applicant (masked), type, expected boxes, time, status. */
export function OnlineRow({ r }: { r: WorkOrderRow }) {
  return (
    <RowLink to={href('installDetail', { id: r.id })} className={styles.item} data-testid={`work-order-${r.id}`}>
      <div className={styles.itemHead}>
        <b>{r.commName}</b>
        <WorkOrderStatusTag status={r.status} />
      </div>
      <div className={styles.itemLine}>
        <span>{r.orderNo}</span>
        <Tag fill="outline">{APPLY_TYPE_NAMES[r.applyType]}</Tag>
      </div>
      <div className={styles.itemLine}>
        <span>
          {r.city}
          {r.area} {r.address}
        </span>
      </div>
      <div className={styles.itemLine}>
        <span>
          {r.applicantName} {r.applicantPhone}
        </span>
        <span>
          预计 {r.expectBoxCount} 台 · {r.expectSocketCount} 口
        </span>
      </div>
      <div className={styles.itemLine}>
        <span>申请时间 {formatTime(r.applyTime)}</span>
      </div>
    </RowLink>
  );
}

/** A row of 施工中工单: number, site, builder, approval time, "已装 x/y 台", status, 未培训. */
export function WorkingRow({ r }: { r: WorkOrderRow }) {
  return (
    <RowLink to={href('installDetail', { id: r.id })} className={styles.item} data-testid={`work-order-${r.id}`}>
      <div className={styles.itemHead}>
        <b>{r.siteName ?? r.commName}</b>
        <span>
          {r.trainingConfirmed === 0 && r.status !== 5 && <Tag fill="outline">未培训</Tag>}{' '}
          <WorkOrderStatusTag status={r.status} />
        </span>
      </div>
      <div className={styles.itemLine}>
        <span>{r.orderNo}</span>
        <span data-testid="installed-count">
          已装 {r.installedBoxCount}/{r.expectBoxCount} 台
        </span>
      </div>
      <div className={styles.itemLine}>
        <span>
          施工人员 {r.builderName ?? '--'} {r.builderPhone ?? ''}
        </span>
      </div>
      <div className={styles.itemLine}>
        <span>审核时间 {formatTime(r.approveTime)}</span>
      </div>
    </RowLink>
  );
}
