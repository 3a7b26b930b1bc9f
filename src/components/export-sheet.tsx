import { Input, Popup } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { Button } from './button';
import { toast } from '@/components/feedback';
import { EntryLink } from '@/components/route-availability';
import { href } from '@/config/routes';
import styles from './export-sheet.module.css';

/**
 * What the sheet reads and drives of an export's state (the store's ListExport of
 * src/stores/screens/mine/list-export.ts): the sheet is open, the address typed, the docId once the export started, and
 * the send action busy from its first tap.
 */
export interface ExportSheetState {
  readonly open: boolean;
  readonly email: string;
  readonly started: number | null;
  readonly send: { readonly busy: boolean; readonly sending: boolean };
  close(): void;
  setEmail(email: string): void;
}

/**
 * The e-mail sheet of a list's 导出, the one every screen that exports by e-mail from its own list uses (C-mine.md
 * chargerRecord-list and recordOfremote; D-income.md /income/statement/coinBill): the receiving e-mail, 发送到邮箱
 * (busy from the first tap), then "导出任务已提交，完成后将发送至 {email}" with 去下载中心 (→ /mine/downCenter/index).
 * `send` sends the list's export to the address with the action's requestId and answers the toast to show (a refusal
 * or the success text), or null when the request failed (the request layer told why).
 */
export const ExportSheet = observer(function ExportSheet({
  exporter,
  send,
}: {
  exporter: ExportSheetState;
  send: () => Promise<{ ok: boolean; text: string } | null>;
}) {
  const submit = async () => {
    const outcome = await send();
    if (outcome) toast(outcome.text);
  };
  return (
    <Popup visible={exporter.open} onMaskClick={() => exporter.close()} onClose={() => exporter.close()}>
      <div className={styles.sheet} data-testid="export-sheet">
        <h3>导出到邮箱</h3>
        {exporter.started === null ? (
          <>
            <Input
              name="exportEmail"
              aria-label="接收邮箱"
              type="email"
              placeholder="请输入接收邮箱"
              value={exporter.email}
              onChange={(v) => exporter.setEmail(v)}
            />
            <p className={styles.muted}>导出文件将发送至邮箱，邮件中的下载链接7天内有效</p>
            <Button
              block
              color="primary"
              data-testid="export-submit"
              loading={exporter.send.sending}
              disabled={exporter.send.busy}
              onClick={() => void submit()}
            >
              发送到邮箱
            </Button>
          </>
        ) : (
          <>
            <p data-testid="export-started">导出任务已提交，完成后将发送至 {exporter.email.trim()}</p>
            <EntryLink to={href('downCenter')} className={styles.link}>
              去下载中心
            </EntryLink>
            <Button block onClick={() => exporter.close()}>
              完成
            </Button>
          </>
        )}
      </div>
    </Popup>
  );
});
