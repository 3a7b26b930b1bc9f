import { z } from 'zod/mini';

/**
 * Rules of the agents and device transfers (C-mine.md /mine/factorialList, /mine/factorialList/info Validation;
 * Business rules 18, 19), shared by the screens and the sandbox. Phone and password follow accounts-rules.ts.
 */

/** At most this many devices per transfer (rule 19). */
export const TRANSFER_MAX_DEVICES = 100;

/** Texts of the agent screens and of the sandbox's refusals. */
export const FACTORIAL_MESSAGES = {
  name: '请输入2-20位姓名',
  remark: '备注最多50个字',
  rate: '上级分润比例为0-100%，最多两位小数',
  isAgent: '该手机号已是代理',
  isOperator: '该手机号已注册为运营商',
  taken: '该手机号已被注册',
  notMyAgent: '只能划拨给您的下级代理',
  devices: '单次最多划拨100台',
  noDevice: '请添加设备',
  duplicate: '该设备已在列表中',
  serial: '请输入正确的设备编号',
  failedRows: '请移除不可划拨的设备',
  missingAgent: '代理不存在',
  missingTransfer: '划拨记录不存在',
  stale: '划拨状态已变更',
  notYours: '设备不存在或不属于您',
  bound: '设备已绑定站点，不可划拨',
  pending: '设备已在其他待接收的划拨中',
  notBox: '仅充电设备可划拨',
  changed: '设备已不在发出方库存，无法接收',
} as const;

/** 姓名 of an agent: 2–20 characters. */
export const agentNameRule = z
  .string()
  .check(z.trim(), z.minLength(2, FACTORIAL_MESSAGES.name), z.maxLength(20, FACTORIAL_MESSAGES.name));

/** 备注: at most 50 characters. */
export const agentRemarkRule = z.string().check(z.maxLength(50, FACTORIAL_MESSAGES.remark));

/** A device serial (C-mine.md Shared behaviour "Device serial"). */
export const serialRule = z.string().check(z.regex(/^[0-9A-Za-z]{6,20}$/, FACTORIAL_MESSAGES.serial));

/** Transfer statuses (rule 19): 1 待接收, 2 已完成, 3 已拒绝, 4 已撤回. */
export type TransferStatus = 1 | 2 | 3 | 4;

/** Names of the transfer statuses. */
export const TRANSFER_STATUS_NAMES: Readonly<Record<TransferStatus, string>> = {
  1: '待接收',
  2: '已完成',
  3: '已拒绝',
  4: '已撤回',
};
