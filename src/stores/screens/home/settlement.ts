import { makeAutoObservable } from 'mobx';
import { getArrearsOweAmount, queryCommOweAmount, type ArrearsOweAmount, type CommOweAmount } from '@/api/income';
import {
  getCurrentFeePeriod,
  getDeductionInfo,
  getDeviceInstalmentOverview,
  getFeePeriodDetail,
  getFrozenAmount,
  getFrozenInfo,
  getSettlementCycle,
  getSiteInstalments,
  getSiteProportions,
  getSplitDeductions,
  type CurrentFeePeriod,
  type DeductionInfo,
  type DeviceInstalmentOverview,
  type FeePeriodDetail,
  type FrozenAmount,
  type FrozenSite,
  type SettlementCycle,
  type SiteInstalment,
  type SplitDeduction,
} from '@/api/settlement';
import type { DeviceInstalmentStore } from '@/stores/domain/account';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/**
 * The screen stores of the settlement screens (A-shell-home-settlement.md §4 /stages/*, settleMode 1; §5
 * /platformfee/*, settleMode 2). Each block loads on its own (a failed block shows `--` or 加载失败 with 点击重试);
 * lists are the shared paged list of the screens. Money fen; proportion %.
 */

/** Share of `part` in `whole` as a whole percent for a progress bar (0–100; 0 when nothing is due). */
export function progressPercent(part: number, whole: number): number {
  if (whole <= 0) return part > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, Math.floor((part * 100) / whole)));
}

/** The years a year picker offers, newest first: from `first` up to `current` (A oldStages: first cycle … now). */
export function yearOptions(first: number, current: number): number[] {
  const out: number[] = [];
  for (let y = current; y >= Math.min(first, current); y -= 1) out.push(y);
  return out;
}

/** The settleMode of the account (0 无分期, 1 余额扣款, 2 分账扣款). */
export function settleModeOf(root: RootStore): 0 | 1 | 2 {
  return root.session.extendPermission?.settleMode ?? 0;
}

/** /stages/index — 结算中心: the cycle, its due and frozen, the per-site freezes, the arrears (A §4). */
export class StagesStore {
  readonly cycle = new Loadable<SettlementCycle>(() => getSettlementCycle());
  readonly frozen = new Loadable<FrozenAmount>(() => getFrozenAmount());
  readonly sites = new Loadable<FrozenSite[]>(async () => (await getFrozenInfo()).list);
  readonly owe = new Loadable<ArrearsOweAmount>(() => getArrearsOweAmount());
  /** 冻结明细 is collapsed by default. */
  detailOpen = false;
  /** Bumped by a refresh so that the plan list reloads too. */
  generation = 0;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<StagesStore, 'root'>(this, { root: false });
  }

  get settleMode(): 0 | 1 | 2 {
    return settleModeOf(this.root);
  }

  /** 本期应扣 = the cycle's due (periods + arrears being recovered). */
  get progress(): number {
    const f = this.frozen.data;
    return f ? progressPercent(f.frozenAmount, f.dueAmount) : 0;
  }

  toggleDetail(): void {
    this.detailOpen = !this.detailOpen;
  }

  /** Loads every block in parallel (pull-to-refresh too; the plan list reloads with `generation`). */
  async load(): Promise<void> {
    this.generation += 1;
    await Promise.all([this.cycle.load(), this.frozen.load(), this.sites.load(), this.owe.load()]);
  }
}
export const stagesStore = screenStore((root) => new StagesStore(root));

/** /stages/stageInfo — one deduction explained (A §4). New on each visit. */
export class StageInfoStore {
  readonly info: Loadable<DeductionInfo>;

  constructor(readonly id: number) {
    this.info = new Loadable(() => getDeductionInfo(id));
    makeAutoObservable(this);
  }

  /** Still 冻结中: deducted and unfrozen are not known yet (the screen shows —). */
  get open(): boolean {
    return this.info.data?.status === 1;
  }
}
export const stageInfoStore = screenStore((_root, id: number) => new StageInfoStore(id), 'visit');

/** /platformfee/settleCurrent — 本期结算: the open period, the arrears, the device instalments (A §5). */
export class PlatformFeeStore {
  readonly current = new Loadable<CurrentFeePeriod | null>(() => getCurrentFeePeriod());
  readonly owe = new Loadable<CommOweAmount>(() => queryCommOweAmount());
  readonly overview = new Loadable<DeviceInstalmentOverview>(() => getDeviceInstalmentOverview());
  /** The site instalments; each load also writes the account's siteInstalmentList (root.deviceInstalments, spec §3). */
  readonly sites = new Loadable<SiteInstalment[]>(async () => {
    const { list } = await getSiteInstalments();
    this.root.deviceInstalments.set(list);
    return list;
  });

  constructor(private readonly root: RootStore) {
    makeAutoObservable<PlatformFeeStore, 'root'>(this, { root: false });
  }

  get settleMode(): 0 | 1 | 2 {
    return settleModeOf(this.root);
  }

  get progress(): number {
    const c = this.current.data;
    return c ? progressPercent(c.deductedAmount, c.dueAmount) : 0;
  }

  async load(): Promise<void> {
    await Promise.all([this.current.load(), this.owe.load(), this.overview.load(), this.sites.load()]);
  }
}
export const platformFeeStore = screenStore((root) => new PlatformFeeStore(root));

/**
 * /platformfee/settleCurrent/stageInfo — 扣款明细 filters (A §5): the period's days (the date picker offers only those)
 * and the sites with their proportion: those of siteInstalmentList (read, spec §3, as 本期结算 wrote it), or
 * querySiteProportion's while that list is empty (after a reload or a deep link).
 */
export class FeeDeductionsStore {
  readonly period: Loadable<{ startDate: string; endDate: string } | null>;
  readonly sites: Loadable<{ siteId: number; siteName: string; proportion: number }[]>;

  constructor(
    readonly instalmentId: number | null,
    deviceInstalments: DeviceInstalmentStore,
  ) {
    this.sites = new Loadable(async () => {
      const known = deviceInstalments.siteProportions;
      return known.length > 0 ? known : (await getSiteProportions()).list;
    });
    this.period = new Loadable(async () =>
      instalmentId === null ? await getCurrentFeePeriod() : await getFeePeriodDetail(instalmentId),
    );
    makeAutoObservable(this);
  }

  async load(): Promise<void> {
    await Promise.all([this.period.load(), this.sites.load()]);
  }
}
export const feeDeductionsStore = screenStore(
  (root, instalmentId: number | null) => new FeeDeductionsStore(instalmentId, root.deviceInstalments),
  'visit',
);

/** /platformfee/settleDetail — one closed period with its first 5 deductions (A §5). New on each visit. */
export class FeePeriodStore {
  readonly detail: Loadable<FeePeriodDetail>;
  readonly firstDeductions: Loadable<SplitDeduction[]>;

  constructor(readonly instalmentId: number) {
    this.detail = new Loadable(() => getFeePeriodDetail(instalmentId));
    this.firstDeductions = new Loadable(
      async () => (await getSplitDeductions({ instalmentId, pageNum: 1, pageSize: 5 })).list,
    );
    makeAutoObservable(this);
  }

  async load(): Promise<void> {
    await Promise.all([this.detail.load(), this.firstDeductions.load()]);
  }
}
export const feePeriodStore = screenStore((_root, instalmentId: number) => new FeePeriodStore(instalmentId), 'visit');
