import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WithdrawInfoStore } from './account';
import { OldCardDraftStore, SiteDraftStore, WorkOrderEditStore } from './drafts';
import { UiStore } from './ui';

describe('client state defaults and persistence (spec §3, §9)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useRealTimers();
  });

  it('has the spec defaults', () => {
    expect(new SiteDraftStore('400-800-1234').draft.servicePhone).toBe('400-800-1234');
    const oldCard = new OldCardDraftStore().draft;
    expect(oldCard.rechargeType).toBe(2);
    expect(oldCard.status).toBe(3);
    expect(new WorkOrderEditStore().edit.checkStatus).toBe(1);
    const withdraw = new WithdrawInfoStore().info;
    expect(withdraw.date).toBe(1);
    expect(withdraw.autoWithdraw).toBe(0);
    expect(new UiStore().currentSiteTab).toBe('facilityList');
  });

  it('the site draft survives a reload within the session (debounced 300 ms) and resets', async () => {
    vi.useFakeTimers();
    const first = new SiteDraftStore('400-800-1234');
    first.update({ name: '翠苑一区9栋车棚', latitude: 30.28 });
    expect(sessionStorage.getItem('siteDraft')).toBeNull();
    await vi.advanceTimersByTimeAsync(300);
    const reloaded = new SiteDraftStore('400-800-1234');
    expect(reloaded.draft.name).toBe('翠苑一区9栋车棚');
    expect(reloaded.draft.latitude).toBe(30.28);
    reloaded.reset();
    expect(sessionStorage.getItem('siteDraft')).toBeNull();
    expect(new SiteDraftStore('400-800-1234').draft.name).toBe('');
  });

  it('the old-card draft and the withdraw info survive a reload within the session', () => {
    new OldCardDraftStore().update({ oldCard: 'A1234567', oldCardBalance: 1250 });
    expect(new OldCardDraftStore().draft).toMatchObject({ oldCard: 'A1234567', oldCardBalance: 1250, rechargeType: 2 });
    new WithdrawInfoStore().update({ availableBalance: 99900, autoWithdraw: 1 });
    expect(new WithdrawInfoStore().info).toMatchObject({ availableBalance: 99900, autoWithdraw: 1, date: 1 });
  });

  it('the work-order edit does not survive (memory only)', () => {
    new WorkOrderEditStore().update({ builderName: '王强' });
    expect(new WorkOrderEditStore().edit.builderName).toBe('');
  });
});
