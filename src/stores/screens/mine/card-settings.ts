import { makeAutoObservable, runInAction } from 'mobx';
import {
  editMonthCardTemplate,
  getAiGiveStatus,
  getMonthCardTemplate,
  getRecentRechargeStatistics,
  getSimpleValueCardTemplate,
  getSiteRechargeTemplate,
  hasAiSellCardEligible,
  openAiGive,
  setCardRechargeTemplate,
  setMonthCardTemplate,
  setSimpleValueCardTemplate,
  type MonthTemplate,
} from '@/api/card';
import { monthTemplateError, perSwipeError, tiersError, type MonthTemplateFields } from '@/api/card-rules';
import { fenToYuan, yuanToFen } from '@/lib/money';
import { tomorrowOf } from '@/lib/time';
import { screenStore } from '@/stores/screen-store';
import { ActionGuard } from '@/stores/support/action-guard';
import { Loadable } from '@/stores/support/loadable';

/**
 * /mine/card/rechargeSet/info — 充值设置详情 (C-mine.md rechargeSet/info; Business rule 10): one site's value-card
 * tiers and custom amounts, its value-card billing, its month-card templates and the smart bonus. Sections 1–2 are a
 * form saved together (保存, with the unsaved-changes guard); templates and the smart bonus save on their own. What is
 * saved applies to later recharges only. New on each visit.
 */

/** A tier row as typed (yuan texts). */
export interface TierRow {
  pay: string;
  give: string;
}

/** The month-template sheet's fields as typed. */
export interface MonthForm {
  templateId: number | null;
  name: string;
  days: number;
  price: string;
  dailyTimesLimit: string;
  hours: string;
  maxPowerW: string;
  enabled: 0 | 1;
}

/** An empty month-template form (新增月卡套餐). */
export function emptyMonthForm(): MonthForm {
  return {
    templateId: null,
    name: '',
    days: 30,
    price: '',
    dailyTimesLimit: '2',
    hours: '8',
    maxPowerW: '800',
    enabled: 1,
  };
}

/** The fields of a month form, or the message of a malformed amount. */
export function monthFields(form: MonthForm): MonthTemplateFields | { error: string } {
  const price = yuanToFen(form.price);
  if (price === null) return { error: '套餐价格为1-2000元' };
  const num = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
  const fields: MonthTemplateFields = {
    name: form.name.trim(),
    days: form.days,
    price,
    dailyTimesLimit: num(form.dailyTimesLimit),
    maxMinutesPerCharge: num(form.hours) * 60,
    maxPowerW: num(form.maxPowerW),
    enabled: form.enabled,
  };
  const error = monthTemplateError(fields);
  return error ? { error } : fields;
}

export class RechargeSettingsStore {
  readonly template = new Loadable(async () => (await getSiteRechargeTemplate(this.siteId)).list[0] ?? null);
  readonly simple = new Loadable(() => getSimpleValueCardTemplate(this.siteId));
  readonly months = new Loadable<MonthTemplate[]>(() => getMonthCardTemplate(this.siteId));
  readonly eligible = new Loadable(() => hasAiSellCardEligible(this.siteId));
  readonly ai = new Loadable(() => getAiGiveStatus(this.siteId));
  readonly stats = new Loadable(() => getRecentRechargeStatistics(this.siteId));
  readonly actions = new ActionGuard();

  tiers: TierRow[] = [];
  customAmount: 0 | 1 = 0;
  minAmount = '';
  chargeMode: 1 | 2 = 1;
  perSwipeAmount = '';
  perSwipeHours = '';
  onlineRecharge: 0 | 1 = 0;
  /** True once the form of sections 1–2 was changed and not saved. */
  dirty = false;

  constructor(readonly siteId: number) {
    makeAutoObservable(this);
  }

  /** Loads every section; fills the form of sections 1–2 from the server. */
  async load(): Promise<void> {
    await Promise.all([
      this.template.load(),
      this.simple.load(),
      this.months.load(),
      this.eligible.load(),
      this.ai.load(),
      this.stats.load(),
    ]);
    this.reset();
  }

  /** Puts the saved settings back into the form. */
  reset(): void {
    const t = this.template.data;
    const s = this.simple.data;
    this.tiers = (t?.baseTiers ?? []).map((x) => ({ pay: fenToYuan(x.payAmount), give: fenToYuan(x.giveAmount) }));
    this.customAmount = t?.customAmount ?? 0;
    this.minAmount = t && t.minAmount > 0 ? fenToYuan(t.minAmount) : '';
    this.chargeMode = s?.chargeMode ?? 1;
    this.perSwipeAmount = s && s.perSwipeAmount > 0 ? fenToYuan(s.perSwipeAmount) : '';
    this.perSwipeHours = s && s.perSwipeMinutes > 0 ? String(s.perSwipeMinutes / 60) : '';
    this.onlineRecharge = s?.onlineRecharge ?? 0;
    this.dirty = false;
  }

  setTier(index: number, field: keyof TierRow, value: string): void {
    this.tiers = this.tiers.map((t, i) => (i === index ? { ...t, [field]: value } : t));
    this.dirty = true;
  }

  addTier(): void {
    if (this.tiers.length >= 6) return;
    this.tiers = [...this.tiers, { pay: '', give: '0' }];
    this.dirty = true;
  }

  removeTier(index: number): void {
    this.tiers = this.tiers.filter((_, i) => i !== index);
    this.dirty = true;
  }

  set<K extends 'customAmount' | 'minAmount' | 'chargeMode' | 'perSwipeAmount' | 'perSwipeHours' | 'onlineRecharge'>(
    field: K,
    value: this[K],
  ): void {
    (this as Record<K, unknown>)[field] = value;
    this.dirty = true;
  }

  /** The form of sections 1–2 as the calls send it, or the first refusal. */
  get form():
    | {
        tiers: { payAmount: number; giveAmount: number }[];
        minAmount: number;
        perSwipeAmount: number;
        perSwipeMinutes: number;
      }
    | { error: string } {
    const tiers: { payAmount: number; giveAmount: number }[] = [];
    for (const row of this.tiers) {
      const payAmount = yuanToFen(row.pay);
      const giveAmount = yuanToFen(row.give || '0');
      if (payAmount === null) return { error: '充值档位金额为1-1000元' };
      if (giveAmount === null) return { error: '金额最多保留两位小数' };
      tiers.push({ payAmount, giveAmount });
    }
    const minAmount = this.customAmount === 1 ? yuanToFen(this.minAmount) : 0;
    if (minAmount === null) return { error: '最低充值为1-100元' };
    const error = tiersError(tiers, {
      customAmount: this.customAmount,
      minAmount,
      onlineRecharge: this.onlineRecharge,
    });
    if (error) return { error };
    let perSwipeAmount = 0;
    let perSwipeMinutes = 0;
    if (this.chargeMode === 2) {
      perSwipeAmount = yuanToFen(this.perSwipeAmount) ?? -1;
      perSwipeMinutes = /^\d+$/.test(this.perSwipeHours.trim()) ? Number(this.perSwipeHours) * 60 : -1;
      const swipe = perSwipeError(perSwipeAmount, perSwipeMinutes);
      if (swipe) return { error: swipe };
    }
    return { tiers, minAmount, perSwipeAmount, perSwipeMinutes };
  }

  /** 保存 sections 1–2. Resolves the refusal to toast, 'done' or 'failed'. */
  async save(): Promise<{ error: string } | 'done' | 'failed'> {
    const form = this.form;
    if ('error' in form) return form;
    const done = await this.actions.done('save', async () => {
      await setCardRechargeTemplate({
        siteId: this.siteId,
        tiers: form.tiers,
        customAmount: this.customAmount,
        minAmount: form.minAmount,
      });
      await setSimpleValueCardTemplate({
        siteId: this.siteId,
        chargeMode: this.chargeMode,
        perSwipeAmount: form.perSwipeAmount,
        perSwipeMinutes: form.perSwipeMinutes,
        onlineRecharge: this.onlineRecharge,
      });
    });
    if (!done) return 'failed';
    await Promise.all([this.template.load(), this.simple.load(), this.eligible.load(), this.ai.load()]);
    this.reset();
    return 'done';
  }

  /** The sheet's form of a template (or a new one). */
  monthForm(template: MonthTemplate | null): MonthForm {
    if (!template) return emptyMonthForm();
    return {
      templateId: template.templateId,
      name: template.name,
      days: template.days,
      price: fenToYuan(template.price),
      dailyTimesLimit: String(template.dailyTimesLimit),
      hours: String(template.maxMinutesPerCharge / 60),
      maxPowerW: String(template.maxPowerW),
      enabled: template.enabled,
    };
  }

  /** Saves a month template (new or edited). Resolves the refusal, 'done' or 'failed'. */
  async saveMonth(form: MonthForm): Promise<{ error: string } | 'done' | 'failed'> {
    const fields = monthFields(form);
    if ('error' in fields) return fields;
    const done = await this.actions.done('month', () =>
      form.templateId === null
        ? setMonthCardTemplate({ siteId: this.siteId, ...fields })
        : editMonthCardTemplate({ templateId: form.templateId, ...fields }),
    );
    if (done) await Promise.all([this.months.load(), this.template.load()]);
    return done ? 'done' : 'failed';
  }

  /** The 启用 switch of a template. */
  async setEnabled(template: MonthTemplate, enabled: 0 | 1): Promise<boolean> {
    const done = await this.actions.done(`enable-${template.templateId}`, () =>
      editMonthCardTemplate({ ...template, enabled }),
    );
    if (done) await this.months.load();
    return done;
  }

  /** The first day the smart bonus may start (tomorrow). */
  get aiEarliest(): string {
    return tomorrowOf(Date.now());
  }

  /** 开启智能赠送 from `startDate`; resolves the refusal, 'done' or 'failed'. */
  async openAi(startDate: string): Promise<{ error: string } | 'done' | 'failed'> {
    if (startDate < this.aiEarliest) return { error: '生效日期最早为明天' };
    const done = await this.actions.done('ai', () => openAiGive(this.siteId, startDate));
    if (done) await Promise.all([this.ai.load(), this.template.load()]);
    return done ? 'done' : 'failed';
  }

  /** The yuan text of fen (for the overview). */
  static yuan(fen: number): string {
    return fenToYuan(fen);
  }
}

/** 充值设置详情's store of a site, new on each visit. */
export const rechargeSettingsStore = screenStore((_root, siteId: number) => new RechargeSettingsStore(siteId), 'visit');

/** Marks the form as saved (after leaving was confirmed). */
export function discard(store: RechargeSettingsStore): void {
  runInAction(() => store.reset());
}
