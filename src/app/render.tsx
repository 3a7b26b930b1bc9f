import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { RouteAvailabilityContext, RoutePrefetchContext } from '@/components/route-availability';
import { StoreContext, type RootStore } from '@/stores/root';
import { prefetchOnIntent } from './prefetch';
import { createAppRouter } from './router';
import { isBuilt } from './routes';

/**
 * The last step of startup (src/app/boot.tsx): the router and the shell, evaluated in a task of their own when boot
 * imports this file (eagerly: in the startup chunk, evaluated when imported); then `render` in the next.
 */

/**
 * The router (the login gate reads the session), then, in a task of its own, the first render, as a transition: React
 * renders in slices.
 */
export function render(root: RootStore, container: HTMLElement): void {
  const router = createAppRouter(root);
  // The first render in a later task: creating the router matches the first address and starts its loaders.
  setTimeout(() => {
    const reactRoot = createRoot(container);
    startTransition(() =>
      reactRoot.render(
        <StoreContext.Provider value={root}>
          <RouteAvailabilityContext.Provider value={isBuilt}>
            <RoutePrefetchContext.Provider value={prefetchOnIntent}>
              <RouterProvider router={router} />
            </RoutePrefetchContext.Provider>
          </RouteAvailabilityContext.Provider>
        </StoreContext.Provider>,
      ),
    );
  });
}
