import { describe, expect, it } from 'vitest';
import { CARD_STATUS_LABELS } from './card-rules';
import { WARNING_LEVEL_LABELS, WARNING_STATUS_LABELS } from './messages';
import { SITE_APPLY_STATUS_NAMES } from './site-author-rules';
import { SITE_STATUS_LABELS } from './site-rules';

// The words of entities.md §9 Site, §15 SiteApply, §31 Card and §88 WarningRecord, every status present (issue 30).
describe('status words of sites, site applications, cards and warnings', () => {
  it('names every site status', () => {
    expect(SITE_STATUS_LABELS).toEqual({ 1: '运营中', 2: '建设中', 3: '已停用' });
  });

  it('names every site-application status', () => {
    expect(SITE_APPLY_STATUS_NAMES).toEqual({ 0: '待处理', 1: '已同意', 2: '已拒绝', 3: '已过期' });
  });

  it('names every card status', () => {
    expect(CARD_STATUS_LABELS).toEqual({ 1: '未激活', 2: '已冻结', 3: '正常', 4: '已注销', 5: '已过期', 6: '已停卡' });
  });

  it('names every warning status and level', () => {
    expect(WARNING_STATUS_LABELS).toEqual({ 0: '未恢复', 1: '已恢复' });
    expect(WARNING_LEVEL_LABELS).toEqual({ 1: '一般', 2: '严重' });
  });
});
