import { Button as AntdButton, type ButtonProps as AntdButtonProps, type ButtonRef } from 'antd-mobile';
import { isValidElement, type ReactNode, type Ref } from 'react';

/**
 * The app's button (issue 15 "Readable": every control keeps a name): antd-mobile's Button with the same props, except
 * that a busy button (`loading`, also `loading="auto"` while its onClick's promise runs) keeps saying what it does.
 * antd-mobile replaces a busy button's content by a spinner and its `loadingText`, which is empty unless a screen
 * writes one: the button then has no accessible name (axe button-name, critical) and a screen reader says only
 * "按钮". Here `loadingText` defaults to the button's own text (BusyButtonText), so every screen gets it without a line;
 * an explicit `loadingText` ("退款中") is kept. Every file of src/ imports Button from here (lint rule
 * architecture/project-button).
 */
export type ButtonProps = AntdButtonProps & { ref?: Ref<ButtonRef> };

/** What a busy button says when its content has no text (an icon, a picture): "处理中". */
export const BUSY_WORD = '处理中';

/**
 * The text of a button's content, as a screen reader would read it: strings and numbers, also inside arrays,
 * fragments and elements (`<><Icon />提交</>` → "提交"); '' when there is none.
 */
export function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/**
 * The text a busy button shows beside its spinner: the screen's own `loadingText`, else the button's text, else
 * BUSY_WORD; undefined for an icon button named by its aria-label, which keeps that name while busy (and a word
 * would not fit).
 */
export function busyButtonText(
  props: Pick<AntdButtonProps, 'loadingText' | 'children' | 'aria-label'>,
): string | undefined {
  if (props.loadingText) return props.loadingText;
  const text = textOf(props.children).replace(/\s+/g, ' ').trim();
  if (text) return text;
  return props['aria-label'] ? undefined : BUSY_WORD;
}

/** antd-mobile's Button whose busy state keeps a name (see the module docstring). */
export function Button({ ref, ...props }: ButtonProps) {
  return <AntdButton ref={ref} {...props} loadingText={busyButtonText(props)} />;
}
