import { Dialog, Toast } from 'antd-mobile';
import DOMPurify from 'dompurify';
import { TOAST_DURATION_MS } from '@/config/constants';
import type { AlertOptions } from './feedback';

/**
 * The antd-mobile side of feedback.tsx, in its own chunk (loaded at idle after the first screen, and on first use),
 * so that the first screen's bytes do not carry Dialog, Toast and DOMPurify.
 */

/**
 * Removes HTML that could run script or load content; what the server sends is never trusted (ARCHITECTURE.md).
 * Where DOMPurify cannot work (it then returns its input unchanged), the HTML is shown as plain text instead.
 */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) {
    return html.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  }
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

export function showToast(text: string): void {
  Toast.show({ content: text, duration: TOAST_DURATION_MS, position: 'center' });
}

export function showAlertDialog({ title, html = '', confirmText = '确定' }: AlertOptions): Promise<void> {
  return Dialog.alert({
    title,
    content: html ? <div className="alert-html" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} /> : undefined,
    confirmText,
    closeOnMaskClick: false,
  });
}

export function showConfirmDialog(
  title: string,
  content: string,
  confirmText: string,
  cancelText: string,
): Promise<boolean> {
  return Dialog.confirm({ title, content, confirmText, cancelText, closeOnMaskClick: false });
}
