import { useRef } from 'react';
import { useNavigate } from 'react-router';

/**
 * "Back" after a screen of the site section did its job (the add-site form's cost page, map and property list; the
 * profile's settings pages after 保存): the previous entry of the app's history when there is one, else (a deep link, a
 * reload on a fresh tab) a replace to `fallback`, so that the user never leaves the app by going back. Only the first
 * call of a screen goes back: a double tap on 确定 or on a row must not go back twice.
 * @returns a function taking the fallback path
 */
export function useGoBack(): (fallback: string) => void {
  const navigate = useNavigate();
  const done = useRef(false);
  return (fallback) => {
    if (done.current) return;
    done.current = true;
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}
