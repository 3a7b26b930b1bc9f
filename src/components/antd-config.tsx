import { setDefaultConfig } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { CloseCircleFill, LeftOutline } from 'antd-mobile-icons';
import { wireAntdMobileRender } from './antd-render';

/**
 * antd-mobile's defaults made accessible for every screen at once (issue 15 item 3), where its own markup falls short
 * of what screen readers need:
 * - an input's clear control is a `div` with an aria-label and no role, which the label is not allowed on: the label
 *   moves to the icon inside it, given the role of a button (the click still reaches the control's handler);
 * - the navigation bar's back control is a `role="button"` whose only text is hidden from screen readers: its icon
 *   gets the name 返回;
 * - an action sheet's choices are `role="option"` with no listbox around them (axe aria-required-parent, critical):
 *   nameActionSheets gives each sheet the role listbox and a name.
 * The route table's loaders call it before the first screen renders (src/app/routes.ts withAntdConfig); tests that
 * render these components may call it too.
 */
export function configureAntdMobile(): void {
  wireAntdMobileRender();
  nameActionSheets();
  setDefaultConfig({
    locale: { ...zhCN, Input: { ...zhCN.Input, clear: '' } },
    input: {
      clearIcon: (
        <span role="button" aria-label="清除内容">
          <CloseCircleFill aria-hidden />
        </span>
      ),
    },
    navBar: { backIcon: <LeftOutline role="img" aria-label="返回" /> },
  });
}

/** The name of an action sheet without a title (`extra`). */
export const ACTION_SHEET_NAME = '请选择';

let watchingSheets = false;

/**
 * Gives every antd-mobile ActionSheet (`.adm-action-sheet`, declarative or ActionSheet.show) the role listbox, which
 * its `role="option"` choices require, named by its title (`extra`, e.g. 选择物业) or ACTION_SHEET_NAME. antd-mobile
 * passes no role through its props, so the sheets are marked as they are added: a popup is portalled into <body> whole,
 * so only <body>'s own children are watched (a MutationObserver without subtree: no cost for the screens' updates).
 * Watches once, however often it is called.
 */
export function nameActionSheets(): void {
  if (watchingSheets || typeof MutationObserver === 'undefined') return;
  watchingSheets = true;
  const mark = (root: ParentNode) => {
    for (const sheet of root.querySelectorAll<HTMLElement>('.adm-action-sheet:not([role])')) {
      const title = sheet.querySelector('.adm-action-sheet-extra')?.textContent?.trim();
      sheet.setAttribute('role', 'listbox');
      sheet.setAttribute('aria-label', title || ACTION_SHEET_NAME);
    }
  };
  mark(document.body);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) mark(node);
    }
  }).observe(document.body, { childList: true });
}
