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
 *   gets the name 返回.
 * The route table's loaders call it before the first screen renders (src/app/routes.ts withAntdConfig); tests that
 * render these components may call it too.
 */
export function configureAntdMobile(): void {
  wireAntdMobileRender();
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
