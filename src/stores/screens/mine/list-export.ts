import { makeAutoObservable, runInAction } from 'mobx';
import { exportEmailRule, rangeRefusal, type DocType } from '@/api/export-rules';
import type { ExportStarted } from '@/api/exports';
import { dayOf } from '@/lib/time';
import { initialExportEmail, rememberExportEmail } from '@/stores/screens/income/export-file';
import { MoneyAction } from '@/stores/support/money-action';

/**
 * 导出 of a list (C-mine.md /mine/chargerRecord-list and /mine/recordOfremote, rule 24; D-income.md
 * /income/statement/coinBill), the state of src/components/export-sheet.tsx: the e-mail sheet — the
 * address prefilled from localStorage `exportEmail`, else the merchant's e-mail (getCommercialInfo), saved back on
 * success —, the section's e-mail rule and the export's range rule (≤ 92 days), and the request exactly once (a
 * requestId kept across a timeout, taps while it runs ignored). The list's current filters are the export's: the
 * screen passes the call that sends them.
 */
export class ListExport {
  /** The sheet is open. */
  open = false;
  email = '';
  /** The docId of the export just asked (the sheet then offers 去下载中心). */
  started: number | null = null;
  readonly send = new MoneyAction();

  constructor(private readonly docType: DocType) {
    makeAutoObservable<ListExport, 'docType'>(this, { docType: false });
  }

  /** Opens the sheet with the remembered e-mail (read first, so that it never lands on what the user types). */
  async show(): Promise<void> {
    const email = this.email || (await initialExportEmail());
    runInAction(() => {
      this.email = email;
      this.started = null;
      this.open = true;
    });
  }

  close(): void {
    this.open = false;
  }

  setEmail(email: string): void {
    this.email = email;
  }

  /**
   * Sends the export of the range with `call` (it adds the list's filters): a problem to show (range or e-mail), the
   * toast on success, or null when the request failed (the request layer told why).
   */
  async submit(
    range: { startDate: string; endDate: string },
    call: (email: string, requestId: string) => PromiseLike<ExportStarted>,
  ): Promise<{ ok: boolean; text: string } | null> {
    const refusal = rangeRefusal(this.docType, range.startDate, range.endDate, dayOf(Date.now()));
    if (refusal) return { ok: false, text: refusal };
    const checked = exportEmailRule.safeParse(this.email);
    if (!checked.success) return { ok: false, text: checked.error.issues[0]?.message ?? '请输入正确的邮箱地址' };
    const email = checked.data;
    const answer = await this.send.run((requestId) => call(email, requestId));
    if (!answer) return null;
    rememberExportEmail(email);
    runInAction(() => {
      this.started = answer.docId;
    });
    return { ok: true, text: '导出任务已提交，完成后将发送至邮箱' };
  }
}
