import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders its imperative Toast and Dialog through a render function; with React 19 it must be given
 * createRoot (ARCHITECTURE.md "UI"). Called where antd-mobile's imperative components can first be used — the screens'
 * defaults (antd-config.tsx, loaded before every screen), the feedback chunk (feedback-ui.tsx) and the stop screen —
 * not at startup: antd-mobile's own default renderer it replaces weighs 2 kB of the startup bundle (issue 14). Tests that
 * show toasts or dialogs call it too. Calling it again changes nothing.
 */
export function wireAntdMobileRender(): void {
  unstableSetRender((node, container) => {
    const holder = container as (Element | DocumentFragment) & { __antdRoot?: Root };
    holder.__antdRoot ??= createRoot(container);
    const root = holder.__antdRoot;
    root.render(node);
    return async () => {
      await Promise.resolve();
      root.unmount();
      delete holder.__antdRoot;
    };
  });
}
