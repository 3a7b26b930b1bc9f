import { makeAutoObservable, runInAction } from 'mobx';
import {
  cardReplace,
  getGoingActivity,
  getOldCardsOfSite,
  type CardType,
  type OldCardRow,
  type ReplaceActivity,
} from '@/api/card';
import {
  CARD_NO_MESSAGE,
  CARD_NO_PATTERN,
  CARD_PHONE_MESSAGE,
  OLD_CARD_PATTERN,
  cardRemarkRule,
} from '@/api/card-rules';
import { PHONE_PATTERN, firstError } from '@/api/rules';
import { fenToYuan, formatFen, yuanToFen } from '@/lib/money';
import { screenStore } from '@/stores/screen-store';
import type { RootStore } from '@/stores/root';
import type { OldCardDraft } from '@/stores/domain/drafts';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /mine/permuteCard and /mine/permuteCard/choiseSite — 旧卡更换 (C-mine.md permuteCard, choiseSite; Business rule 11):
 * during the replacement activity in progress, a rider's old-system card is swapped for a new platform card at one of
 * the activity's sites, and the old balance is carried over (转为本金 or 转为赠送金额, default 赠送). Every field writes
 * the old-card activation draft of the root store (`root.oldCardDraft`, session storage), so the form survives the
 * site choice and a reload within the browser session; success clears it. The old card's balance is the imported
 * one (read-only) when the old card is in the site's imported list, typed only when the activity allows manual
 * balances. 提交换卡 sends POST /wap/card/cardReplace exactly once (MoneyAction). New on each visit; the draft lives on.
 */

/** The first refusal of an old-card replacement form, or null (pure; the sandbox enforces the same, rule 11). */
export function replaceFormError(
  draft: OldCardDraft,
  activity: ReplaceActivity,
  imported: OldCardRow | null,
  balanceFen: number | null,
): string | null {
  if (draft.siteId === null) return '请选择换卡站点';
  const oldCard = draft.oldCard.trim();
  if (!OLD_CARD_PATTERN.test(oldCard)) return '请输入旧卡卡号';
  if (imported?.replaced === 1) return '该旧卡已完成换卡';
  if (!imported && activity.allowManualBalance === 0) return '未找到该旧卡，请核对卡号';
  if (balanceFen === null) return '金额最多保留两位小数';
  if (balanceFen < 0 || balanceFen > activity.maxTransferAmount) {
    return `旧卡余额不能超过${formatFen(activity.maxTransferAmount)}`;
  }
  if (!PHONE_PATTERN.test(draft.phone.trim())) return CARD_PHONE_MESSAGE;
  const newCard = draft.newCard.trim().toUpperCase();
  if (!CARD_NO_PATTERN.test(newCard)) return CARD_NO_MESSAGE;
  if (newCard === oldCard.toUpperCase()) return '新旧卡号不能相同';
  return firstError(cardRemarkRule, draft.remark.trim());
}

export class CardReplaceStore {
  readonly activity = new Loadable(() => getGoingActivity());
  /** The imported old cards of the chosen site (suggestions, the stored balance). */
  readonly oldCards = new Loadable(async () => {
    const siteId = this.draft.siteId;
    return siteId === null ? [] : getOldCardsOfSite(siteId);
  });
  readonly submit = new MoneyAction();
  /** The typed old balance in yuan (manual activities only; the draft keeps fen). */
  balanceText: string;
  /** True once the activity call has answered (null data then means: no activity in progress). */
  loaded = false;

  constructor(private readonly root: RootStore) {
    const draft = root.oldCardDraft.draft;
    this.balanceText = draft.oldCardBalance > 0 ? fenToYuan(draft.oldCardBalance) : '';
    makeAutoObservable<CardReplaceStore, 'root'>(this, { root: false });
  }

  /** The draft (root.oldCardDraft), read and written by this screen and the site choice. */
  get draft(): OldCardDraft {
    return this.root.oldCardDraft.draft;
  }

  /** Loads the activity, then the chosen site's old cards (the site is chosen on choiseSite; coming back mounts anew). */
  async load(): Promise<void> {
    const ok = await this.activity.load();
    runInAction(() => {
      this.loaded = ok;
    });
    const activity = this.activity.data;
    if (!activity) return;
    // A draft of another (ended) activity, or of a site that left it, starts again.
    if (this.draft.activityId !== activity.activityId) {
      this.root.oldCardDraft.reset();
      this.root.oldCardDraft.update({ activityId: activity.activityId });
      this.balanceText = '';
    } else if (this.draft.siteId !== null && !activity.siteList.some((s) => s.siteId === this.draft.siteId)) {
      this.root.oldCardDraft.update({ siteId: null, siteName: '', oldCard: '', oldCardBalance: 0 });
    }
    if (this.draft.siteId !== null && (await this.oldCards.load())) this.syncImported();
  }

  /** The imported record of the typed old card at the chosen site, or null. */
  get imported(): OldCardRow | null {
    const number = this.draft.oldCard.trim().toUpperCase();
    if (!number) return null;
    return (this.oldCards.data ?? []).find((c) => c.oldCard.toUpperCase() === number) ?? null;
  }

  /** Up to 5 not-yet-replaced imported cards whose number contains what is typed (when it is not complete). */
  get suggestions(): OldCardRow[] {
    const typed = this.draft.oldCard.trim().toUpperCase();
    if (typed.length < 2 || this.imported) return [];
    return (this.oldCards.data ?? [])
      .filter((c) => c.replaced === 0 && c.oldCard.toUpperCase().includes(typed))
      .slice(0, 5);
  }

  /** True when the balance is the imported one (read-only). */
  get balanceLocked(): boolean {
    return this.imported !== null || this.activity.data?.allowManualBalance === 0;
  }

  /** The balance to transfer in fen (imported, or typed), null when the typed text is malformed. */
  get balanceFen(): number | null {
    const imported = this.imported;
    if (imported) return imported.balance;
    if (this.activity.data?.allowManualBalance !== 1) return 0;
    const text = this.balanceText.trim();
    if (text === '') return 0;
    return yuanToFen(text);
  }

  /** The preview "新卡到账 ¥x（本金 ¥a + 赠送 ¥b）". */
  get preview(): string {
    const amount = this.balanceFen ?? 0;
    const principal = this.draft.rechargeType === 1 ? amount : 0;
    return `新卡到账 ${formatFen(amount)}（本金 ${formatFen(principal)} + 赠送 ${formatFen(amount - principal)}）`;
  }

  /** The first refusal of the form, or null (提交换卡 is disabled until null). */
  get error(): string | null {
    const activity = this.activity.data;
    if (!activity) return '当前没有进行中的换卡活动';
    return replaceFormError(this.draft, activity, this.imported, this.balanceFen);
  }

  /** Writes fields of the draft. Typing another old card takes its holder's phone when the phone is still empty. */
  set<K extends 'oldCard' | 'phone' | 'newCard' | 'remark' | 'rechargeType'>(key: K, value: OldCardDraft[K]): void {
    this.root.oldCardDraft.update({ [key]: value } as Partial<OldCardDraft>);
    if (key === 'oldCard') this.syncImported();
  }

  /** Picks a suggested old card. */
  pickOldCard(row: OldCardRow): void {
    this.root.oldCardDraft.update({ oldCard: row.oldCard });
    this.syncImported();
  }

  setBalanceText(text: string): void {
    this.balanceText = text;
    const fen = yuanToFen(text.trim());
    this.root.oldCardDraft.update({ oldCardBalance: fen ?? 0 });
  }

  /** Keeps the draft's balance and phone in line with the imported record of the typed old card. */
  private syncImported(): void {
    const imported = this.imported;
    if (!imported) return;
    this.balanceText = fenToYuan(imported.balance);
    this.root.oldCardDraft.update({
      oldCardBalance: imported.balance,
      ...(this.draft.phone.trim() === '' && imported.holderPhone ? { phone: imported.holderPhone } : {}),
    });
  }

  /** The text of the confirmation. */
  get confirmText(): string {
    return `旧卡 ${this.draft.oldCard.trim()} 将作废，余额 ${formatFen(this.balanceFen ?? 0)} 转入新卡 ${this.draft.newCard
      .trim()
      .toUpperCase()}，确认换卡？`;
  }

  /**
   * Sends the replacement exactly once, after `ask` (the confirmation) says yes. Resolves the new card (to open its detail; the draft is cleared), or null
   * when it failed or was refused (the request layer told the user why) or a submission is already running.
   */
  async send(ask?: () => PromiseLike<boolean>): Promise<{ cardId: number; cardType: CardType } | null> {
    const activity = this.activity.data;
    const siteId = this.draft.siteId;
    if (!activity || this.error !== null || siteId === null) return null;
    const draft = this.draft;
    const remark = draft.remark.trim();
    const body = {
      activityId: activity.activityId,
      oldCard: draft.oldCard.trim(),
      oldCardBalance: this.balanceFen ?? 0,
      phone: draft.phone.trim(),
      rechargeType: draft.rechargeType,
      newCard: draft.newCard.trim().toUpperCase(),
      siteId,
      status: draft.status,
      ...(remark ? { remark } : {}),
    };
    const answer = await this.submit.run((requestId) => cardReplace({ ...body, requestId }), ask);
    if (!answer) return null;
    runInAction(() => {
      this.root.oldCardDraft.reset();
      this.balanceText = '';
    });
    void this.root.cards.invalidate();
    return { cardId: answer.newCardId, cardType: answer.newCardType };
  }
}

/** The replacement form, new on each visit (the draft is what survives). */
export const cardReplaceStore = screenStore((root) => new CardReplaceStore(root), 'visit');

/** The site choice of a replacement (choiseSite): the activity's sites, searchable; a tap writes the draft. */
export class ReplaceSiteStore {
  readonly activity = new Loadable(() => getGoingActivity());
  keyword = '';

  constructor(private readonly root: RootStore) {
    makeAutoObservable<ReplaceSiteStore, 'root'>(this, { root: false });
  }

  setKeyword(text: string): void {
    this.keyword = text.slice(0, 20);
  }

  /** The activity's sites whose name or address contains the keyword. */
  get sites(): ReplaceActivity['siteList'] {
    const keyword = this.keyword.trim();
    return (this.activity.data?.siteList ?? []).filter(
      (s) => !keyword || s.siteName.includes(keyword) || s.address.includes(keyword),
    );
  }

  /** The site chosen in the draft. */
  get chosen(): number | null {
    return this.root.oldCardDraft.draft.siteId;
  }

  /** Writes the chosen site to the draft; another site than before clears the old card and its balance. */
  choose(site: { siteId: number; siteName: string }): void {
    const draft = this.root.oldCardDraft;
    const changed = draft.draft.siteId !== site.siteId;
    draft.update({
      siteId: site.siteId,
      siteName: site.siteName,
      ...(this.activity.data ? { activityId: this.activity.data.activityId } : {}),
      ...(changed ? { oldCard: '', oldCardBalance: 0 } : {}),
    });
  }
}

/** The site choice, new on each visit. */
export const replaceSiteStore = screenStore((root) => new ReplaceSiteStore(root), 'visit');
