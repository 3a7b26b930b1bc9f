/**
 * The ledger's bizTypes (收支明细; D-income.md §1 /income/list, entities.md §48 AccountBill): their labels and their
 * direction, one table for the screens (src/api/ledger.ts) and the sandbox (the titles of the entries it writes, the
 * filters of getAccountBill). No request layer here: the sandbox imports this module.
 */

/**
 * bizType of a ledger entry: 1 充电收入, 2 储值卡充值收入, 3 月卡收入, 4 分润收入, 5 区域卡消费解冻, 6 费用解冻, 7 提现退回,
 * 8 调账入账, 11 订单退款, 12 提现, 13 分期冻结, 14 SIM卡月租, 15 调账扣款, 16 卡余额退款.
 */
export type BizType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 11 | 12 | 13 | 14 | 15 | 16;

/** Labels of the bizTypes (D §1, entities.md §48). */
export const BIZ_TYPE_LABELS: Readonly<Record<BizType, string>> = {
  1: '充电收入',
  2: '储值卡充值收入',
  3: '月卡收入',
  4: '分润收入',
  5: '区域卡消费解冻',
  6: '费用解冻',
  7: '提现退回',
  8: '调账入账',
  11: '订单退款',
  12: '提现',
  13: '分期冻结',
  14: 'SIM卡月租',
  15: '调账扣款',
  16: '卡余额退款',
};

/** bizTypes by direction: 1 收入 (adds to the available balance), 2 支出. */
export const BIZ_TYPES_BY_DIRECTION: Readonly<Record<1 | 2, readonly BizType[]>> = {
  1: [1, 2, 3, 4, 5, 6, 7, 8],
  2: [11, 12, 13, 14, 15, 16],
};

/** The direction of a bizType (1 收入, 2 支出). */
export function directionOf(bizType: BizType): 1 | 2 {
  return BIZ_TYPES_BY_DIRECTION[1].includes(bizType) ? 1 : 2;
}

/** Split roles of an order (分账明细): 0 站点运营方, 1 物业分润, 2 其他分润方, 3 平台分账, 4 支付手续费, 5 电费结算. */
export const SPLIT_ROLE_LABELS: Readonly<Record<number, string>> = {
  0: '站点运营方',
  1: '物业分润',
  2: '其他分润方',
  3: '平台分账',
  4: '支付手续费',
  5: '电费结算',
};
