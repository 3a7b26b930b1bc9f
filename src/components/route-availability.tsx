import { createContext, useContext, type ReactNode } from 'react';
import { RowLink } from './links';

/**
 * Which app routes are built (the route table knows; the app provides it). Screens use it so that links to screens
 * not built yet are not shown or not tappable, as the foundation issue asks.
 */
export const RouteAvailabilityContext = createContext<(path: string) => boolean>(() => false);

/** A function telling whether a path (with or without query) leads to a built screen. */
export function useIsBuilt(): (path: string) => boolean {
  return useContext(RouteAvailabilityContext);
}

/**
 * Loads the screen of a path ahead of a tap, at once (the app provides it; nothing by default). Entry links call it
 * when pressed, focused or hovered, so that the screen they lead to loads while the finger is still down (issue 14).
 */
export const RoutePrefetchContext = createContext<(path: string) => void>(() => undefined);

/**
 * A link when `to` is built; otherwise plain content, not tappable (`unbuilt: 'plain'`, for a card that also shows
 * figures), or nothing at all (`unbuilt: 'hidden'`, for an element that is only an entry: a bell, a chevron row).
 * `className` applies in both cases; a built entry is a RowLink (a block, not underlined: src/components/links.tsx). Nothing that looks tappable is inert (issue 13 item 5). The screen it leads to
 * is loaded as soon as the user shows the intent to open it: pressed, focused or hovered (RoutePrefetchContext; the
 * tab bar's screens load when the app is idle, src/app/prefetch.ts). `label` is the link's accessible name, for an
 * entry whose content does not say where it leads by itself (an icon, a tile of figures; issue 15 item 3).
 */
export function EntryLink({
  to,
  className,
  testId,
  label,
  unbuilt = 'plain',
  children,
}: {
  /** An address made with href(). */
  to: string;
  className?: string;
  testId?: string;
  label?: string;
  unbuilt?: 'plain' | 'hidden';
  children: ReactNode;
}) {
  const isBuilt = useIsBuilt();
  const prefetch = useContext(RoutePrefetchContext);
  const built = isBuilt(to);
  if (!built)
    return unbuilt === 'hidden' ? null : (
      <div className={className} data-testid={testId}>
        {children}
      </div>
    );
  return (
    <RowLink
      to={to}
      className={className}
      data-testid={testId}
      aria-label={label}
      onPointerDown={() => prefetch(to)}
      onFocus={() => prefetch(to)}
      onMouseEnter={() => prefetch(to)}
    >
      {children}
    </RowLink>
  );
}
