import { Tag } from 'antd-mobile';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { qrMatrix } from '../lib/qr-matrix';
import { toast } from './feedback';
import './device-setup.css';

/**
 * Pieces shared by the device-setup and site-income screens (B-site.md §3, §5): required numeric route queries (a
 * missing one is toasted and leaves the screen, B "Global behaviour"), QR images drawn client-side, socket status tags.
 */

/** A positive integer query parameter, or null. */
export function useQueryNumber(name: string): number | null {
  const [params] = useSearchParams();
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Leaves the screen for `fallback` (replace) when `missing` — a required query was absent or the server refused it
 * (its message was toasted by the request layer; `message` is toasted here only for a missing query).
 */
export function useLeaveWhen(missing: boolean, fallback: string, message?: string): void {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (!missing || done.current) return;
    done.current = true;
    if (message) toast(message);
    void navigate(fallback, { replace: true });
  }, [missing, fallback, message, navigate]);
}

/**
 * A QR code of `text` as an SVG image (level M, quiet zone of 4 modules), e.g. a socket's charging URL. `label` is
 * its accessible name. Long-press in the in-app browser works on the `<img>` form: the SVG is set as a data URL.
 */
export function QrImage({ text, size = 132, label }: { text: string; size?: number; label: string }) {
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
  if (!src) return <span className="qr-image qr-image--none">二维码内容过长</span>;
  return <img className="qr-image" src={src} width={size} height={size} alt={label} data-qr={text} />;
}

/** Socket statuses (K22) with their tag colours. */
const SOCKET_TAGS: Record<number, { label: string; color: 'success' | 'primary' | 'warning' | 'danger' | 'default' }> =
  {
    0: { label: '空闲', color: 'success' },
    1: { label: '充电中', color: 'primary' },
    2: { label: '已充满', color: 'warning' },
    3: { label: '故障', color: 'danger' },
    4: { label: '离线', color: 'default' },
  };

/** A socket status tag: 空闲 / 充电中 / 已充满 / 故障 / 离线. */
export function SocketStatusTag({ status }: { status: number }) {
  const tag = SOCKET_TAGS[status] ?? { label: '--', color: 'default' as const };
  return (
    <Tag color={tag.color} fill="outline" className="socket-status-tag">
      {tag.label}
    </Tag>
  );
}

/** The label of a socket status. */
export function socketStatusLabel(status: number): string {
  return SOCKET_TAGS[status]?.label ?? '--';
}
