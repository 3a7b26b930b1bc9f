import { describe, expect, it } from 'vitest';
import { CARD_STATUS_LABELS } from '@/api/card-rules';
import { AREA_FREEZE_STATUS_LABELS } from '@/api/income-rules';
import { HELD_STATUS_LABELS } from '@/api/order-rules';
import { SITE_APPLY_STATUS_NAMES } from '@/api/site-author-rules';
import { HELD_CHIPS } from './home/compact';
import { FREEZE_STATUSES } from './income/statement';
import { statusChips } from './mine/card-list';
import { PROCESSED_CHIPS } from './mine/site-author';

// A list's status chips say the words its rows' tags say for the same status (issue 30: one record, one word).
describe('status chips read the entity mappings', () => {
  it('card list chips by type (C-mine.md card/tab/list)', () => {
    expect(statusChips(1).map((c) => [c.status, c.label])).toEqual([
      [undefined, '全部'],
      [3, CARD_STATUS_LABELS[3]],
      [1, CARD_STATUS_LABELS[1]],
      [2, CARD_STATUS_LABELS[2]],
    ]);
    expect(statusChips(2).map((c) => c.label)).toEqual(['全部', '正常', '未激活', '已停卡', '已过期']);
  });

  it('area-card freezes, held orders and processed site applications', () => {
    expect(FREEZE_STATUSES).toEqual([
      { key: '0', label: '全部' },
      ...([1, 2, 3, 4] as const).map((s) => ({ key: `${s}`, label: AREA_FREEZE_STATUS_LABELS[s] })),
    ]);
    expect(HELD_CHIPS).toEqual(([2, 3, 4] as const).map((s) => ({ key: `${s}`, label: HELD_STATUS_LABELS[s] })));
    expect(PROCESSED_CHIPS.map((c) => c.label)).toEqual([
      '全部',
      SITE_APPLY_STATUS_NAMES[1],
      SITE_APPLY_STATUS_NAMES[2],
      SITE_APPLY_STATUS_NAMES[3],
    ]);
  });
});
