import { describe, expect, it } from 'vitest';
import { remarkRule, whiteExpireError, whiteNameRule, whitePhoneRule, whiteRoomRule } from './device-rules';
import { firstError } from './rules';

describe('device list validation (B-site.md §2)', () => {
  it('allows remarks up to 20 characters, empty included', () => {
    expect(firstError(remarkRule, '')).toBeNull();
    expect(firstError(remarkRule, '一'.repeat(20))).toBeNull();
    expect(firstError(remarkRule, '一'.repeat(21))).toBe('备注最多20个字');
  });

  it('checks whitelist names, phones and rooms with the design’s messages', () => {
    expect(firstError(whiteNameRule, '')).toBe('请输入姓名');
    expect(firstError(whiteNameRule, '王')).toBe('请输入姓名');
    expect(firstError(whiteNameRule, '王小明')).toBeNull();
    expect(firstError(whiteNameRule, '一'.repeat(11))).toBe('姓名最多10个字');
    expect(firstError(whitePhoneRule, '12345678901')).toBe('请输入正确的手机号');
    expect(firstError(whitePhoneRule, '13912345678')).toBeNull();
    expect(firstError(whiteRoomRule, '')).toBe('请输入房号');
    expect(firstError(whiteRoomRule, '3栋2单元501')).toBeNull();
    expect(firstError(whiteRoomRule, 'x'.repeat(21))).toBe('房号最多20个字');
  });

  it('accepts no expiry (长期) or a day from today on', () => {
    expect(whiteExpireError(null, '2026-11-20')).toBeNull();
    expect(whiteExpireError('', '2026-11-20')).toBeNull();
    expect(whiteExpireError('2026-11-20', '2026-11-20')).toBeNull();
    expect(whiteExpireError('2026-11-19', '2026-11-20')).toBe('有效期不能早于今天');
    expect(whiteExpireError('20261130', '2026-11-20')).toBe('有效期格式不正确');
  });
});
