import { makeAutoObservable } from 'mobx';
import { getMerchantEntity, type EntityChangeApply, type MerchantEntity } from '@/api/income';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';

/**
 * /income/apply-result — 认证信息变更申请 (D-income.md §5 "/income/apply-result"): the latest certification-change
 * application of getMerchantEntity.changeApply. The query id (else sign info changeApplyId) must name it, otherwise
 * `申请记录不存在`. 重新修改 writes the rejected snapshot's new values into sign info entityDraft. New on each visit.
 */

export type ApplyView = { kind: 'none' } | { kind: 'missing' } | { kind: 'apply'; apply: EntityChangeApply };

/** What the screen shows for the entity's changeApply and the asked id (null = none asked). */
export function applyViewOf(entity: Pick<MerchantEntity, 'changeApply'> | null, id: number | null): ApplyView {
  const apply = entity?.changeApply ?? null;
  if (!apply) return { kind: 'none' };
  if (id !== null && id !== apply.applyId) return { kind: 'missing' };
  return { kind: 'apply', apply };
}

export class ApplyResultStore {
  readonly entity = new Loadable<MerchantEntity>(() => getMerchantEntity());

  constructor(
    private readonly root: RootStore,
    private readonly id: number | null,
  ) {
    makeAutoObservable<ApplyResultStore, 'root' | 'id'>(this, { root: false, id: false });
  }

  get view(): ApplyView {
    const asked =
      this.id ??
      (typeof this.root.signInfo.info.changeApplyId === 'number' ? this.root.signInfo.info.changeApplyId : null);
    return applyViewOf(this.entity.data, asked);
  }

  load(): Promise<boolean> {
    return this.entity.load();
  }

  /** 重新修改: the rejected application's new values as the edit-contract draft (field → new value, masked ones left out). */
  redo(): void {
    const view = this.view;
    if (view.kind !== 'apply') return;
    const draft: Record<string, string> = {};
    for (const change of view.apply.changes) if (!change.newValue.includes('*')) draft[change.field] = change.newValue;
    this.root.signInfo.update({ entityDraft: draft });
  }
}

/** The store of /income/apply-result for the query id, new on each visit. */
export const applyResultStore = screenStore(
  (root: RootStore, id: number | null) => new ApplyResultStore(root, id),
  'visit',
);
