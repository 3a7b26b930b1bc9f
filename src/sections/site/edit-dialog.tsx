import { Dialog, Input } from 'antd-mobile';
import { useRef, useState, type ReactNode } from 'react';
import styles from './edit-dialog.module.css';

/**
 * The edit dialogs of the site profile and its settings pages (B-site.md §4): a centred dialog holding a small form,
 * with the form's validation message under it and 取消 / a confirm action; it stays open until the page closes it.
 */
export function FormDialog({
  open,
  title,
  okText,
  message,
  onOk,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  /** The confirm action's text (保存, 确定). */
  okText: string;
  /** The validation message shown under the fields, or null. */
  message: string | null;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      visible={open}
      title={title}
      aria-label={title}
      closeOnAction={false}
      onClose={onClose}
      content={
        <div className={styles.dialog}>
          {children}
          {message && (
            <p className={styles.error} role="alert">
              {message}
            </p>
          )}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: '取消', onClick: onClose },
          { key: 'ok', text: okText, bold: true, onClick: onOk },
        ],
      ]}
    />
  );
}

/**
 * The profile's edit dialog of one text field (B-site.md §4: 站点名称 / 联系人 / 联系电话 / 客服电话); render it with a
 * `key` per field, so that it starts from `initial`. 保存 runs `onSave`, which resolves with a validation message (shown
 * under the input), null when saved (the dialog closes), or false when the server refused (already toasted; the dialog
 * stays open).
 */
export function EditTextDialog({
  open,
  title,
  name,
  initial,
  maxLength,
  inputMode,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  /** The input's name attribute. */
  name: string;
  initial: string;
  maxLength: number;
  inputMode?: 'text' | 'tel';
  onSave: (value: string) => Promise<string | null | false>;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const saving = useRef(false);
  const save = async () => {
    if (saving.current) return;
    saving.current = true;
    try {
      const outcome = await onSave(value);
      if (outcome === null) onClose();
      else if (typeof outcome === 'string') setMessage(outcome);
    } finally {
      saving.current = false;
    }
  };
  return (
    <FormDialog open={open} title={title} okText="保存" message={message} onOk={() => void save()} onClose={onClose}>
      <Input
        name={name}
        value={value}
        onChange={(v) => {
          setValue(v);
          setMessage(null);
        }}
        maxLength={maxLength}
        clearable
        type={inputMode === 'tel' ? 'tel' : 'text'}
        placeholder={`请输入${title.replace(/^修改/, '')}`}
      />
    </FormDialog>
  );
}
