import { describe, expect, it } from 'vitest';
import {
  ARREARS_STATUS_LABELS,
  COST_SETTLEMENT_STATUS_LABELS,
  DEDUCTION_STATUS_LABELS,
  FEE_PERIOD_STATUS_LABELS,
  INSTALMENT_REFUND_STATUS_LABELS,
  PLAN_STATUS_LABELS,
  SITE_INSTALMENT_STATUS_LABELS,
} from './settlement-rules';

// The words of entities.md §59–69 and A-shell-home-settlement.md §4/§5, every status present (issue 30).
describe('settlement status words', () => {
  it('names every status of each settlement entity with the design word', () => {
    expect(PLAN_STATUS_LABELS).toEqual({ 1: '分期中', 2: '已结清', 3: '已终止', 4: '暂停扣款' });
    expect(DEDUCTION_STATUS_LABELS).toEqual({ 1: '冻结中', 2: '已扣清', 3: '部分扣款', 4: '未扣款' });
    expect(COST_SETTLEMENT_STATUS_LABELS).toEqual({ 1: '结算中', 2: '已结算', 3: '有欠费' });
    expect(FEE_PERIOD_STATUS_LABELS).toEqual({ 1: '结算中', 2: '已结清', 3: '欠费', 4: '已补缴' });
    expect(SITE_INSTALMENT_STATUS_LABELS).toEqual({ 1: '分期中', 2: '已结清', 3: '暂停分账' });
    expect(ARREARS_STATUS_LABELS).toEqual({ 1: '未还', 2: '部分已还', 3: '已还清' });
    expect(INSTALMENT_REFUND_STATUS_LABELS).toEqual({ 1: '退款中', 2: '已退款', 3: '退款失败' });
  });
});
