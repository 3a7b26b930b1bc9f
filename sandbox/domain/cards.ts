import type { ChargeRule } from '../../src/api/site';
import type { CardType, RechargeTier } from '../../src/api/card-rules';
import { one, rows, scalar, type Db } from '../lib/db';
import { dayOf, stamp } from '../lib/time';
import { pad } from '../db/seed/util';

/**
 * Rules of rider cards shared by the card endpoints (C-mine.md Business rules 4–11; entities.md §29–§41, R7): which card
 * types a site accepts, the recharge tiers in force (the smart bonus overriding the template from its start day), the
 * price description of a site's rule, and the one writer of CardRecharge rows. Money fen, instants epoch ms.
 */

/** The operator name an action of `account` records (CardRecharge.operatorName, CardResetRecord.operatorName …). */
export function operatorNameOf(account: { contacts: string; shortName: string; name: string }): string {
  return account.contacts || account.shortName || account.name;
}

/** Yuan text of fen: 150 → "1.50". */
function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** The price description of a charge rule (C-mine.md card info 计费标准). */
export function priceDescOf(rule: ChargeRule): string {
  if (rule.billingMode === 2) {
    return `按量计费 ¥${yuan(rule.energyPrice + rule.servicePrice)}/度（电费¥${yuan(rule.energyPrice)} + 服务费¥${yuan(rule.servicePrice)}）`;
  }
  const parts = rule.tiers.map((t) => `功率≤${t.maxPower}W ¥${yuan(t.price)}/小时`);
  return `按时计费 ${parts.join('，')}`;
}

/** The fee tiers of a charge rule as cardFeeCharge answers them (mode 1; one tier per kWh price for mode 2). */
export function feeTiersOf(
  rule: ChargeRule,
): { minPowerW: number; maxPowerW: number; price: number; unitMinutes: number }[] {
  if (rule.billingMode === 2) return [];
  let min = 0;
  return rule.tiers.map((t) => {
    const tier = { minPowerW: min, maxPowerW: t.maxPower, price: t.price, unitMinutes: 60 };
    min = t.maxPower;
    return tier;
  });
}

/** A site's rule as siteAvailableRule reads it. */
export interface SiteRule {
  siteId: number;
  siteName: string;
  address: string;
  operatorId: number;
  ruleId: number;
  ruleName: string;
  chargeRule: ChargeRule;
}

/** The site with its charge rule and rule group (null when unknown or deleted). */
export async function siteRuleOf(db: Db, siteId: number): Promise<SiteRule | null> {
  const row = await one<SiteRule & { ruleId: number }>(
    db,
    `select s.id as site_id, s.name as site_name, s.address, s.operator_id, s.charge_rule_group_id as rule_id,
            g.name as rule_name, s.charge_rule
     from site s join charge_rule_group g on g.id = s.charge_rule_group_id where s.id = $1 and s.deleted = 0`,
    [siteId],
  );
  return row
    ? { ...row, siteId: Number(row.siteId), operatorId: Number(row.operatorId), ruleId: Number(row.ruleId) }
    : null;
}

/**
 * The card types a site accepts (R7.2): 1, 3 and 4 always, 2 (月卡) when it has an enabled month-card template.
 */
export async function acceptedCardTypes(db: Db, siteId: number): Promise<CardType[]> {
  const month = await scalar(db, 'select count(*) from month_card_template where site_id = $1 and enabled = 1', [
    siteId,
  ]);
  return month > 0 ? [1, 2, 3, 4] : [1, 3, 4];
}

/** How a site charges value cards: chargeMode 1|2 of the rule, or 3 按次 by its simple value-card template. */
export async function cardChargeModeOf(db: Db, site: SiteRule): Promise<{ chargeMode: 1 | 2 | 3; priceDesc: string }> {
  const simple = await one<{ chargeMode: number; perSwipeAmount: number; perSwipeMinutes: number }>(
    db,
    'select charge_mode, per_swipe_amount, per_swipe_minutes from simple_value_card_template where site_id = $1',
    [site.siteId],
  );
  if (simple && Number(simple.chargeMode) === 2) {
    return {
      chargeMode: 3,
      priceDesc: `按次扣费 ¥${yuan(Number(simple.perSwipeAmount))}/次，每次最长${Math.round(Number(simple.perSwipeMinutes) / 60)}小时`,
    };
  }
  return { chargeMode: site.chargeRule.billingMode, priceDesc: priceDescOf(site.chargeRule) };
}

/** A site's value-card template and its smart bonus as one recharge reads them. */
export interface TemplateInForce {
  /** False without a CardRechargeTemplate: custom amounts only, no gift. */
  hasTemplate: boolean;
  /** The tiers as set by the operator. */
  baseTiers: RechargeTier[];
  /** The tiers in force today: the smart bonus's gifts from its start day on (rule 10). */
  tiers: RechargeTier[];
  customAmount: 0 | 1;
  minAmount: number;
  onlineRecharge: 0 | 1;
  /** 0 未开启, 1 待生效, 2 生效中 (as of `today`). */
  aiGiveStatus: 0 | 1 | 2;
  aiStartDate: string | null;
  recommendTiers: RechargeTier[];
}

/**
 * The recharge settings of a site in force on `today` (rule 10): the template's tiers, overridden from the smart
 * bonus's startDate on by its recommended gifts (a 待生效 bonus whose day has come counts as 生效中).
 */
export async function templateInForce(db: Db, siteId: number, today: string): Promise<TemplateInForce> {
  const t = await one<{ tiers: RechargeTier[]; customAmount: number; minAmount: number }>(
    db,
    'select tiers, custom_amount, min_amount from card_recharge_template where site_id = $1',
    [siteId],
  );
  const simple = await one<{ onlineRecharge: number }>(
    db,
    'select online_recharge from simple_value_card_template where site_id = $1',
    [siteId],
  );
  const ai = await one<{ status: number; startDate: string | null; recommendTiers: RechargeTier[] }>(
    db,
    'select status, start_date, recommend_tiers from ai_give_config where site_id = $1',
    [siteId],
  );
  const baseTiers = (t?.tiers ?? []).map((x) => ({ payAmount: Number(x.payAmount), giveAmount: Number(x.giveAmount) }));
  let aiStatus = (ai ? Number(ai.status) : 0) as 0 | 1 | 2;
  if (aiStatus === 1 && ai?.startDate && ai.startDate <= today) aiStatus = 2;
  const recommend = (ai?.recommendTiers ?? []).map((x) => ({
    payAmount: Number(x.payAmount),
    giveAmount: Number(x.giveAmount),
  }));
  const tiers =
    aiStatus === 2
      ? baseTiers.map((b) => ({
          ...b,
          giveAmount: recommend.find((r) => r.payAmount === b.payAmount)?.giveAmount ?? b.giveAmount,
        }))
      : baseTiers;
  return {
    hasTemplate: t !== null,
    baseTiers,
    tiers,
    customAmount: (t ? Number(t.customAmount) : 1) as 0 | 1,
    minAmount: t ? Number(t.minAmount) : 0,
    onlineRecharge: (simple ? Number(simple.onlineRecharge) : 0) as 0 | 1,
    aiGiveStatus: aiStatus,
    aiStartDate: ai?.startDate ?? null,
    recommendTiers: recommend,
  };
}

/**
 * The refusal of a back-office value recharge against the site's template in force (rule 10), or null: a tier is
 * taken with its gift; any other amount needs custom amounts allowed (and at least minAmount); a site without a
 * template takes any amount without a gift.
 */
export function tierRefusal(template: TemplateInForce, payAmount: number, giveAmount: number): string | null {
  if (!template.hasTemplate) return giveAmount === 0 ? null : '该站点未设置充值套餐，不能赠送';
  const tier = template.tiers.find((x) => x.payAmount === payAmount && x.giveAmount === giveAmount);
  if (tier) return null;
  if (template.customAmount !== 1) return '请选择充值档位';
  if (payAmount < template.minAmount) return `最低充值¥${yuan(template.minAmount)}`;
  return null;
}

/** A CardRecharge row as the card actions write it (entities.md §33; back office: channel 2, no income). */
export interface RechargeRow {
  cardId: number;
  cardNo: string;
  cardType: number;
  merchantId: number;
  siteId: number | null;
  chargeRuleGroupId: number | null;
  /** 1 充值, 2 开卡首充, 3 月卡开卡/续费, 4 旧卡转入. */
  type: 1 | 2 | 3 | 4;
  payType: number;
  payAmount: number;
  giveAmount: number;
  balanceAfter: number;
  giveBalanceAfter: number;
  templateId?: number | null;
  days?: number | null;
  periodStart?: string | null;
  periodEnd?: string | null;
  operatorAccountId: number;
  operatorName: string;
  remark?: string | null;
}

/** Writes one back-office CardRecharge (channel 2: cash collected by the operator, never income, rule 8); its id. */
export async function writeCardRecharge(db: Db, r: RechargeRow, at: number): Promise<number> {
  const id = await scalar(db, `select nextval(pg_get_serial_sequence('card_recharge', 'id'))`);
  await db.query(
    `insert into card_recharge (id, recharge_no, card_id, card_no, card_type, merchant_id, site_id, charge_rule_group_id,
       type, channel, pay_type, pay_amount, give_amount, balance_after, give_balance_after, template_id, days,
       period_start, period_end, operator_account_id, operator_name, remark, status, freeze_status, create_time,
       update_time)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 2, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, 1, 0,
       $22, $22)`,
    [
      id,
      `CZ${stamp(at)}${pad(id, 6)}`,
      r.cardId,
      r.cardNo,
      r.cardType,
      r.merchantId,
      r.siteId,
      r.chargeRuleGroupId,
      r.type,
      r.payType,
      r.payAmount,
      r.giveAmount,
      r.balanceAfter,
      r.giveBalanceAfter,
      r.templateId ?? null,
      r.days ?? null,
      r.periodStart ?? null,
      r.periodEnd ?? null,
      r.operatorAccountId,
      r.operatorName,
      r.remark ?? null,
      at,
    ],
  );
  return id;
}

/** The names of a card's bound sites, in id order. */
export async function siteNamesOfCard(db: Db, cardId: number): Promise<string[]> {
  const list = await rows<{ name: string }>(
    db,
    'select s.name from card_site cs join site s on s.id = cs.site_id where cs.card_id = $1 order by s.id',
    [cardId],
  );
  return list.map((r) => r.name);
}

/** The day of an instant, Asia/Shanghai (re-exported for the card modules). */
export const todayOf = dayOf;
