import { makeAutoObservable, runInAction } from 'mobx';
import { exportEmailRule, rangeRefusal, type DocType } from '@/api/export-rules';
import {
  exportAccountBill,
  exportChargeOrders,
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
 * report type (the types whose lists exist: 3 收支明细, 4 提现记录, 1 充电订单), its date range (default this month to
 * today; query `month` = that month capped at today), the site for charging orders, the receiving e-mail (localStorage
 * `exportEmail`, else the account's e-mail), validation with the design's messages, the request exactly once (a
 * requestId kept until the server answered), and the 5 most recent exports with their resend.
 */

/** The report types offered, in the design's order (7/8/9 come with the statements). */
export const EXPORT_TYPES: readonly { type: DocType; label: string }[] = [
  { type: 3, label: '收支明细' },
  { type: 4, label: '提现记录' },
  { type: 1, label: '充电订单' },
];

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
  email = '';
  readonly send = new MoneyAction();
  readonly resend = new MoneyAction();
  readonly recent = new Loadable<DocRecord[]>(
    async () => (await listDocRecords({ pageNum: 1, pageSize: 5, docType: '1,3,4,7,8,9' })).list,
  );

  /** Today (Asia/Shanghai) when the form opened: the ranges end there at the latest. */
  readonly today = dayOf(Date.now());

  constructor(
    private readonly root: RootStore,
    query: { type?: number; month?: string; siteId?: number },
  ) {
    const offered = EXPORT_TYPES.find((t) => t.type === query.type);
    this.type = offered ? offered.type : null;
    const range = defaultRange(this.today, query.month);
    this.startDate = range.startDate;
    this.endDate = range.endDate;
    this.siteId = query.siteId ?? null;
    makeAutoObservable<ExportFileStore, 'root'>(this, { root: false });
  }

  /** Loads the e-mail (once) and the recent exports. */
  async load(): Promise<void> {
    if (!this.email) {
      const email = await initialExportEmail();
      runInAction(() => {
        if (!this.email) this.email = email;
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

  setEmail(email: string): void {
    this.email = email;
  }

  get problem(): string | null {
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
    const answer = await this.send.run((requestId) =>
      type === 3
        ? exportAccountBill({ ...base, requestId })
        : type === 4
          ? exportWithdraw({ ...base, requestId })
          : exportChargeOrders({ ...base, ...(this.siteId ? { siteId: this.siteId } : {}), requestId }),
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
  (root, query: { type?: number; month?: string; siteId?: number }) => new ExportFileStore(root, query),
  'visit',
);
