import { makeAutoObservable, runInAction } from 'mobx';
import { exportEmailRule, rangeRefusal, type DocType } from '@/api/export-rules';
import {
  exportAccountBill,
  exportChargeOrders,
  exportDayBills,
  exportMonthStatement,
  exportSiteBills,
  exportWithdraw,
  listDocRecords,
  resendDocRecord,
  type DocRecord,
} from '@/api/exports';
import { getCommercialInfo } from '@/api/user';
import { STORAGE_KEYS } from '@/config/constants';
import { readItem, writeItem } from '@/lib/storage';
import { dayOf } from '@/lib/time';
import type { RootStore } from '@/stores/root';
import { screenStore } from '@/stores/screen-store';
import { Loadable } from '@/stores/support/loadable';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * /income/exportFile — 导出 (D-income.md §4) and the e-mail both export screens share (C-mine.md /mine/downCenter): the
 * report type (3 收支明细, 7 月度对账单, 8 日账单明细 — not for a property, whose day bill is its share —, 9 站点账单,
 * 4 提现记录, 1 充电订单), its date range
 * (default this month to today; query `month` = that month capped at today) or, for 7 and 9, its month (query `month`,
 * else this month), the site for site bills and charging orders, the property of a statement (query `merchantId`),
 * the receiving e-mail (localStorage
 * `exportEmail`, else the account's e-mail), validation with the design's messages, the request exactly once (a
 * requestId kept until the server answered), and the 5 most recent exports with their resend.
 */

/** The report types, in the design's order. */
export const EXPORT_TYPES: readonly { type: DocType; label: string }[] = [
  { type: 3, label: '收支明细' },
  { type: 7, label: '月度对账单' },
  { type: 8, label: '日账单明细' },
  { type: 9, label: '站点账单' },
  { type: 4, label: '提现记录' },
  { type: 1, label: '充电订单' },
];

/** Types exported by month (a month picker instead of a date range). */
export const MONTH_TYPES: readonly DocType[] = [7, 9];

/** The default range of a type: `month` (capped at `today`) or this month to today. */
export function defaultRange(today: string, month?: string): { startDate: string; endDate: string } {
  const m = month ?? today.slice(0, 7);
  const last = lastDay(m);
  return { startDate: `${m}-01`, endDate: last < today ? last : today };
}

function lastDay(month: string): string {
  const [y, mo] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return `${month}-${String(d).padStart(2, '0')}`;
}

/** The form's first problem (D exportFile validation), or null. */
export function exportProblem(
  form: { type: DocType | null; startDate: string; endDate: string; email: string },
  today: string,
): string | null {
  if (form.type === null) return '请选择报表类型';
  if (!form.startDate || !form.endDate) return '请选择导出时间';
  const range = rangeRefusal(form.type, form.startDate, form.endDate, today);
  if (range) return range;
  const email = exportEmailRule.safeParse(form.email);
  return email.success ? null : (email.error.issues[0]?.message ?? '请输入正确的邮箱地址');
}

/** The e-mail an export screen starts with: the last one used, else the account's (empty while unknown). */
export async function initialExportEmail(): Promise<string> {
  const saved = readItem('local', STORAGE_KEYS.exportEmail);
  if (saved) return saved;
  try {
    return (await getCommercialInfo()).email ?? '';
  } catch {
    return '';
  }
}

/** Remembers the e-mail of an export (both screens prefill it next time). */
export function rememberExportEmail(email: string): void {
  writeItem('local', STORAGE_KEYS.exportEmail, email.trim());
}

export class ExportFileStore {
  type: DocType | null;
  startDate: string;
  endDate: string;
  siteId: number | null;
  /** Types 7 and 9: the month 'YYYY-MM'. */
  month: string;
  /** Type 7: the property whose statement (query merchantId), else the caller's own. */
  merchantId: number | null;
  email = '';
  /** True once the user has edited 接收邮箱: the prefill (an answer that may come later) no longer applies. */
  private emailEdited = false;
  readonly send = new MoneyAction();
  readonly resend = new MoneyAction();
  readonly recent = new Loadable<DocRecord[]>(
    async () => (await listDocRecords({ pageNum: 1, pageSize: 5, docType: '1,3,4,7,8,9' })).list,
  );

  /** Today (Asia/Shanghai) when the form opened: the ranges end there at the latest. */
  readonly today = dayOf(Date.now());

  constructor(
    private readonly root: RootStore,
    query: { type?: number; month?: string; siteId?: number; merchantId?: number },
  ) {
    const offered = EXPORT_TYPES.find((t) => t.type === query.type);
    this.type = offered ? offered.type : null;
    const range = defaultRange(this.today, query.month);
    this.startDate = range.startDate;
    this.endDate = range.endDate;
    this.month = query.month && query.month <= this.today.slice(0, 7) ? query.month : this.today.slice(0, 7);
    this.siteId = query.siteId ?? null;
    this.merchantId = query.merchantId ?? null;
    makeAutoObservable<ExportFileStore, 'root' | 'emailEdited'>(this, { root: false, emailEdited: false });
  }

  /**
   * Loads the e-mail (once) and the recent exports. The e-mail prefills 接收邮箱 only while the user has not edited
   * it: a prefill answering after the user cleared the field, or while typing, would otherwise land in it.
   */
  async load(): Promise<void> {
    if (!this.email && !this.emailEdited) {
      const email = await initialExportEmail();
      runInAction(() => {
        if (!this.email && !this.emailEdited) this.email = email;
      });
    }
    await this.recent.load();
  }

  setType(type: DocType): void {
    this.type = type;
  }

  setRange(startDate: string, endDate: string): void {
    this.startDate = startDate;
    this.endDate = endDate;
  }

  setSite(siteId: number | null): void {
    this.siteId = siteId;
  }

  /** Type 7: the property whose statement, or null for the caller's own. */
  setMerchant(merchantId: number | null): void {
    this.merchantId = merchantId;
  }

  /** Types 7 and 9: the month (never after this one). */
  setMonth(month: string): void {
    this.month = month;
  }

  /** The types this account can export (a property has no 日账单明细 of its own sites' operations). */
  get types(): readonly { type: DocType; label: string }[] {
    const property = this.root.session.extendPermission?.accountType === 3;
    return property ? EXPORT_TYPES.filter((t) => t.type !== 8) : EXPORT_TYPES;
  }

  /** True when the chosen type is exported by month. */
  get byMonth(): boolean {
    return this.type !== null && MONTH_TYPES.includes(this.type);
  }

  /** 接收邮箱 as the user typed it. */
  setEmail(email: string): void {
    this.emailEdited = true;
    this.email = email;
  }

  get problem(): string | null {
    if (this.byMonth) {
      const range = defaultRange(this.today, this.month);
      return exportProblem({ type: this.type, email: this.email, ...range }, this.today);
    }
    return exportProblem(this, this.today);
  }

  /**
   * 发送到邮箱: validated, then sent once (taps while it runs are ignored; a retry after a lost answer reuses the
   * requestId). Resolves the toast text, or a problem, or null when the request failed (already told).
   */
  async submit(): Promise<{ ok: boolean; text: string } | null> {
    const problem = this.problem;
    if (problem) return { ok: false, text: problem };
    const type = this.type as DocType;
    const email = this.email.trim();
    const base = { startDate: this.startDate, endDate: this.endDate, email };
    const site = this.siteId ? { siteId: this.siteId } : {};
    const month = { month: this.month, email };
    const answer = await this.send.run((requestId) =>
      type === 3
        ? exportAccountBill({ ...base, requestId })
        : type === 4
          ? exportWithdraw({ ...base, requestId })
          : type === 8
            ? exportDayBills({ ...base, requestId })
            : type === 7
              ? exportMonthStatement({
                  ...month,
                  ...(this.merchantId ? { merchantId: this.merchantId } : {}),
                  requestId,
                })
              : type === 9
                ? exportSiteBills({ ...month, ...site, requestId })
                : exportChargeOrders({ ...base, ...site, requestId }),
    );
    if (!answer) return null;
    rememberExportEmail(email);
    void this.recent.load();
    return { ok: true, text: `导出任务已提交，将发送至${email}` };
  }

  /** 重新发送 of a recent record to `email`: resolves the toast text, a problem, or null (already told). */
  async resendTo(id: number, email: string): Promise<{ ok: boolean; text: string } | null> {
    const checked = exportEmailRule.safeParse(email);
    if (!checked.success) return { ok: false, text: checked.error.issues[0]?.message ?? '请输入正确的邮箱地址' };
    const answer = await this.resend.run((requestId) => resendDocRecord({ id, email: checked.data, requestId }));
    if (!answer) return null;
    rememberExportEmail(checked.data);
    void this.recent.load();
    return { ok: true, text: '已重新发送' };
  }
}

export const exportFileStore = screenStore(
  (root, query: { type?: number; month?: string; siteId?: number; merchantId?: number }) =>
    new ExportFileStore(root, query),
  'visit',
);
