import { Dialog, Toast } from 'antd-mobile';
import { TOAST_DURATION_MS } from '@/config/constants';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { wireAntdMobileRender } from './antd-render';
import type { AlertOptions } from './feedback';
import styles from './feedback-ui.module.css';
import { scrollRegion } from './scroll-region';

/**
 * The antd-mobile side of feedback.tsx, in its own chunk (loaded at idle after the first screen, and on first use),
 * so that the first screen's bytes do not carry Dialog, Toast and DOMPurify. Its toasts and dialogs may come before any
 * screen's chunk (antd-config.tsx) wired antd-mobile's renderer: it wires it too.
 */

wireAntdMobileRender();

export function showToast(text: string): void {
  Toast.show({ content: text, duration: TOAST_DURATION_MS, position: 'center' });
}

export function showAlertDialog({ title, html = '', confirmText = '确定' }: AlertOptions): Promise<void> {
  return Dialog.alert({
    title,
    'aria-label': title,
    content: html ? (
      // At most 60 % of the screen, scrolled by keyboard too (a template image, an agreement's text).
      <div
        className={styles.alertHtml}
        {...scrollRegion(`${title}内容`)}
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
      />
    ) : undefined,
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
  return Dialog.confirm({ title, 'aria-label': title, content, confirmText, cancelText, closeOnMaskClick: false });
}
