import { Dialog, Input } from 'antd-mobile';
import { useRef, useState } from 'react';

/**
 * The profile's edit dialog of one text field (render it with a `key` per field, so that it starts from `initial`) (B-site.md §4: 站点名称 / 联系人 / 联系电话 / 客服电话): an input
 * prefilled with the current value; 保存 runs `onSave`, which resolves with a validation message (shown under the input),
 * null when saved (the dialog closes), or false when the server refused (already toasted; the dialog stays open).
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
    <Dialog
      visible={open}
      title={title}
      closeOnAction={false}
      onClose={onClose}
      content={
        <div className="edit-dialog">
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
          {message && (
            <p className="edit-dialog__error" role="alert">
              {message}
            </p>
          )}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: '取消', onClick: onClose },
          { key: 'save', text: '保存', bold: true, onClick: () => void save() },
        ],
      ]}
    />
  );
}
