import { describe, expect, it } from 'vitest';
import {
  AREA_FREEZE_STATUS_LABELS,
  BANK_VERIFY_STATUS_LABELS,
  SITE_BILL_STATUS_LABELS,
  WITHDRAW_STATUS_TEXT,
} from './income-rules';

// The words of entities.md §49, §51, §55, §76 and D-income.md, every status present (issue 30).
describe('income status words', () => {
  it('names every status of withdrawals, site bills, area-card freezes and corporate-account verification', () => {
    expect(WITHDRAW_STATUS_TEXT).toEqual({ 1: '待审核', 2: '处理中', 3: '已到账', 4: '提现失败', 5: '已驳回' });
    expect(SITE_BILL_STATUS_LABELS).toEqual({ 1: '统计中', 2: '已出账' });
    expect(AREA_FREEZE_STATUS_LABELS).toEqual({ 1: '冻结中', 2: '部分解冻', 3: '已解冻', 4: '已退款' });
    expect(BANK_VERIFY_STATUS_LABELS).toEqual({ 0: '未验证', 1: '待打款验证', 2: '已验证' });
  });
});
