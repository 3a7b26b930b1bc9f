import { z } from 'zod/mini';
import { percentToBp } from '@/lib/rate';
import { MOBILE_MESSAGE, PHONE_PATTERN } from './rules';

/**
 * Field rules of the site section's forms (B-site.md §1 "Validation" of /site's community form, /site/add and
 * /site/add/expensesSet), with the messages the user sees. Part of the API contract: the forms
 * check them before calling, and the sandbox validates requests with the same schemas and messages. Each schema
 * reports its failures in order; forms show only the first (see firstError / firstFailure in ./rules).
 */

/**
 * Site.status (entities.md §9, K17; B-site.md §4 "1 运营中, 2 建设中 (created by a work order), 3 已停用"), the word of a
 * site's status wherever a screen names it: the work order's site tag and the 建设中 site an approval creates.
 */
export const SITE_STATUS_LABELS: Readonly<Record<1 | 2 | 3, string>> = {
  1: '运营中',
  2: '建设中',
  3: '已停用',
};

/** Allowed characters of a site name: Chinese, letters, digits, space and ()（）-#. */
export const SITE_NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9 ()（）#-]+$/;
/** Customer-service phone: a mobile, a landline 0571-88888888, or a 400/800 number 400-800-1234. */
export const SERVICE_PHONE_PATTERNS: readonly RegExp[] = [
  PHONE_PATTERN,
  /^0\d{2,3}-?\d{7,8}$/,
  /^[48]00-?\d{3}-?\d{4}$/,
];

/** 站点名称: required, 2–30 characters after trimming, allowed characters only (B §1 /site/add). */
export const siteNameRule = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, '请输入站点名称'),
    z.minLength(2, '站点名称为2-30个字符'),
    z.maxLength(30, '站点名称为2-30个字符'),
    z.regex(SITE_NAME_PATTERN, '站点名称仅支持中文、字母、数字、空格及()（）-#'),
  );

/** 详细地址 of a site or a community: required, at most 60 characters. */
export const addressRule = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入详细地址'), z.maxLength(60, '详细地址最多60个字'));

/** 联系人: 2–10 characters. */
export const contactsRule = z
  .string()
  .check(z.trim(), z.minLength(2, '请输入联系人姓名'), z.maxLength(10, '联系人姓名最多10个字'));

/** 联系电话: an 11-digit mainland mobile. */
export const contactsPhoneRule = z.string().check(z.trim(), z.regex(PHONE_PATTERN, MOBILE_MESSAGE));

/** 客服电话: a mobile, a landline or a 400/800 number. */
export const servicePhoneRule = z.string().check(
  z.trim(),
  z.refine((v) => SERVICE_PHONE_PATTERNS.some((p) => p.test(v)), { message: '请输入正确的客服电话' }),
);

/** Message of a profit-share rate that is not a percent 0–100 with at most two decimals (every rate input). */
export const RATE_RANGE_MESSAGE = '分成比例需在0-100%之间';

/** 物业分成比例 (and any rate) as typed: a percent 0–100 with at most two decimals (lib/rate's percentToBp). */
export const percentTextRule = z
  .string()
  .check(z.refine((text) => percentToBp(text) !== null, { message: RATE_RANGE_MESSAGE }));

/** Lowest and highest electricity price of the cost page, fen per kWh (¥0.01–¥2.00 per 度). */
export const ELECTRIC_PRICE_MIN = 1;
export const ELECTRIC_PRICE_MAX = 200;
/** Message of an electricity price outside ¥0.01–¥2.00 or with more than two decimals. */
export const ELECTRIC_PRICE_MESSAGE = '电费单价需在0.01-2.00元/度之间';
/** Message when electricity is put on the property (or shared) without a property. */
export const PROPERTY_REQUIRED_MESSAGE = '请先选择物业';

/** 小区名称: required, 2–30 characters. */
export const communityNameRule = z
  .string()
  .check(z.trim(), z.minLength(2, '请输入小区名称'), z.maxLength(30, '小区名称最多30个字'));

/** Message of a region (province / city / district) not chosen. */
export const REGION_REQUIRED = '请选择所在地区';

/** 所在地区: province, city and district, each chosen from the region picker. */
export const regionPartRule = z
  .string()
  .check(z.trim(), z.minLength(1, REGION_REQUIRED), z.maxLength(20, REGION_REQUIRED));

/** 户数 as typed: empty, or an integer 0–99999. */
export const householdTextRule = z.string().check(z.trim(), z.regex(/^(?:\d{1,5})?$/, '户数请输入0-99999的整数'));

/** 物业公司 (free text): at most 30 characters. */
export const propertyNameRule = z.string().check(z.trim(), z.maxLength(30, '物业公司最多30个字'));

/** 备注 of a community: at most 100 characters. */
export const communityRemarkRule = z.string().check(z.trim(), z.maxLength(100, '备注最多100个字'));

/** Search keywords of the site section's lists: at most 30 characters. */
export const keywordRule = z.string().check(z.trim(), z.maxLength(30, '搜索关键词最多30个字'));
