import { makeAutoObservable } from 'mobx';
import type { HeldStatus } from '@/api/compact';
import { HELD_STATUS_LABELS } from '@/api/order-rules';
import { getUnSignBackOrderCount, type UnSignBackOrderCount } from '@/api/home';
import { getMerchantSignStatus, type MerchantSignStatus } from '@/api/income';
import { href } from '@/config/routes';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/**
 * /compact/index — 未签约订单 (A-shell-home-settlement.md §6): the summary and tab counts (unSignBackOrderCount, as on
 * home), the sign status deciding the button, and the status chip the two child lists share. Money fen.
 */

const DAY_MS = 86_400_000;

/** Days left before a held order goes back to the rider (`{n}天后原路退回`; at least 0). */
export function daysLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / DAY_MS));
}

/** The status chips of the held lists (A §6), in the words of the rows' tags (HELD_STATUS_LABELS). */
export const HELD_CHIPS: readonly { key: string; label: string }[] = ([2, 3, 4] as const).map((status) => ({
  key: `${status}`,
  label: HELD_STATUS_LABELS[status],
}));

export const HELD_EMPTY: Record<HeldStatus, string> = {
  2: '暂无待签约订单',
  3: '暂无补结算订单',
  4: '暂无退回订单',
};

export class CompactStore {
  status: HeldStatus = 2;
  /** The instant the countdowns count from (set at each load). */
  now = Date.now();
  readonly counts = new Loadable<UnSignBackOrderCount>(() => getUnSignBackOrderCount());
  readonly sign = new Loadable<MerchantSignStatus>(() => getMerchantSignStatus());

  constructor(private readonly root: RootStore) {
    makeAutoObservable<CompactStore, 'root'>(this, { root: false });
  }

  /** The button by signStatus: 0/3 立即签约, 1 签约审核中 (disabled), 2 none (签约已完成，订单补结算中). */
  get signAction(): 'sign' | 'reviewing' | 'done' | null {
    const status = this.sign.data?.signStatus;
    if (status === undefined) return null;
    if (status === 2) return 'done';
    return status === 1 ? 'reviewing' : 'sign';
  }

  load(): Promise<unknown> {
    this.now = Date.now();
    return Promise.all([this.counts.load(), this.sign.load()]);
  }

  setStatus(status: HeldStatus): void {
    this.status = status;
  }

  /** Before 立即签约: sign info {signStatus, backUrl: /compact/index} (D §0.8). */
  prepareSign(): void {
    this.root.signInfo.update({ signStatus: this.sign.data?.signStatus ?? 0, backUrl: href('compact') });
  }
}
export const compactStore = screenStore((root) => new CompactStore(root));
