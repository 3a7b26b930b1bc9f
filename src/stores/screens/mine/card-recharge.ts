import { makeAutoObservable, runInAction } from 'mobx';
import {
  activeCard,
  getLicenseNumber,
  getMonthCardTemplate,
  getSiteRechargeTemplate,
  refillCard,
  type CardDetail,
  type CardType,
  type MonthTemplate,
  type RechargeTemplate,
  type RiderLicense,
} from '@/api/card';
import {
  addDay,
  cardPhoneRule,
  cardRemarkRule,
  holderNameRule,
  licenseRule,
  rechargeAmountError,
  renewalPeriod,
  type OfflinePayType,
  type RechargeTier,
} from '@/api/card-rules';
import { firstError, firstFailure } from '@/api/rules';
import { formatFen, yuanToFen } from '@/lib/money';
import { dayOf } from '@/lib/time';
import { screenStore } from '@/stores/screen-store';
import type { RootStore } from '@/stores/root';
import { cardKey } from '@/stores/domain/cards';
import type { LoadableLike } from '@/stores/support/entity-cache';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * The two forms that take money for a card at the counter (C-mine.md card/tab/list/info/recharge and …/active):
 * 卡片充值 (a value recharge or a month-card renewal) and 卡片激活 (the holder plus the first recharge or package).
 * Amounts come from the site's template (tier grid, 自定义 when allowed; no template: custom amount, no gift; the
 * smart bonus's gifts when in force), are checked with the rules the sandbox enforces (src/api/card-rules.ts) and
 * sent exactly once (MoneyAction: requestId kept across a retry, taps ignored while it runs). New on each visit.
 */

/** What the value part of a form has chosen: a tier of the grid, 自定义, or (activation) 不充值. */
export type AmountChoice = { kind: 'tier'; index: number } | { kind: 'custom' } | { kind: 'none' };

/** The amounts of a value choice in fen, or the message of a malformed input. */
export function choiceAmounts(
  choice: AmountChoice | null,
  tiers: readonly RechargeTier[],
  payText: string,
  giveText: string,
  giftEditable: boolean,
): { payAmount: number; giveAmount: number } | { error: string } {
  if (choice === null) return { error: '请选择充值金额' };
  if (choice.kind === 'none') return { payAmount: 0, giveAmount: 0 };
  if (choice.kind === 'tier') {
    const tier = tiers[choice.index];
    return tier ? { payAmount: tier.payAmount, giveAmount: tier.giveAmount } : { error: '请选择充值金额' };
  }
  const pay = payText.trim();
  if (!pay) return { error: '请输入充值金额' };
  const payAmount = yuanToFen(pay);
  if (payAmount === null) return { error: '金额最多保留两位小数' };
  const give = giftEditable ? giveText.trim() : '';
  const giveAmount = give ? yuanToFen(give) : 0;
  if (giveAmount === null) return { error: '金额最多保留两位小数' };
  return { payAmount, giveAmount };
}

/** The value-card part shared by both forms: the site's template, the choice and the custom inputs. */
class ValuePart {
  readonly template: Loadable<RechargeTemplate | null>;
  choice: AmountChoice | null = null;
  payText = '';
  giveText = '';

  constructor(siteId: () => number | null) {
    this.template = new Loadable(async () => {
      const id = siteId();
      if (id === null) return null;
      return (await getSiteRechargeTemplate(id)).list[0] ?? null;
    });
    makeAutoObservable(this);
  }

  get tiers(): RechargeTier[] {
    return this.template.data?.valueTiers ?? [];
  }

  /** 自定义 is offered when the site allows custom amounts, or has no template at all. */
  get customAllowed(): boolean {
    const t = this.template.data;
    return !t || !t.hasTemplate || t.customAmount === 1;
  }

  /** 赠送 is editable only in 自定义 and only when the template allows custom amounts. */
  get giftEditable(): boolean {
    const t = this.template.data;
    return this.choice?.kind === 'custom' && !!t && t.hasTemplate && t.customAmount === 1;
  }

  /** The minimum of a custom amount (fen). */
  get minAmount(): number {
    const t = this.template.data;
    return this.choice?.kind === 'custom' && t?.hasTemplate ? t.minAmount : 0;
  }

  choose(choice: AmountChoice): void {
    this.choice = choice;
  }

  setPay(text: string): void {
    this.payText = text;
  }

  setGive(text: string): void {
    this.giveText = text;
  }

  amounts(): { payAmount: number; giveAmount: number } | { error: string } {
    return choiceAmounts(this.choice, this.tiers, this.payText, this.giveText, this.giftEditable);
  }
}

/** The month part: the site's enabled templates and the one chosen. */
class MonthPart {
  readonly templates: Loadable<MonthTemplate[]>;
  templateId: number | null = null;

  constructor(siteId: () => number | null) {
    this.templates = new Loadable(async () => {
      const id = siteId();
      return id === null ? [] : (await getMonthCardTemplate(id)).filter((t) => t.enabled === 1);
    });
    makeAutoObservable(this);
  }

  get chosen(): MonthTemplate | null {
    return this.templates.data?.find((t) => t.templateId === this.templateId) ?? null;
  }

  choose(templateId: number): void {
    this.templateId = templateId;
  }
}

/** The recharge form of a card (卡片充值 / 月卡续费). */
export class CardRechargeStore {
  readonly card: LoadableLike<CardDetail>;
  readonly value: ValuePart;
  readonly month: MonthPart;
  payType: OfflinePayType | null = null;
  remark = '';
  readonly submit = new MoneyAction();

  constructor(
    private readonly root: RootStore,
    readonly cardType: CardType,
    readonly cardId: number,
  ) {
    this.card = root.cards.detail(cardType, cardId);
    const site = () => this.card.data?.sites[0]?.siteId ?? null;
    this.value = new ValuePart(site);
    this.month = new MonthPart(site);
    makeAutoObservable<CardRechargeStore, 'root'>(this, { root: false });
  }

  get isMonth(): boolean {
    return this.cardType === 2;
  }

  /**
   * The card, then its site's packages. The packages load whenever the card is known, also when its reload failed
   * but the shared card cache still holds it (the form is then shown, and its packages' skeleton must not wait for
   * ever: Loadable is pending until its first answer).
   */
  async load(): Promise<void> {
    await this.card.load();
    if (!this.card.data) return;
    if (this.isMonth) await this.month.templates.load();
    else await this.value.template.load();
  }

  /** The card's status allows the action: 3 (value), 3 or 5 (month). */
  get allowed(): boolean {
    const status = this.card.data?.status;
    return this.isMonth ? status === 3 || status === 5 : status === 3;
  }

  /** The period a renewal buys (rule 9), for the line "续费后有效期至". */
  get renewal(): { startDate: string; endDate: string } | null {
    const card = this.card.data;
    const t = this.month.chosen;
    if (!card || !t) return null;
    return renewalPeriod(card, t.days, dayOf(Date.now()));
  }

  setPayType(payType: OfflinePayType): void {
    this.payType = payType;
  }

  setRemark(remark: string): void {
    this.remark = remark;
  }

  /** The amounts due (fen) or the first refusal of the form. */
  get amounts(): { payAmount: number; giveAmount: number } | { error: string } {
    const card = this.card.data;
    if (!card) return { error: '加载中' };
    if (this.isMonth) {
      const t = this.month.chosen;
      return t ? { payAmount: t.price, giveAmount: 0 } : { error: '请选择月卡套餐' };
    }
    const amounts = this.value.amounts();
    if ('error' in amounts) return amounts;
    const error = rechargeAmountError({
      ...amounts,
      balanceBefore: card.balance + card.giveBalance,
      minAmount: this.value.minAmount,
    });
    return error ? { error } : amounts;
  }

  /** The first refusal of the whole form, or null. */
  get error(): string | null {
    if (!this.allowed) return '卡片当前状态不可充值';
    const amounts = this.amounts;
    if ('error' in amounts) return amounts.error;
    if (this.payType === null) return '请选择收款方式';
    return firstError(cardRemarkRule, this.remark.trim());
  }

  /** The confirmation text (C-mine.md recharge Actions). */
  get confirmText(): string {
    const card = this.card.data;
    const amounts = this.amounts;
    if (!card || 'error' in amounts) return '';
    if (this.isMonth) return `确认续费${this.month.chosen?.name ?? ''}，收取 ${formatFen(amounts.payAmount)}？`;
    return `确认为卡 ${card.cardNo} 充值 ${formatFen(amounts.payAmount)}（赠送 ${formatFen(amounts.giveAmount)}）？请确认已收到用户款项`;
  }

  /**
   * Sends the recharge once after `ask` (the confirmation) says yes; taps while the dialog is open or the call runs are
   * ignored. Resolves true when done (the card is invalidated).
   */
  async send(ask?: () => PromiseLike<boolean>): Promise<boolean> {
    const amounts = this.amounts;
    if (this.error || 'error' in amounts || this.payType === null) return false;
    const payType = this.payType;
    const remark = this.remark.trim();
    const answer = await this.submit.run(
      (requestId) =>
        refillCard({
          cardId: this.cardId,
          cardType: this.cardType,
          payAmount: amounts.payAmount,
          giveAmount: amounts.giveAmount,
          ...(this.isMonth && this.month.templateId !== null ? { templateId: this.month.templateId } : {}),
          payType,
          ...(remark ? { remark } : {}),
          requestId,
        }),
      ask,
    );
    if (!answer) return false;
    await this.root.cards.invalidate(cardKey(this.cardType, this.cardId));
    return true;
  }
}

/** The activation form of a stock card (卡片激活). */
export class CardActivateStore {
  readonly card: LoadableLike<CardDetail>;
  readonly value: ValuePart;
  readonly month: MonthPart;
  phone = '';
  holderName = '';
  licenseNumber = '';
  startDate = dayOf(Date.now());
  payType: OfflinePayType | null = null;
  remark = '';
  licenses: RiderLicense[] = [];
  readonly submit = new MoneyAction();

  constructor(
    private readonly root: RootStore,
    readonly cardType: CardType,
    readonly cardId: number,
  ) {
    this.card = root.cards.detail(cardType, cardId);
    const site = () => this.card.data?.sites[0]?.siteId ?? null;
    this.value = new ValuePart(site);
    this.month = new MonthPart(site);
    this.value.choice = { kind: 'none' };
    makeAutoObservable<CardActivateStore, 'root'>(this, { root: false });
  }

  get isMonth(): boolean {
    return this.cardType === 2;
  }

  /**
   * The card, then its site's packages. The packages load whenever the card is known, also when its reload failed
   * but the shared card cache still holds it (the form is then shown, and its packages' skeleton must not wait for
   * ever: Loadable is pending until its first answer).
   */
  async load(): Promise<void> {
    await this.card.load();
    if (!this.card.data) return;
    if (this.isMonth) await this.month.templates.load();
    else await this.value.template.load();
  }

  /** The first day a package may start and the last (today … today + 30). */
  get startRange(): { min: string; max: string } {
    const today = dayOf(Date.now());
    return { min: today, max: addDay(today, 30) };
  }

  set(field: 'phone' | 'holderName' | 'licenseNumber' | 'remark' | 'startDate', value: string): void {
    this[field] = value;
    if (field === 'phone') void this.lookupLicenses();
  }

  setPayType(payType: OfflinePayType): void {
    this.payType = payType;
  }

  /** Plates of the rider with the phone (chips), once the phone is a valid mobile. */
  private async lookupLicenses(): Promise<void> {
    const phone = this.phone.trim();
    if (firstError(cardPhoneRule, phone)) {
      this.licenses = [];
      return;
    }
    try {
      const list = await getLicenseNumber(phone);
      runInAction(() => {
        if (this.phone.trim() === phone) this.licenses = list;
      });
    } catch {
      // silent: the plate stays free input
    }
  }

  /** The amount due (fen) and the gift, or the first refusal. */
  get amounts(): { payAmount: number; giveAmount: number } | { error: string } {
    if (this.isMonth) {
      const t = this.month.chosen;
      return t ? { payAmount: t.price, giveAmount: 0 } : { error: '请选择月卡套餐' };
    }
    const amounts = this.value.amounts();
    if ('error' in amounts) return amounts;
    const error = rechargeAmountError({ ...amounts, balanceBefore: 0, minAmount: this.value.minAmount }, true);
    return error ? { error } : amounts;
  }

  /** The first refusal of the form, or null (the 激活 button is disabled until it is null). */
  get error(): string | null {
    if (this.card.data && this.card.data.status !== 1) return '该卡已激活';
    if (this.phone.trim() === '') return '请输入持卡人手机号';
    const fields = firstFailure([
      [cardPhoneRule, this.phone.trim()],
      [holderNameRule, this.holderName.trim()],
      [licenseRule, this.licenseNumber.trim()],
      [cardRemarkRule, this.remark.trim()],
    ]);
    if (fields) return fields;
    const amounts = this.amounts;
    if ('error' in amounts) return amounts.error;
    if (this.isMonth) {
      const { min, max } = this.startRange;
      if (this.startDate < min) return '生效日期不能早于今天';
      if (this.startDate > max) return '生效日期最晚为30天后';
    }
    if (amounts.payAmount > 0 && this.payType === null) return '请选择收款方式';
    return null;
  }

  /** The confirmation text: "确认激活卡 {cardNo}，绑定手机号 {phone}{，收取 ¥x}？". */
  get confirmText(): string {
    const amounts = this.amounts;
    const due = 'error' in amounts || amounts.payAmount === 0 ? '' : `，收取 ${formatFen(amounts.payAmount)}`;
    return `确认激活卡 ${this.card.data?.cardNo ?? ''}，绑定手机号 ${this.phone.trim()}${due}？`;
  }

  /** Sends the activation once after `ask` (the confirmation) says yes; resolves true when done. */
  async send(ask?: () => PromiseLike<boolean>): Promise<boolean> {
    const amounts = this.amounts;
    if (this.error || 'error' in amounts) return false;
    const remark = this.remark.trim();
    const answer = await this.submit.run(
      (requestId) =>
        activeCard({
          cardId: this.cardId,
          phone: this.phone.trim(),
          holderName: this.holderName.trim(),
          licenseNumber: this.licenseNumber.trim(),
          payAmount: amounts.payAmount,
          giveAmount: amounts.giveAmount,
          ...(this.isMonth ? { templateId: this.month.templateId ?? 0, startDate: this.startDate } : {}),
          ...(this.payType !== null && amounts.payAmount > 0 ? { payType: this.payType } : {}),
          ...(remark ? { remark } : {}),
          requestId,
        }),
      ask,
    );
    if (!answer) return false;
    await this.root.cards.invalidate(cardKey(this.cardType, this.cardId));
    return true;
  }
}

/** The recharge form of a card, new on each visit. */
export const cardRechargeStore = screenStore(
  (root, cardType: CardType, cardId: number) => new CardRechargeStore(root, cardType, cardId),
  'visit',
);

/** The activation form of a card, new on each visit. */
export const cardActivateStore = screenStore(
  (root, cardType: CardType, cardId: number) => new CardActivateStore(root, cardType, cardId),
  'visit',
);
