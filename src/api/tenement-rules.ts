import { z } from 'zod/mini';

/**
 * Rules of the property accounts (C-mine.md /mine/tenement-list/base/info Validation; Business rule 21), shared by the
 * screens and the sandbox. The login phone and password follow accounts-rules.ts.
 */

/** Texts of the property screens and of the sandbox's refusals. */
export const TENEMENT_MESSAGES = {
  name: '请输入物业名称',
  nameTaken: '该物业已存在',
  contacts: '请输入联系人姓名',
  accountName: '请输入账号名称',
  confirm: '两次输入的密码不一致',
  phoneTaken: '该手机号已被其他账号使用',
  hasAccount: '该物业已开通账号',
  noAccount: '该物业未开通账号',
  missing: '物业不存在或无权查看',
} as const;

/** 物业名称: 2–30 characters. */
export const propertyNameRule = z
  .string()
  .check(z.trim(), z.minLength(2, TENEMENT_MESSAGES.name), z.maxLength(30, TENEMENT_MESSAGES.name));

/** 联系人: 2–10 characters. */
export const propertyContactsRule = z
  .string()
  .check(z.trim(), z.minLength(2, TENEMENT_MESSAGES.contacts), z.maxLength(10, TENEMENT_MESSAGES.contacts));

/** 账号名称: 2–20 characters. */
export const propertyAccountNameRule = z
  .string()
  .check(z.trim(), z.minLength(2, TENEMENT_MESSAGES.accountName), z.maxLength(20, TENEMENT_MESSAGES.accountName));
