import { describe, expect, it } from 'vitest';
import {
  agentNameRule,
  agentRemarkRule,
  FACTORIAL_MESSAGES,
  serialRule,
  TRANSFER_MAX_DEVICES,
  TRANSFER_STATUS_NAMES,
} from './factorial-rules';
import { firstError } from './rules';

/**
 * The agent and device-transfer rules (C-mine.md /mine/factorialList and /mine/factorialList/info Validation: 姓名 2–20,
 * 备注 ≤ 50, serial rule, devices 1–100 → "单次最多划拨100台"; Shared behaviour › Device serial
 * `/^[0-9A-Za-z]{6,20}$/` → "请输入正确的设备编号"; Business rule 19 and the Transfer entity: statuses 1 待接收,
 * 2 已完成, 3 已拒绝, 4 已撤回).
 */

describe('agentNameRule (姓名 2–20)', () => {
  it('accepts 2 and 20 characters and refuses 1 and 21 with the form message', () => {
    expect(firstError(agentNameRule, '张三')).toBeNull();
    expect(firstError(agentNameRule, '张'.repeat(20))).toBeNull();
    expect(firstError(agentNameRule, '张')).toBe('请输入2-20位姓名');
    expect(firstError(agentNameRule, '张'.repeat(21))).toBe('请输入2-20位姓名');
    expect(firstError(agentNameRule, '')).toBe('请输入2-20位姓名');
  });

  it('counts the name without surrounding spaces, and keeps it trimmed', () => {
    expect(firstError(agentNameRule, '  张  ')).toBe('请输入2-20位姓名');
    expect(firstError(agentNameRule, '   ')).toBe('请输入2-20位姓名');
    expect(firstError(agentNameRule, ` ${'张'.repeat(20)} `)).toBeNull();
    expect(agentNameRule.parse('  张三 ')).toBe('张三');
  });
});

describe('agentRemarkRule (备注 ≤ 50)', () => {
  it('accepts nothing up to 50 characters and refuses 51', () => {
    expect(firstError(agentRemarkRule, '')).toBeNull();
    expect(firstError(agentRemarkRule, '备'.repeat(50))).toBeNull();
    expect(firstError(agentRemarkRule, '备'.repeat(51))).toBe('备注最多50个字');
  });
});

describe('serialRule (device serial: 6–20 letters or digits)', () => {
  it('accepts 6 and 20 letters or digits', () => {
    expect(firstError(serialRule, 'AB1234')).toBeNull();
    expect(firstError(serialRule, 'abcdef')).toBeNull();
    expect(firstError(serialRule, '123456')).toBeNull();
    expect(firstError(serialRule, 'A1b2C3d4E5f6G7h8I9j0')).toBeNull();
  });

  it('refuses 5 and 21 characters', () => {
    expect(firstError(serialRule, 'AB123')).toBe('请输入正确的设备编号');
    expect(firstError(serialRule, 'A1b2C3d4E5f6G7h8I9j0K')).toBe('请输入正确的设备编号');
    expect(firstError(serialRule, '')).toBe('请输入正确的设备编号');
  });

  it('refuses any other character, wherever it is', () => {
    for (const text of [
      'AB-1234',
      'AB 1234',
      ' AB1234',
      'AB1234 ',
      '#AB1234',
      'AB1234#',
      'AB1234\n',
      '设备123456',
      'ＡＢ1234',
    ]) {
      expect(firstError(serialRule, text), JSON.stringify(text)).toBe(FACTORIAL_MESSAGES.serial);
    }
  });
});

describe('transfers (rule 19)', () => {
  it('moves at most 100 devices at once', () => {
    expect(TRANSFER_MAX_DEVICES).toBe(100);
    expect(FACTORIAL_MESSAGES.devices).toBe('单次最多划拨100台');
  });

  it('names the four statuses as the record list shows them', () => {
    expect(TRANSFER_STATUS_NAMES).toEqual({ 1: '待接收', 2: '已完成', 3: '已拒绝', 4: '已撤回' });
  });
});
