import { makeAutoObservable } from 'mobx';
import { exportEmailRule } from '@/api/export-rules';
import { resendDocRecord } from '@/api/exports';
import { screenStore } from '@/stores/screen-store';
import { MoneyAction } from '@/stores/support/money-action';
import { initialExportEmail, rememberExportEmail } from '@/stores/screens/income/export-file';

/**
 * /mine/downCenter/index — 下载中心 (C-mine.md 对账单下载中心; the grid's name, one name per feature): the type chip of the
 * list, the receiving e-mail shown (the last export's, else the account's), and 重新发送 of a record exactly once. The list itself is the shared paged list; while
 * a visible row is 生成中 the screen reloads it every 10 s (REFRESH_MS).
 */

/** While a row is 生成中 the list refreshes this often (C). */
export const REFRESH_MS = 10_000;

/** Type chips: 全部 and each type (对账单 = 7 and 8). */
export const DOC_CHIPS: readonly { key: string; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: '1', label: '充电订单' },
  { key: '2', label: '远程充电' },
  { key: '3', label: '收支明细' },
  { key: '4', label: '提现记录' },
  { key: '5', label: '卡充值' },
  { key: '6', label: '投币订单' },
  { key: '7,8', label: '对账单' },
  { key: '9', label: '站点账单' },
];

export class DownCenterStore {
  chip = 'all';
  email = '';
  /** Bumped to reload the list (after a resend, by the 10 s refresh). */
  generation = 0;
  readonly resend = new MoneyAction();

  constructor() {
    makeAutoObservable(this);
  }

  async loadEmail(): Promise<void> {
    const email = await initialExportEmail();
    this.setEmail(email);
  }

  setEmail(email: string): void {
    this.email = email;
  }

  setChip(chip: string): void {
    this.chip = chip;
  }

  reload(): void {
    this.generation += 1;
  }

  /** 重新发送 to `email`: resolves the toast text, a problem, or null (already told by the request layer). */
  async resendTo(id: number, email: string): Promise<{ ok: boolean; text: string } | null> {
    const checked = exportEmailRule.safeParse(email);
    if (!checked.success) return { ok: false, text: checked.error.issues[0]?.message ?? '请输入正确的邮箱地址' };
    const answer = await this.resend.run((requestId) => resendDocRecord({ id, email: checked.data, requestId }));
    if (!answer) return null;
    rememberExportEmail(checked.data);
    this.reload();
    return { ok: true, text: `已重新发送至 ${checked.data}` };
  }
}

export const downCenterStore = screenStore(() => new DownCenterStore());
