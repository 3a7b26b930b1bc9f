import { screenStore } from '@/stores/screen-store';
import { makeAutoObservable } from 'mobx';
import type { SiteShareRule } from '@/api/site';
import { ELECTRIC_PRICE_MESSAGE } from '@/api/site-rules';
import {
  ELECTRIC_BEARER_NAMES,
  FEE_BEARER_NAMES,
  PARTY_TYPE_NAMES,
  costError,
  electricPriceShown,
  exampleSplit,
} from '@/api/site-settings-rules';
import { fenToYuan, yuanToFen } from '@/lib/money';
import type { DraftCosts } from '@/stores/domain/drafts';

/**
 * Cost bearing (费用承担) of a site, the same for the site being added and an existing one (B-site.md §1
 * /site/add/expensesSet; §4 expensesSet: "修改 -> the same form as /site/add/expensesSet"): the form (who pays the
 * electricity and at what price per 度, the payment fee, the platform fee) with its validation (B §1 expensesSet
 * "Validation", Business rules B7), the one-line summary of the 费用承担 rows, and the example card (¥100.00 of income
 * using 20 度, Business rules B8). Money fen, the price fen per kWh (typed as yuan per 度).
 */

/** The cost fields of a share rule (electricPrice fen per kWh); the site draft calls them DraftCosts. */
export type CostTerms = DraftCosts;

/** The cost form as typed: the price in yuan per 度 ('' while not stated). */
export interface CostFormValues {
  electricBearer: 1 | 2 | 3;
  electricPrice: string;
  channelFeeBearer: 1 | 3;
  platformFeeBearer: 1 | 3;
}

/** The price as the form shows it: fen → "0.60"; '' for 0 (no price stated yet). */
export function priceText(fen: number): string {
  return fen > 0 ? fenToYuan(fen) : '';
}

/**
 * The 费用承担 summary (B §1 /site/add "费用承担" row, §4 profile and share pages): "电费:运营商承担 ¥0.60/度 ·
 * 手续费:运营商承担 · 服务费:运营商承担". The price shows where it applies (a property is linked and does not bear the
 * electricity).
 */
export function costSummary(terms: CostTerms, hasProperty: boolean): string {
  const price = electricPriceShown(terms.electricBearer, hasProperty) ? ` ¥${fenToYuan(terms.electricPrice)}/度` : '';
  return [
    `电费:${ELECTRIC_BEARER_NAMES[terms.electricBearer]}${price}`,
    `手续费:${FEE_BEARER_NAMES[terms.channelFeeBearer]}`,
    `服务费:${FEE_BEARER_NAMES[terms.platformFeeBearer]}`,
  ].join(' · ');
}

/** The example day of the cost pages: ¥100.00 of income (fen) using 20 kWh (Wh) (B §1 expensesSet "Live example"). */
export const EXAMPLE_INCOME = 10_000;
export const EXAMPLE_ENERGY_WH = 20_000;

/** The example card's figures, fen: each party (by name) and the operator, then the payment fee and the electricity. */
export interface CostExample {
  rows: { label: string; fen: number }[];
  channelFee: number;
  /** Electricity settled with the property (0 when it bears it, or without a property). */
  electricCost: number;
}

/**
 * The example of a rule (B §1 expensesSet "Live example": "以单日收入 ¥100.00、用电 20 度为例：物业 ¥x，运营商 ¥y"):
 * one day's ¥100.00 of charging using 20 kWh split with the rule's parties and costs (exampleSplit, Business rules B8).
 * A party is labelled by its name, or by its type when it has none.
 */
export function costExampleOf(rule: SiteShareRule): CostExample {
  const split = exampleSplit(rule, EXAMPLE_INCOME, EXAMPLE_ENERGY_WH);
  return {
    rows: [
      ...split.parties.map((p) => ({ label: p.name || PARTY_TYPE_NAMES[p.partyType], fen: p.amount })),
      { label: '运营商', fen: split.operator },
    ],
    channelFee: split.channelFee,
    electricCost: split.electricCost,
  };
}

/**
 * The cost-bearing form (B §1 /site/add/expensesSet, and 修改 on §4 expensesSet), started from the current terms.
 * Without a property only 运营商承担 can be chosen for the electricity and no price is asked; 物业承担 asks no price
 * either (both store price 0). The page decides what 确定 / 保存 does with `result()`.
 */
export class CostFormStore {
  values: CostFormValues;

  /**
   * @param terms the terms the form starts from (the draft's, or the site's working copy)
   * @param hasProperty whether a property is linked (electricity can be settled with it only then)
   */
  constructor(
    terms: CostTerms,
    readonly hasProperty: boolean,
  ) {
    this.values = {
      electricBearer: hasProperty ? terms.electricBearer : 1,
      electricPrice: priceText(terms.electricPrice),
      channelFeeBearer: terms.channelFeeBearer,
      platformFeeBearer: terms.platformFeeBearer,
    };
    makeAutoObservable(this, { hasProperty: false });
  }

  /** Changes fields as typed or chosen; electricity off the operator is ignored without a property. */
  set(fields: Partial<CostFormValues>): void {
    if (fields.electricBearer !== undefined && fields.electricBearer !== 1 && !this.hasProperty) return;
    Object.assign(this.values, fields);
  }

  /** The price field is shown (and required): a property is linked and does not bear the electricity. */
  get priceShown(): boolean {
    return electricPriceShown(this.values.electricBearer, this.hasProperty);
  }

  /** The terms as they would be stored (price fen, 0 where not shown), or null while the price is not an amount. */
  get terms(): CostTerms | null {
    const price = this.priceShown ? yuanToFen(this.values.electricPrice) : 0;
    if (price === null) return null;
    return {
      electricBearer: this.hasProperty ? this.values.electricBearer : 1,
      electricPrice: price,
      channelFeeBearer: this.values.channelFeeBearer,
      platformFeeBearer: this.values.platformFeeBearer,
    };
  }

  /** The terms to store, or the first failure (B §1 expensesSet "Validation", Business rules B7) to toast. */
  result(): { terms: CostTerms } | { failure: string } {
    const terms = this.terms;
    if (!terms) return { failure: ELECTRIC_PRICE_MESSAGE };
    const failure = costError(terms, this.hasProperty);
    return failure ? { failure } : { terms };
  }

  /** The example of `rule` (its parties) with the form's terms, or null while the price is not an amount. */
  exampleWith(rule: SiteShareRule): CostExample | null {
    const terms = this.terms;
    return terms ? costExampleOf({ ...rule, ...terms }) : null;
  }
}

/** The store of the add-site form's 费用承担 page, new on each visit, starting from the draft's rule. */
export const costFormStore = screenStore(
  (_root, rule: SiteShareRule, hasProperty: boolean) => new CostFormStore(rule, hasProperty),
  'visit',
);
