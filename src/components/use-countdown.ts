import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown for "resend code" buttons: `start(n)` counts down from n to 0, one per second; `left` is 0 when
 * idle. Lives in the component that owns it (survives tab switches inside a page, not reloads).
 */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(seconds), []);
  return { left, start };
}
