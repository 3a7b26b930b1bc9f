import { Dialog, TextArea } from 'antd-mobile';
import { clsx } from 'clsx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/feedback';
import type { Tone } from '@/lib/device-status';
import { useScreenStore, type ScreenStoreDecl } from '@/stores/screen-store';
import { LivePoller, siteDetailStore, type LiveRows, type SiteDetailStore } from '@/stores/screens/site/site-detail';
import type { ActionOutcome } from '@/stores/screens/site/site-devices';
import list from './device-list.module.css';

/**
 * Pieces shared by the site detail and its four device tabs (B-site.md §2): the tab's stores for the route's site,
 * status dots, the remark dialog of a row and the live-refresh hook. Filter chips are the shared Segmented with
 * variant "chips".
 */

/**
 * The stores of a device tab of a site: the layout's SiteDetailStore (header, permissions) and the tab's own store,
 * both kept per site (the layout renders a tab only with a valid siteId).
 * @param decl the tab's store declaration (keyed by siteId)
 * @param siteId the route's site
 */
export function useDeviceTab<S>(
  decl: ScreenStoreDecl<S, [siteId: number]>,
  siteId: number,
): { detail: SiteDetailStore; store: S } {
  const detail = useScreenStore(siteDetailStore, siteId);
  const store = useScreenStore(decl, siteId);
  return { detail, store };
}

/** The dot's colour by tone (a tone without its own colour keeps the grey of 离线). */
const DOT_TONES: Record<Tone, string | undefined> = {
  success: list.dotSuccess,
  danger: list.dotDanger,
  warning: list.dotWarning,
  primary: list.dotPrimary,
  default: undefined,
  teal: undefined,
};

/** A coloured dot with its label (在线 green, 离线 grey, 故障 red …). */
export function StatusDot({ tone, label }: { tone: Tone; label: string }) {
  return (
    <span className={clsx(list.dot, DOT_TONES[tone])}>
      <i aria-hidden="true" />
      {label}
    </span>
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
      aria-label="修改备注"
      closeOnAction={false}
      onClose={onClose}
      content={
        <div className={list.remarkDialog}>
          {/* A text area that grows: a remark of 20 characters shows whole in the dialog (issue 30). */}
          <TextArea
            name="remark"
            aria-label="备注名"
            value={text}
            onChange={(value) => {
              setText(value);
              setMessage(null);
            }}
            placeholder="请输入备注名，如 3号车棚左"
            rows={1}
            autoSize={{ minRows: 1, maxRows: 3 }}
            autoFocus
          />
          {message && (
            <p className={list.formError} role="alert">
              {message}
            </p>
          )}
        </div>
      }
      actions={[
        [
          // While the async onAction runs, antd-mobile's tapped action shows only a spinner: its aria-label keeps its
          // name (issue 15; test/unit/control-names.test.ts).
          { key: 'cancel', text: '取消', 'aria-label': '取消' },
          { key: 'save', text: '保存', bold: true, 'aria-label': '保存' },
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

/** A device row with a remark (备注名). */
export interface RemarkRow {
  id: number;
  remark: string | null;
}

/** What RowRemarkDialog needs of a device-list store: the rows' fresher copies and its 备注 action. */
export interface RemarkRowsStore<T extends RemarkRow> {
  readonly live: LiveRows<T>;
  editRemark(row: T, text: string): Promise<ActionOutcome>;
}

function RowRemarkDialogView<T extends RemarkRow>({
  row,
  store,
  onClose,
}: {
  row: T | null;
  store: RemarkRowsStore<T>;
  onClose: () => void;
}) {
  return (
    <RemarkDialog
      open={row !== null}
      initial={row ? (store.live.of(row).remark ?? '') : ''}
      onSave={(text) => (row ? store.editRemark(row, text) : Promise.resolve({ ok: false, message: null }))}
      onClose={onClose}
    />
  );
}

/**
 * The 备注 dialog of one row of a device list (boxes, guards, cameras, smoke sensors): open while `row` is set,
 * prefilled with the row's freshest remark, saved through the store's editRemark (which updates the row).
 */
export const RowRemarkDialog = observer(RowRemarkDialogView) as typeof RowRemarkDialogView;

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
