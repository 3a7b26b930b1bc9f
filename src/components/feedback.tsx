import type * as FeedbackUiModule from './feedback-ui';

/**
 * The shell's feedback primitives (spec §2 alert dialog, §8 toasts, §9 toast duration): one toast and one alert
 * dialog for the whole app, so that every screen tells the user things the same way. The antd-mobile components
 * behind them load in their own chunk (feedback-ui.tsx): at idle after the first screen, or on first use.
 */

type FeedbackUi = typeof FeedbackUiModule;
let ui: Promise<FeedbackUi> | null = null;

function loadUi(): Promise<FeedbackUi> {
  ui ??= import('./feedback-ui').catch((error: unknown) => {
    ui = null; // a later call retries the chunk
    throw error;
  });
  return ui;
}

/** Loads the feedback chunk ahead of need (boot calls it when the first screen is idle). */
export function preloadFeedback(): void {
  void loadUi().catch(() => undefined);
}

/** A centred toast for 2000 ms (spec §9). */
export function toast(text: string): void {
  void loadUi()
    .then((m) => m.showToast(text))
    .catch(() => window.alert(text));
}

/** Options of the alert dialog. */
export interface AlertOptions {
  title: string;
  /** HTML content; sanitised (DOMPurify) before rendering. */
  html?: string;
  /** Confirm button text, default 确定 (spec §2). */
  confirmText?: string;
}

/**
 * The alert dialog of spec §2: a title, sanitised HTML content (scrollable, also by keyboard: scroll-region.ts; at most
 * 60 % of the screen height) and one confirm button (default 确定); a tap on the mask does not close it. Resolves when
 * confirmed.
 */
export function showAlert(options: AlertOptions): Promise<void> {
  return loadUi().then((m) => m.showAlertDialog(options));
}

/** A confirmation with 取消 / a confirm text (destructive or money-moving actions); resolves true when confirmed. */
export function confirm(title: string, content: string, confirmText = '确定', cancelText = '取消'): Promise<boolean> {
  return loadUi().then((m) => m.showConfirmDialog(title, content, confirmText, cancelText));
}
