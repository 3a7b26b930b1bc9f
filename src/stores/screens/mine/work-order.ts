import { makeAutoObservable } from 'mobx';
import { getOrderCountOfWait, getWorkOrders } from '@/api/work-order';
import { WORK_ORDER_MESSAGES, type WorkOrderStatus } from '@/api/work-order-rules';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/**
 * The work-order tab container and its two lists (C-mine.md /mine/workOrder, /online, /working; Business rule 17).
 * The badges are GET getOrderCountOfWait (待审核 / 待验收; a builder's own), refreshed on every entry and after a review
 * or an acceptance; a builder (accountType 5) has no 线上工单 tab. Obtain it with useScreenStore(workOrderStore).
 */
export class WorkOrderStore {
  readonly counts = new Loadable(() => getOrderCountOfWait());

  constructor(private readonly root: RootStore) {
    makeAutoObservable<WorkOrderStore, 'root'>(this, { root: false });
  }

  /** True for a builder: only the 施工中工单 tab, only his orders (the server's scope). */
  get isBuilder(): boolean {
    return this.root.session.extendPermission?.accountType === 5;
  }

  /** Refreshes the badges, and merchant base info's orderCount (the /mine and home badges). */
  async refresh(): Promise<void> {
    await Promise.all([this.counts.load(), this.root.auth.loadMerchantInfo()]);
  }
}

/** The tab container's store, kept while the app runs. */
export const workOrderStore = screenStore((root) => new WorkOrderStore(root));

/** The chips of the online list: 待审核 (1) | 已驳回 (2), with their empty texts. */
export const ONLINE_CHIPS = [
  { label: '待审核', value: 1, empty: '暂无待审核的安装申请' },
  { label: '已驳回', value: 2, empty: '暂无已驳回的申请' },
] as const;

/** The chips of the working list: 施工中 (3, also returns 6) | 待验收 (4) | 已完成 (5), with their empty texts. */
export const WORKING_CHIPS = [
  { label: '施工中', value: 3, empty: '暂无施工中的工单' },
  { label: '待验收', value: 4, empty: '暂无待验收的工单' },
  { label: '已完成', value: 5, empty: '暂无已完成的工单' },
] as const;

/**
 * One list of work orders (online: statuses 1/2 with a keyword 小区名称 / 申请人手机号 of ≤ 30 characters; working:
 * 3/4/5). Any chip or keyword change reloads from page 1 (the shared list watches `watch`).
 */
export class WorkOrderListStore {
  status: WorkOrderStatus;
  keyword = '';
  keywordError: string | null = null;

  constructor(readonly kind: 'online' | 'working') {
    this.status = kind === 'online' ? 1 : 3;
    makeAutoObservable(this);
  }

  setStatus(status: WorkOrderStatus): void {
    this.status = status;
  }

  /** Sets the keyword; over 30 characters it is refused with the message (the list keeps the previous one). */
  setKeyword(text: string): void {
    if (text.trim().length > 30) {
      this.keywordError = WORK_ORDER_MESSAGES.keyword;
      return;
    }
    this.keywordError = null;
    this.keyword = text;
  }

  get emptyText(): string {
    const chips = this.kind === 'online' ? ONLINE_CHIPS : WORKING_CHIPS;
    return chips.find((c) => c.value === this.status)?.empty ?? '暂无工单';
  }

  get watch(): unknown[] {
    return [this.status, this.keyword.trim()];
  }

  page(pageNum: number, pageSize: number) {
    const keyword = this.keyword.trim();
    return getWorkOrders({ status: this.status, pageNum, pageSize, ...(keyword ? { keyword } : {}) });
  }
}

/** The online list's store, kept while the app runs (coming back shows the last chip). */
export const onlineListStore = screenStore(() => new WorkOrderListStore('online'));

/**
 * The working list's store for a chip given by the query (home's 待验收 opens it on 4); a new store per chip asked
 * for, kept while the app runs.
 */
export const workingListStore = screenStore((_root, status: number | undefined) => {
  const store = new WorkOrderListStore('working');
  if (status === 4 || status === 5) store.setStatus(status);
  return store;
});
