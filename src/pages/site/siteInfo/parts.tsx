import { Dialog, Input } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../components/feedback';
import type { Tone } from '../../../lib/device-status';
import type { ActionOutcome } from '../../../stores/site-devices';
import { LivePoller } from '../../../stores/site-detail';

/**
 * Pieces shared by the site detail and its four device tabs (B-site.md §2): the route's siteId, status dots, filter
 * chips, the remark dialog and the live-refresh hook.
 */

/** The route query siteId as a positive integer, or null when missing or malformed. */
export function useSiteId(): number | null {
  const [params] = useSearchParams();
  const value = Number(params.get('siteId'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** A coloured dot with its label (在线 green, 离线 grey, 故障 red …). */
export function StatusDot({ tone, label }: { tone: Tone; label: string }) {
  return (
    <span className={`status-dot status-dot--${tone}`}>
      <i aria-hidden="true" />
      {label}
    </span>
  );
}

/** Filter chips (全部 / 在线 / …): plain buttons, the active one highlighted. */
export function Chips<K extends string>({
  options,
  value,
  onChange,
  label,
}: {
  options: readonly { key: K; label: string }[];
  value: K;
  onChange: (key: K) => void;
  label: string;
}) {
  return (
    <div className="chips" role="tablist" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          role="tab"
          aria-selected={option.key === value}
          className={option.key === value ? 'chip is-active' : 'chip'}
          onClick={() => onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The 备注 dialog (B §2: ≤ 20 characters, may be empty): an input prefilled with the current remark; 保存 runs
 * `onSave`, shows its validation message under the input, and on success toasts 修改成功 and closes. A server refusal
 * (already toasted by the request layer) keeps the dialog open.
 */
export function RemarkDialog({
  open,
  initial,
  onSave,
  onClose,
}: {
  open: boolean;
  initial: string;
  onSave: (text: string) => Promise<ActionOutcome>;
  onClose: () => void;
}) {
  const [text, setText] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  const saving = useRef(false);
  if (open !== wasOpen) {
    // Each opening starts from the current remark.
    setWasOpen(open);
    if (open) {
      setText(initial);
      setMessage(null);
    }
  }
  return (
    <Dialog
      visible={open}
      title="修改备注"
      closeOnAction={false}
      onClose={onClose}
      content={
        <div className="remark-dialog">
          <Input
            name="remark"
            value={text}
            onChange={(value) => {
              setText(value);
              setMessage(null);
            }}
            placeholder="请输入备注名，如 3号车棚左"
            clearable
            autoFocus
          />
          {message && (
            <p className="form-error" role="alert">
              {message}
            </p>
          )}
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: '取消' },
          { key: 'save', text: '保存', bold: true },
        ],
      ]}
      onAction={async (action) => {
        if (action.key === 'cancel') {
          onClose();
          return;
        }
        if (saving.current) return;
        saving.current = true;
        try {
          const outcome = await onSave(text);
          if (outcome.ok) {
            toast('修改成功');
            onClose();
          } else if (outcome.message) {
            setMessage(outcome.message);
          }
        } finally {
          saving.current = false;
        }
      }}
    />
  );
}

/**
 * Runs `tick` every `intervalMs` while `enabled` and the page is visible; stops when the component unmounts (the
 * route was left) or `enabled` turns false (LivePoller).
 */
export function useLivePoller(tick: () => Promise<unknown>, intervalMs: number, enabled = true): void {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const poller = new LivePoller(() => latest.current(), intervalMs);
    poller.start();
    return () => poller.stop();
  }, [enabled, intervalMs]);
}

/** Copies text to the clipboard (the address of the header); resolves whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back to the selection below (older webviews, no permission) */
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const done = (() => {
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  })();
  document.body.removeChild(area);
  return done;
}
