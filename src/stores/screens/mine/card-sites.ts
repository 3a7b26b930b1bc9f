import { makeAutoObservable, runInAction } from 'mobx';
import {
  addCards,
  cardIsBindOtherSite,
  getCardBindSite,
  getSiteAvailableRule,
  getSiteBindCardNum,
  getUnbindSiteList,
  updateBindSite,
  updateCardBindSite,
  type BindSite,
  type CardType,
} from '@/api/card';
import {
  ADD_CARD_MAX,
  AREA_SITE_MAX,
  CARD_NO_MESSAGE,
  CARD_NO_PATTERN,
  CARD_TYPE_LABELS,
  cardNoRule,
  cardRemarkRule,
} from '@/api/card-rules';
import { firstError } from '@/api/rules';
import { screenStore } from '@/stores/screen-store';
import type { RootStore } from '@/stores/root';
import { cardKey } from '@/stores/domain/cards';
import { Loadable } from '@/stores/support/loadable';

/**
 * Cards and their sites (C-mine.md card/tab/add, card/tab/add/address, card/tab/list/info/bindAddress; Business rules
 * 5, 6): putting blank cards into stock (逐张 with the scanner, or a 号段), the site picker shared by adding and by the
 * batch binding of area cards, and the bound sites of one card. Numbers are unique platform-wide: conflicts are listed
 * before anything is added (cardIsBindOtherSite).
 */

/** Reads a card number from a scanned code: a URL's cardNo / no query or its last path segment, else the text. */
export function cardNoFromScan(text: string): string {
  const raw = text.trim();
  try {
    const url = new URL(raw);
    const fromQuery = url.searchParams.get('cardNo') ?? url.searchParams.get('no');
    if (fromQuery) return fromQuery.trim();
    const last = url.pathname.split('/').filter(Boolean).pop();
    return (last ?? raw).trim();
  } catch {
    return raw;
  }
}

/**
 * The numbers of a 号段: `count` consecutive numbers from `start` (digits only, same width). Resolves the refusal
 * ("号段批量仅支持纯数字卡号", "数量为1-200") or the list.
 */
export function numberRange(start: string, countText: string): string[] | { error: string } {
  const from = start.trim();
  if (!/^\d+$/.test(from)) return { error: '号段批量仅支持纯数字卡号' };
  if (!CARD_NO_PATTERN.test(from)) return { error: CARD_NO_MESSAGE };
  const count = Number(countText.trim());
  if (!Number.isInteger(count) || count < 1 || count > ADD_CARD_MAX) return { error: `数量为1-${ADD_CARD_MAX}` };
  // Decimal strings counted digit by digit: numbers of up to 20 digits exceed 2^53, and the webviews of iOS 12 have no
  // BigInt (scripts/check-dist.mjs refuses it).
  const list: string[] = [from];
  for (let i = 1; i < count; i++) {
    const next = nextNumber(list[i - 1] as string);
    if (next.length > from.length) return { error: '号段超出卡号位数' };
    list.push(next);
  }
  return list;
}

/** The decimal string `digits` plus one, same width unless it overflows ('0099' → '0100', '99' → '100'). */
function nextNumber(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** A site chosen for new cards (or a batch binding). */
export interface ChosenSite {
  siteId: number;
  siteName: string;
  ruleId: number;
}

/** The 添加卡片 form of one card type: kept while the app runs, so that a trip to the site picker keeps it. */
export class CardAddStore {
  mode: 'single' | 'range' = 'single';
  input = '';
  numbers: string[] = [];
  rangeStart = '';
  rangeCount = '';
  sites: ChosenSite[] = [];
  remark = '';
  submitting = false;

  constructor(
    private readonly root: RootStore,
    readonly cardType: CardType,
  ) {
    makeAutoObservable<CardAddStore, 'root'>(this, { root: false });
  }

  setMode(mode: 'single' | 'range'): void {
    this.mode = mode;
  }

  set(field: 'input' | 'rangeStart' | 'rangeCount' | 'remark', value: string): void {
    this[field] = value;
  }

  /** Adds the typed (or scanned) number to the chips; resolves the refusal to toast, or null. */
  addNumber(text = this.input): string | null {
    const cardNo = text.trim().toUpperCase();
    const error = firstError(cardNoRule, cardNo);
    if (error) return error;
    if (this.numbers.includes(cardNo)) return '卡号重复';
    if (this.numbers.length >= ADD_CARD_MAX) return `单次最多添加${ADD_CARD_MAX}张`;
    this.numbers = [...this.numbers, cardNo];
    this.input = '';
    return null;
  }

  removeNumber(cardNo: string): void {
    this.numbers = this.numbers.filter((n) => n !== cardNo);
  }

  /** The range preview ("3512000001 – 3512000200 共200张"), or null while the inputs are incomplete. */
  get rangePreview(): string | null {
    const list = numberRange(this.rangeStart, this.rangeCount);
    if ('error' in list || list.length === 0) return null;
    return `${list[0]} – ${list[list.length - 1]} 共${list.length}张`;
  }

  /** The numbers the form would add, or the first refusal. */
  get cardNos(): string[] | { error: string } {
    if (this.mode === 'range') return numberRange(this.rangeStart, this.rangeCount);
    if (this.numbers.length === 0) return { error: '请添加卡号' };
    return this.numbers;
  }

  chooseSites(sites: ChosenSite[]): void {
    this.sites = sites;
  }

  /** The first refusal of the form, or null (提交 is disabled until null). */
  get error(): string | null {
    const numbers = this.cardNos;
    if ('error' in numbers) return numbers.error;
    if (this.sites.length === 0) return '请选择适用站点';
    return firstError(cardRemarkRule, this.remark.trim());
  }

  /**
   * Submits: conflicts first (numbers held by any card: 提交 blocked, listed), then addCard / add. Resolves what the
   * screen shows, or null when a call failed (told by the request layer).
   */
  async submit(): Promise<{ conflicts: string[] } | { added: number; failures: string[] } | null> {
    const numbers = this.cardNos;
    if (this.error || 'error' in numbers || this.submitting) return null;
    this.submitting = true;
    try {
      const { boundList } = await cardIsBindOtherSite(numbers);
      if (boundList.length > 0) {
        return { conflicts: boundList.map((b) => `${b.cardNo} 已绑定「${b.siteName}」(${b.merchantName})`) };
      }
      const remark = this.remark.trim();
      const result = await addCards({
        cardType: this.cardType,
        cardNos: numbers,
        siteIds: this.sites.map((s) => s.siteId),
        ...(remark ? { remark } : {}),
      });
      void this.root.cards.invalidate();
      runInAction(() => {
        this.numbers = [];
        this.input = '';
        this.rangeStart = '';
        this.rangeCount = '';
        this.remark = '';
      });
      return { added: result.successCount, failures: result.failList.map((f) => `${f.cardNo}：${f.reason}`) };
    } catch {
      return null;
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }
}

/** The add form per card type, kept while the app runs. */
export const cardAddStore = screenStore((root, cardType: CardType) => new CardAddStore(root, cardType));

/** The site picker (add/address): radio for types 1/2, checkboxes of one rule (≤ 50) for type 3. */
export class SitePickerStore {
  keyword = '';
  chosen: ChosenSite[] = [];
  /** Cards bound to each listed site (siteBindCardNum). */
  counts = new Map<number, number>();
  checking = false;

  constructor(
    readonly cardType: CardType,
    initial: ChosenSite[],
  ) {
    this.chosen = [...initial];
    makeAutoObservable(this);
  }

  get multiple(): boolean {
    return this.cardType === 3;
  }

  setKeyword(keyword: string): void {
    this.keyword = keyword.slice(0, 30);
  }

  page(pageNum: number, pageSize: number) {
    const keyword = this.keyword.trim();
    return getUnbindSiteList({ pageNum, pageSize, ...(keyword ? { keyword } : {}) });
  }

  /** Loads the card counts of a page's sites (silently). */
  async countCards(sites: BindSite[]): Promise<void> {
    const missing = sites.map((s) => s.siteId).filter((id) => !this.counts.has(id));
    if (missing.length === 0) return;
    try {
      const list = await getSiteBindCardNum(missing);
      runInAction(() => {
        const next = new Map(this.counts);
        for (const r of list) next.set(r.siteId, r.cardCount);
        this.counts = next;
      });
    } catch {
      // counts stay hidden
    }
  }

  isChosen(siteId: number): boolean {
    return this.chosen.some((s) => s.siteId === siteId);
  }

  /** Greyed (type 3): a site of another rule than the first picked. */
  isOtherRule(site: BindSite): boolean {
    const first = this.chosen[0];
    return this.multiple && first !== undefined && first.ruleId !== site.ruleId;
  }

  /**
   * Taps a site: checks that it accepts the card type (siteAvailableRule), then picks (or unpicks) it. Resolves the
   * refusal to toast ("该站点未开通{卡类型}", "收费规则不一致", "最多绑定50个站点") or null.
   */
  async tap(site: BindSite): Promise<string | null> {
    if (this.isChosen(site.siteId)) {
      this.chosen = this.chosen.filter((s) => s.siteId !== site.siteId);
      return null;
    }
    if (this.isOtherRule(site)) return '收费规则不一致';
    if (this.multiple && this.chosen.length >= AREA_SITE_MAX) return `最多绑定${AREA_SITE_MAX}个站点`;
    if (this.checking) return null;
    this.checking = true;
    try {
      const rule = await getSiteAvailableRule(site.siteId);
      if (!rule.cardTypes.includes(this.cardType)) return `该站点未开通${CARD_TYPE_LABELS[this.cardType]}`;
      const pick = { siteId: site.siteId, siteName: site.siteName, ruleId: site.ruleId };
      runInAction(() => {
        this.chosen = this.multiple ? [...this.chosen, pick] : [pick];
      });
      return null;
    } catch {
      return null;
    } finally {
      runInAction(() => {
        this.checking = false;
      });
    }
  }

  /** The refusal of 确定, or null. */
  get error(): string | null {
    return this.chosen.length === 0 ? '请选择站点' : null;
  }
}

/** The picker's store, new on each visit, starting from the sites already chosen. */
export const sitePickerStore = screenStore(
  (_root, cardType: CardType, initial: ChosenSite[]) => new SitePickerStore(cardType, initial),
  'visit',
);

/** 绑定站点 of one card: its sites, and (type 3) the sites that can be added. */
export class BindAddressStore {
  readonly bound: Loadable<BindSite[]>;
  tab: 'bound' | 'add' = 'bound';
  adding = new Set<number>();
  busy = false;

  constructor(
    private readonly root: RootStore,
    readonly cardType: CardType,
    readonly cardId: number,
  ) {
    this.bound = new Loadable(() => getCardBindSite(cardId));
    makeAutoObservable<BindAddressStore, 'root'>(this, { root: false });
  }

  setTab(tab: 'bound' | 'add'): void {
    this.tab = tab;
  }

  /** Sites the card can move to or add (own sites it is not bound to; sameRule false = another rule). */
  unbound(pageNum: number, pageSize: number) {
    return getUnbindSiteList({ cardId: this.cardId, pageNum, pageSize });
  }

  toggleAdd(site: BindSite): string | null {
    if (site.sameRule === false) return '收费规则不一致';
    const next = new Set(this.adding);
    if (next.has(site.siteId)) next.delete(site.siteId);
    else {
      if ((this.bound.data?.length ?? 0) + next.size >= AREA_SITE_MAX) return `最多绑定${AREA_SITE_MAX}个站点`;
      next.add(site.siteId);
    }
    this.adding = next;
    return null;
  }

  private async changed(): Promise<void> {
    await Promise.all([this.bound.load(), this.root.cards.invalidate(cardKey(this.cardType, this.cardId))]);
  }

  /** 更换站点 (types 1/2); resolves true when done. */
  async move(siteId: number): Promise<boolean> {
    return this.run(() => updateCardBindSite(this.cardId, siteId));
  }

  /** 添加所选 (type 3); resolves the count added, or null. */
  async addChosen(): Promise<number | null> {
    const ids = [...this.adding];
    if (ids.length === 0) return null;
    const ok = await this.run(() => updateBindSite({ cardId: this.cardId, addSiteIds: ids, removeSiteIds: [] }));
    if (!ok) return null;
    runInAction(() => {
      this.adding = new Set();
      this.tab = 'bound';
    });
    return ids.length;
  }

  /** 解绑 one site (type 3; at least one stays). Resolves the refusal, true when done, false when it failed. */
  async remove(siteId: number): Promise<string | boolean> {
    if ((this.bound.data?.length ?? 0) <= 1) return '区域储值卡至少保留一个站点';
    return this.run(() => updateBindSite({ cardId: this.cardId, addSiteIds: [], removeSiteIds: [siteId] }));
  }

  private async run(call: () => PromiseLike<unknown>): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    try {
      await call();
      await this.changed();
      return true;
    } catch {
      return false;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }
}

/** 绑定站点's store of a card, new on each visit. */
export const bindAddressStore = screenStore(
  (root, cardType: CardType, cardId: number) => new BindAddressStore(root, cardType, cardId),
  'visit',
);
