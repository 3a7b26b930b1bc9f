import { describe, expect, it } from 'vitest';
import {
  BAR_CODE_HINT,
  powerPoints,
  remarkError,
  remoteMinuteChoices,
  remoteStartError,
  scansBarCodes,
  verifyCodeError,
} from './device-setup';

/** Pure rules of the device-setup screens (B-site.md §3, §0.4). */

describe('scanning per host', () => {
  it('offers bar codes where the Platform scans them; Alipay gets the manual-input hint', () => {
    expect(scansBarCodes(['qrCode', 'barCode'])).toBe(true);
    expect(scansBarCodes(['qr'])).toBe(false);
    expect(BAR_CODE_HINT).toBe('支付宝仅支持扫描二维码，条形码请手动输入');
  });
});

describe('form rules', () => {
  it('remark ≤ 20 characters, may be empty', () => {
    expect(remarkError('')).toBeNull();
    expect(remarkError('一'.repeat(20))).toBeNull();
    expect(remarkError('一'.repeat(21))).toBe('备注最多20个字');
  });
  it('camera verify code: 6–8 letters or digits', () => {
    expect(verifyCodeError('ABC123')).toBeNull();
    expect(verifyCodeError('ABCD1234')).toBeNull();
    expect(verifyCodeError('AB12')).toBe('请输入设备标签上的验证码');
    expect(verifyCodeError('ABC-123')).toBe('请输入设备标签上的验证码');
  });
  it('remote start: duration and reason required, 其他 needs 2–30 characters of remark', () => {
    expect(remoteStartError({ minutes: null, reason: 1, remark: '' })).toBe('请选择充电时长');
    expect(remoteStartError({ minutes: 60, reason: null, remark: '' })).toBe('请选择原因');
    expect(remoteStartError({ minutes: 60, reason: 4, remark: '补' })).toBe('请填写远程启动原因');
    expect(remoteStartError({ minutes: 60, reason: 4, remark: '用户支付失败补电' })).toBeNull();
    expect(remoteStartError({ minutes: 60, reason: 2, remark: '' })).toBeNull();
  });
  it('remote durations never exceed the site’s maxMinutes', () => {
    expect(remoteMinuteChoices(720)).toEqual([30, 60, 120, 240, 480, 720]);
    expect(remoteMinuteChoices(200)).toEqual([30, 60, 120]);
  });
});

describe('powerPoints', () => {
  it('labels samples HH:mm in Asia/Shanghai with their power in W', () => {
    const t = Date.parse('2026-11-20T18:30:00+08:00');
    expect(
      powerPoints({
        points: [
          { time: t, power: 320 },
          { time: t + 300_000, power: 356 },
        ],
        maxPower: 356,
        avgPower: 338,
      }),
    ).toEqual([
      { label: '18:30', value: 320 },
      { label: '18:35', value: 356 },
    ]);
    expect(powerPoints(null)).toEqual([]);
  });
});
