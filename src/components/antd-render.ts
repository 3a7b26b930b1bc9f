import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders its imperative Toast and Dialog through a render function; with React 19 it must be given
 * createRoot (ARCHITECTURE.md "UI"). Boot calls this once; tests that show toasts or dialogs call it too.
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
