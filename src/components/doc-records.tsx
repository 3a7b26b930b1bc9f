import { Input, Popup, Tag } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { DOC_TYPE_NAMES } from '@/api/export-rules';
import type { DocRecord } from '@/api/exports';
import { formatTime } from '@/lib/time';
import styles from './doc-records.module.css';

/**
 * What the two export screens share (D-income.md §4 /income/exportFile 最近导出; C-mine.md /mine/downCenter/index): one
 * export record as a row (file name, type tag, conditions, time, status tag — 生成中 / 已发送 / 发送失败 with its reason
 * — e-mail and size, 重新发送 for 已发送 and 发送失败) and the sheet asking the e-mail of a resend.
 */

const STATUS: Record<1 | 2 | 3, { text: string; color: 'primary' | 'success' | 'danger' }> = {
  1: { text: '生成中', color: 'primary' },
  2: { text: '已发送', color: 'success' },
  3: { text: '发送失败', color: 'danger' },
};

/** A file size in B / KB / MB. */
export function fileSizeText(bytes: number): string {
  if (bytes <= 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A file name that may wrap after each `_` (充电订单_2026-11-22_/2026-11-28.xlsx), never inside a date or the extension:
 * each part is a span that does not wrap, a <wbr> after each `_`.
 */
function breakable(fileName: string): ReactNode[] {
  const parts = fileName.split('_');
  return parts.flatMap((part, i) =>
    i < parts.length - 1
      ? [<span key={`p${i}`}>{`${part}_`}</span>, <wbr key={`w${i}`} />]
      : [<span key={`p${i}`}>{part}</span>],
  );
}

/** One export record; `onResend` is offered for 已发送 and 发送失败. */
export function DocRecordRow({ r, onResend }: { r: DocRecord; onResend: (r: DocRecord) => void }) {
  const status = STATUS[r.status];
  return (
    <div className={styles.row} data-testid={`doc-row-${r.id}`}>
      <div className={styles.head}>
        <span className={styles.fileName}>{breakable(r.fileName)}</span>
        <Tag color={status.color}>{status.text}</Tag>
      </div>
      <div className={styles.line}>
        <Tag color="default">{DOC_TYPE_NAMES[r.docType]}</Tag>
        <span>{r.conditions}</span>
        <span>{formatTime(r.createTime)}</span>
      </div>
      <div className={styles.line}>
        <span>{r.email}</span>
        <span>{fileSizeText(r.fileSize)}</span>
        {r.status === 3 && r.failReason && <span className={styles.fail}>{r.failReason}</span>}
        {r.status !== 1 && (
          <Button size="mini" color="primary" fill="outline" onClick={() => onResend(r)}>
            重新发送
          </Button>
        )}
      </div>
    </div>
  );
}

/** The resend sheet: the e-mail prefilled and editable, 确定 sends (busy while it runs). */
export function ResendSheet({
  record,
  email,
  busy,
  onClose,
  onConfirm,
}: {
  record: DocRecord | null;
  email: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (email: string) => void;
}) {
  return (
    <Popup visible={record !== null} onMaskClick={onClose} onClose={onClose}>
      {record && <SheetBody key={record.id} initial={email || record.email} busy={busy} onConfirm={onConfirm} />}
    </Popup>
  );
}

function SheetBody({
  initial,
  busy,
  onConfirm,
}: {
  initial: string;
  busy: boolean;
  onConfirm: (email: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <div className={styles.sheet} data-testid="resend-sheet">
      <h2 className={styles.sheetTitle}>重新发送至邮箱</h2>
      <Input
        name="resendEmail"
        aria-label="接收邮箱"
        className={styles.input}
        type="email"
        placeholder="请输入接收邮箱"
        value={value}
        onChange={setValue}
      />
      <Button block color="primary" loading={busy} disabled={busy} onClick={() => onConfirm(value)}>
        确定
      </Button>
    </div>
  );
}
