/**
 * The status words of the settlement entities (A-shell-home-settlement.md §4 /stages/*, §5 /platformfee/*; entities.md
 * §59–69), one mapping per entity for every screen that shows it, so that one record reads the same everywhere
 * (issue 30). Words only: the screens add the tag colours. No request code here.
 */

/**
 * InstalmentPlan.status (entities.md §59; A §4 /stages/index plan rows "分期中 blue / 已结清 green / 已终止 grey / 暂停扣款
 * orange"): 1 分期中, 2 已结清, 3 已终止, 4 暂停扣款.
 */
export const PLAN_STATUS_LABELS: Readonly<Record<1 | 2 | 3 | 4, string>> = {
  1: '分期中',
  2: '已结清',
  3: '已终止',
  4: '暂停扣款',
};

/**
 * InstalmentDeduction.status (entities.md §61; A §4 /stages/index/stagesList chips and rows, /stages/stageInfo head):
 * 1 冻结中, 2 已扣清, 3 部分扣款, 4 未扣款.
 */
export const DEDUCTION_STATUS_LABELS: Readonly<Record<1 | 2 | 3 | 4, string>> = {
  1: '冻结中',
  2: '已扣清',
  3: '部分扣款',
  4: '未扣款',
};

/**
 * CostSettlement.status (entities.md §64: 1 结算中, 2 已结算, 3 已结算·有欠费), in the words of its tag on
 * /stages/index/oldStages (A §4: "已结算 green / 有欠费 red").
 */
export const COST_SETTLEMENT_STATUS_LABELS: Readonly<Record<1 | 2 | 3, string>> = {
  1: '结算中',
  2: '已结算',
  3: '有欠费',
};

/**
 * FeePeriod.status, the platform-fee periods of settleMode 2 (entities.md §69; A §5 /platformfee/recordList and
 * settleDetail): 1 结算中, 2 已结清, 3 欠费, 4 已补缴.
 */
export const FEE_PERIOD_STATUS_LABELS: Readonly<Record<1 | 2 | 3 | 4, string>> = {
  1: '结算中',
  2: '已结清',
  3: '欠费',
  4: '已补缴',
};

/**
 * SiteInstalment.status, a site's device instalment in split mode (entities.md §68): 1 分期中, 2 已结清, 3 暂停分账 —
 * on /platformfee/settleCurrent's sites and the site profile's 设备分期 row (B §4 siteData).
 */
export const SITE_INSTALMENT_STATUS_LABELS: Readonly<Record<1 | 2 | 3, string>> = {
  1: '分期中',
  2: '已结清',
  3: '暂停分账',
};

/** Arrears.status (entities.md §66; A §4 /stages/index 欠费记录 "未还 / 部分已还 / 已还清"): 1 未还, 2 部分已还, 3 已还清. */
export const ARREARS_STATUS_LABELS: Readonly<Record<1 | 2 | 3, string>> = {
  1: '未还',
  2: '部分已还',
  3: '已还清',
};

/**
 * InstalmentRefund.status (entities.md §67; A §4 /stages/index/stagesList 退款记录 "退款中 / 已退款 / 退款失败"):
 * 1 退款中, 2 已退款, 3 退款失败.
 */
export const INSTALMENT_REFUND_STATUS_LABELS: Readonly<Record<1 | 2 | 3, string>> = {
  1: '退款中',
  2: '已退款',
  3: '退款失败',
};
