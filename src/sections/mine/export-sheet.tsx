import { Button, Input, Popup } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { toast } from '@/components/feedback';
import { EntryLink } from '@/components/route-availability';
import { href } from '@/config/routes';
import type { ListExport } from '@/stores/screens/mine/list-export';
import styles from './riders.module.css';

/**
 * The e-mail sheet of a rider list's 导出 (C-mine.md chargerRecord-list and recordOfremote): the receiving e-mail,
 * 发送到邮箱 (busy from the first tap), then "导出任务已提交，完成后将发送至邮箱" with 去下载中心 (→ /mine/downCenter/index).
 * `send` sends the list's export to the address with the action's requestId.
 */
export const ExportSheet = observer(function ExportSheet({
  exporter,
  send,
}: {
  exporter: ListExport;
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
              loading={exporter.send.busy}
              disabled={exporter.send.busy}
              onClick={() => void submit()}
            >
              发送到邮箱
            </Button>
          </>
        ) : (
          <>
            <p data-testid="export-started">导出任务已提交，完成后将发送至 {exporter.email.trim()}</p>
            <EntryLink to={href('downCenter')} className={styles.sheetLink}>
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
