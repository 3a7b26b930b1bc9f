import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError } from '@/api/outcome';
import {
  addWorkOrderSite,
  approvalBuildAchievement,
  approvalBuildOrder,
  getOrderDetail,
  getTrainInfo,
  getUserListByCommId,
  submitBuildAchievement,
  updateTrainingConfirm,
  type WorkOrderDetail,
} from '@/api/work-order';
import {
  STALE_WORK_ORDER,
  WORK_ORDER_MESSAGES,
  rectifyRule,
  reviewError,
  workOrderSiteNameRule,
} from '@/api/work-order-rules';
import { firstError } from '@/api/rules';
import type { WorkOrderEdit } from '@/stores/domain/drafts';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { ActionGuard } from '@/stores/support/action-guard';
import { Loadable } from '@/stores/support/loadable';

/** What an action of the screen ends in: done, refused before calling (the message to show), or failed (told). */
export type ActionResult = { ok: true } | { ok: false; message: string | null };

const done: ActionResult = { ok: true };
const refused = (message: string): ActionResult => ({ ok: false, message });
const failed: ActionResult = { ok: false, message: null };

/**
 * /mine/workOrder/working/installDetail — 安装申请详情 (C-mine.md; Business rule 17): the full work order, and the
 * actions of the viewer's side:
 * - the operator (accountTypes 1, 2, 4) reviews a 待审核 order — 通过 with a site (关联已有 from `siteList`, or 新建 by
 *   addSite, 建设中) and a builder (选择已有 from getUserListByCommId, or 新建账号), or 驳回 with a reason — through the
 *   root store's work-order edit (kept across the pickers, cleared after submit); and accepts a 待验收 one (验收通过 →
 *   已完成, the site 运营中; 驳回整改 with content → 验收驳回);
 * - the builder (5) confirms the training (once its content was opened) and submits for acceptance (施工中 / 验收驳回).
 * Buttons disable while a call runs; an answer "工单状态已变更" (the order moved on elsewhere) reloads the order.
 */
export class InstallDetailStore {
  readonly detail: Loadable<WorkOrderDetail>;
  readonly train = new Loadable(() => getTrainInfo(this.id));
  readonly builders = new Loadable(() => getUserListByCommId(this.detail.data?.commId ?? 0));
  readonly guard = new ActionGuard();
  /** The training content was opened (查看培训资料): 确认已完成培训 is enabled from then on. */
  trainingOpened = false;
  /** The new site's name typed in the review (prefilled {commName}充电站). */
  newSiteName = '';
  /** The builder's remark when submitting for acceptance. */
  achievementRemark = '';

  constructor(
    private readonly root: RootStore,
    readonly id: number,
  ) {
    this.detail = new Loadable(() => getOrderDetail(id));
    makeAutoObservable<InstallDetailStore, 'root'>(this, { root: false, detail: false, train: false, builders: false });
  }

  /** True for the builder's view (accountType 5). */
  get isBuilder(): boolean {
    return this.root.session.extendPermission?.accountType === 5;
  }

  /** The review form (the root store's work-order edit). */
  get edit(): WorkOrderEdit {
    return this.root.workOrderEdit.edit;
  }

  /** The operator may review: a 待审核 order seen by the operator's side. */
  get canReview(): boolean {
    return !this.isBuilder && this.detail.data?.status === 1;
  }

  /** The operator may accept: a 待验收 order. */
  get canAccept(): boolean {
    return !this.isBuilder && this.detail.data?.status === 4;
  }

  /** The builder works on it: 施工中 or 验收驳回. */
  get canBuild(): boolean {
    const status = this.detail.data?.status;
    return this.isBuilder && (status === 3 || status === 6);
  }

  /**
   * Loads the order, then what its status shows (the training from 施工中 on; the builders for a review), and starts
   * the work-order edit for this order unless it already holds it (coming back from a picker keeps it).
   */
  async load(): Promise<void> {
    if (!(await this.detail.load())) return;
    const order = this.detail.data;
    if (!order) return;
    const jobs: Promise<unknown>[] = [];
    if (order.status >= 3) jobs.push(this.train.load());
    if (this.canReview) {
      jobs.push(this.builders.load());
      if (this.edit.id !== order.id) {
        this.root.workOrderEdit.reset();
        this.root.workOrderEdit.update({
          id: order.id,
          onlineSite: 1,
          siteList: order.siteList.map((s) => ({ id: s.siteId, name: s.siteName })),
        });
      }
      runInAction(() => {
        this.newSiteName = this.newSiteName || `${order.commName}充电站`;
      });
    }
    await Promise.all(jobs);
  }

  update(fields: Partial<WorkOrderEdit>): void {
    this.root.workOrderEdit.update(fields);
  }

  setNewSiteName(name: string): void {
    this.newSiteName = name.slice(0, 30);
  }

  setAchievementRemark(text: string): void {
    this.achievementRemark = text.slice(0, 200);
  }

  /**
   * Shows the application's photos in the host's image viewer, from `url` (the hosts' viewers take absolute
   * addresses: a path of the backend's is resolved against the page's origin).
   */
  previewPhoto(url: string): void {
    const absolute = (u: string) => new URL(u, globalThis.location.href).href;
    const photos = (this.detail.data?.photos ?? []).map(absolute);
    this.root.platform.previewImage(photos, absolute(url));
  }

  openTraining(): void {
    this.trainingOpened = true;
  }

  /** Picks an existing site (关联已有站点). */
  chooseSite(siteId: number): void {
    const site = this.detail.data?.siteList.find((s) => s.siteId === siteId);
    if (site) this.update({ onlineSite: 1, stationId: site.siteId, siteName: site.siteName });
  }

  /** Picks an existing builder (选择已有). */
  chooseBuilder(builderId: number): void {
    const builder = this.builders.data?.find((b) => b.builderId === builderId);
    if (builder) {
      this.update({ builderMode: 'existing', builderId, builderName: builder.name, builderPhone: builder.phone });
    }
  }

  /** Switches 站点 between 关联已有站点 (1) and 新建站点 (2): the other choice's site is dropped. */
  setSiteMode(mode: 1 | 2): void {
    const made = this.edit.addstationId;
    this.update(
      mode === 2
        ? { onlineSite: 2, stationId: made, siteName: made ? this.newSiteName : '' }
        : { onlineSite: 1, stationId: null, siteName: '' },
    );
  }

  /** Switches 施工人员 between 选择已有 and 新建账号 (the fields of the other are cleared). */
  setBuilderMode(mode: 'existing' | 'new'): void {
    this.update({ builderMode: mode, builderId: null, builderName: '', builderPhone: '', builderPassword: '' });
  }

  /** 创建站点: POST addSite with the application's address; the new site (建设中) becomes the review's site. */
  async createSite(): Promise<ActionResult> {
    const order = this.detail.data;
    if (!order) return failed;
    const message = firstError(workOrderSiteNameRule, this.newSiteName);
    if (message) return refused(message);
    const name = this.newSiteName.trim();
    const answer = await this.act('addSite', () =>
      addWorkOrderSite({
        orderId: order.id,
        name,
        province: order.province,
        city: order.city,
        area: order.area,
        address: order.address,
        longitude: order.longitude ?? 120.13,
        latitude: order.latitude ?? 30.28,
      }),
    );
    if (!answer) return failed;
    this.update({ onlineSite: 2, addstationId: answer.stationId, stationId: answer.stationId, siteName: name });
    return done;
  }

  /** The review's first validation failure, or null (checked before the confirmation). */
  get reviewError(): string | null {
    const e = this.edit;
    return reviewError({
      checkStatus: e.checkStatus === 2 ? 2 : 1,
      applyApprovedContent: e.applyApprovedContent,
      stationId: e.stationId,
      builderMode: e.builderMode,
      builderId: e.builderId,
      builderName: e.builderName,
      builderPhone: e.builderPhone,
      builderPassword: e.builderPassword,
    });
  }

  /** The confirmation text of the review (确认通过并指派给{builderName}施工？ / 确认驳回该申请？). */
  get reviewQuestion(): string {
    return this.edit.checkStatus === 2 ? '确认驳回该申请？' : `确认通过并指派给${this.edit.builderName.trim()}施工？`;
  }

  /** 提交 (after the confirmation): POST approvalBuildOrder; clears the edit and refreshes the badges when done. */
  async submitReview(): Promise<ActionResult> {
    const message = this.reviewError;
    if (message) return refused(message);
    const e = this.edit;
    const approve = e.checkStatus !== 2;
    const answer = await this.act('review', () =>
      approvalBuildOrder({
        id: this.id,
        checkStatus: approve ? 1 : 2,
        applyApprovedContent: e.applyApprovedContent.trim(),
        ...(approve
          ? {
              onlineSite: e.onlineSite === 2 ? 2 : 1,
              stationId: e.stationId ?? 0,
              ...(e.builderMode === 'existing'
                ? { builderId: e.builderId ?? 0 }
                : {
                    builderName: e.builderName.trim(),
                    builderPhone: e.builderPhone.trim(),
                    builderPassword: e.builderPassword,
                  }),
            }
          : {}),
      }),
    );
    if (!answer) return failed;
    this.root.workOrderEdit.reset();
    void this.root.auth.loadMerchantInfo();
    return done;
  }

  /** 确认已完成培训: POST updateTrainingConfirm (only once the content was opened), then reloads the training. */
  async confirmTraining(): Promise<ActionResult> {
    const train = this.train.data;
    if (!train) return failed;
    if (!this.trainingOpened) return refused('请先查看培训资料');
    const answer = await this.act('training', () => updateTrainingConfirm(this.id, train.trainId));
    if (!answer) return failed;
    await Promise.all([this.train.load(), this.detail.load()]);
    return done;
  }

  /** The checks of 提交验收 before the confirmation (training confirmed, a box at the site), or null. */
  get submitError(): string | null {
    if (this.train.data?.confirmed !== 1) return WORK_ORDER_MESSAGES.trainingFirst;
    if ((this.detail.data?.devices.length ?? 0) < 1) return WORK_ORDER_MESSAGES.noDevice;
    return null;
  }

  /** 提交验收 (after the confirmation): POST submitBuildAchievement, then reloads the order. */
  async submitAchievement(): Promise<ActionResult> {
    const message = this.submitError;
    if (message) return refused(message);
    const answer = await this.act('submit', () => submitBuildAchievement(this.id, this.achievementRemark.trim()));
    if (!answer) return failed;
    await this.reloadAll();
    return done;
  }

  /** 验收 (from its dialog): 1 验收通过 or 2 驳回整改 with content; reloads the order and refreshes the badges. */
  async accept(result: 1 | 2, content: string): Promise<ActionResult> {
    if (result === 2) {
      const message = firstError(rectifyRule, content);
      if (message) return refused(message);
    }
    const answer = await this.act('accept', () => approvalBuildAchievement(this.id, result, content.trim()));
    if (!answer) return failed;
    await this.reloadAll();
    void this.root.auth.loadMerchantInfo();
    return done;
  }

  /** Reloads the order and its training. */
  async reloadAll(): Promise<void> {
    await this.detail.load();
    if ((this.detail.data?.status ?? 0) >= 3) await this.train.load();
  }

  /**
   * Runs a call under the guard; the request layer tells the user why it failed. A stale status ("工单状态已变更")
   * reloads the order so that the screen shows where it is now.
   */
  private async act<T>(key: string, call: () => PromiseLike<T>): Promise<T | undefined> {
    return this.guard.run(key, async () => {
      try {
        return await call();
      } catch (error) {
        if (error instanceof ApiError && error.message === STALE_WORK_ORDER) void this.reloadAll();
        throw error;
      }
    });
  }
}

/** The detail's store: a new one on each visit (the review form itself is the root store's work-order edit). */
export const installDetailStore = screenStore((root, id: number) => new InstallDetailStore(root, id), 'visit');
