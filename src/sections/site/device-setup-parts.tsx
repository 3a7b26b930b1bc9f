import { Skeleton, Tag } from 'antd-mobile';
import { clsx } from 'clsx';
import { useMemo, type ReactNode } from 'react';
import { href } from '@/config/routes';
import { SOCKET_STATUS, type Tone } from '@/lib/device-status';
import { qrMatrix } from '@/lib/qr-matrix';
import { toast } from '@/components/feedback';
import setup from './device-setup.module.css';

/**
 * Pieces shared by the site detail, device-setup and site-income screens (B-site.md §2, §3, §5): the label/value rows
 * and the figure grid of a setup card, the loading page, QR images drawn client-side, socket status tags, the
 * site-income lists' routes.
 */

/**
 * Runs a sticker scan (a store's scanSticker) and resolves the scanned code; a refusal (§0.4: not a platform sticker,
 * or a device code) is toasted and a cancelled scan does nothing, both resolving null.
 */
export async function scannedSticker(
  scan: () => Promise<{ code: string } | { error: string } | null>,
): Promise<string | null> {
  const scanned = await scan();
  if (!scanned) return null;
  if ('error' in scanned) {
    toast(scanned.error);
    return null;
  }
  return scanned.code;
}

/** One row of DetailRows: its label, its value and the test id of the value; a `hidden` row is left out. */
export interface DetailRow {
  label: string;
  value: ReactNode;
  testId?: string;
  hidden?: boolean;
}

/** Label/value rows of a setup card (设备号 · 备注 · 状态 …): a definition list, labels left, values right. */
export function DetailRows({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className={setup.rows}>
      {rows
        .filter((row) => !row.hidden)
        .map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** One figure of a Figures grid: the value in bold above its label; `muted` greys it (e.g. 赠送, not income). */
export interface Figure {
  label: string;
  value: ReactNode;
  testId?: string;
  muted?: boolean;
}

/** A grid of summary figures, three a row (净收入 · 扫码 · 投币 …; 今日 订单 · 收入). */
export function Figures({ items, testId }: { items: readonly Figure[]; testId?: string }) {
  return (
    <div className={setup.figures} data-testid={testId}>
      {items.map((figure) => (
        <div key={figure.label} className={figure.muted ? setup.grey : undefined}>
          <b data-testid={figure.testId}>{figure.value}</b>
          <span>{figure.label}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * The summary card above a month's day list (B §5 chargerList / cardList): skeleton lines until the first page answered
 * (`figures` null), then the figures, with `emptyText` under them when the month has nothing to show.
 */
export function SummaryCard({
  figures,
  emptyText,
  testId,
}: {
  figures: readonly Figure[] | null;
  emptyText: string | null;
  testId: string;
}) {
  return (
    <section className={`${setup.card} ${setup.summary}`} data-testid={testId}>
      {figures === null ? <Skeleton.Paragraph lineCount={2} animated /> : <Figures items={figures} />}
      {figures !== null && emptyText && <p className={setup.empty}>{emptyText}</p>}
    </section>
  );
}

/** The two lists of a site's month income (B §5 incomeSite) and their routes. */
export const INCOME_TAB_ROUTES = { chargerList: 'siteIncomeCharger', cardList: 'siteIncomeCard' } as const;

/** One of the two lists of a site's month income. */
export type IncomeTab = keyof typeof INCOME_TAB_ROUTES;

/** The address of a month's income list of a site. */
export function incomeTabHref(tab: IncomeTab, siteId: number, month: string): string {
  return href(INCOME_TAB_ROUTES[tab], { siteId, month });
}

/** A setup page while its first answer is awaited: a card of skeleton lines (`lines` paragraph lines under a title). */
export function LoadingPage({ lines = 4 }: { lines?: number }) {
  return (
    <main className={setup.page} aria-busy="true">
      <section className={setup.card}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={lines} animated />
      </section>
    </main>
  );
}

/**
 * A QR code of `text` as an SVG image (level M, quiet zone of 4 modules), e.g. a socket's charging URL. `label` is
 * its accessible name. Long-press in the in-app browser works on the `<img>` form: the SVG is set as a data URL.
 */
export function QrImage({
  text,
  size = 132,
  label,
  className,
}: {
  text: string;
  size?: number;
  label: string;
  /** A class of the screen placing the image (e.g. a socket cell's). */
  className?: string;
}) {
  const src = useMemo(() => {
    const matrix = qrMatrix(text);
    if (!matrix) return null;
    const n = matrix.length + 8;
    let path = '';
    matrix.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) path += `M${x + 4} ${y + 4}h1v1h-1z`;
      });
    });
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges">` +
      `<rect width="${n}" height="${n}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [text]);
  if (!src) return <span className={clsx(setup.qr, setup.qrNone, className)}>二维码内容过长</span>;
  return <img className={clsx(setup.qr, className)} src={src} width={size} height={size} alt={label} data-qr={text} />;
}

/** Tag colours of the tones of lib/device-status (antd-mobile has no teal: the theme's --teal, as the socket tiles). */
const TAG_COLORS: Readonly<Record<Tone, string>> = {
  success: 'success',
  primary: 'primary',
  warning: 'warning',
  danger: 'danger',
  default: 'default',
  teal: 'var(--teal)',
};

/**
 * A socket status tag (entities Charger.status, the same names and colours as the socket tiles of the device list):
 * 空闲 green / 充电中 blue / 已充满 teal / 故障 red / 离线 grey.
 */
export function SocketStatusTag({ status }: { status: number }) {
  const state = SOCKET_STATUS[status] ?? { label: '--', tone: 'default' as const };
  return (
    <Tag color={TAG_COLORS[state.tone]} fill="outline" className={setup.statusTag}>
      {state.label}
    </Tag>
  );
}
