import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { parseQuery, type QueryOf, type RouteName } from '@/config/routes';
import { toast } from './feedback';

/**
 * Reading a screen's route parameters: the one way a screen reads its query, typed by the route table's declarations
 * (src/config/routes.ts), and leaving a screen whose required parameter is missing (B-site.md "Global behaviour":
 * toast, then back to the section's hub).
 */

/**
 * The screen's query as its route declares it (siteId a positive integer, month 'YYYY-MM' …): null when a required
 * value is missing or malformed. The object keeps its identity while the query is unchanged (safe as an effect dep).
 * @param name the screen's route (its declaration decides names and kinds)
 */
export function useRouteQuery<N extends RouteName>(name: N): QueryOf<N> | null {
  const [params] = useSearchParams();
  return useMemo(() => parseQuery(name, params), [name, params]);
}

/** A path parameter of the current route (`:id`), as text, or null when absent. */
export function usePathParam(name: string): string | null {
  return useParams()[name] ?? null;
}

/**
 * Leaves the screen for `fallback` (replace) when `missing` — a required query was absent or the server refused what
 * it names (its message was toasted by the request layer; `message` is toasted here only for a missing query). Runs
 * once per screen.
 * @param fallback an address made with href()
 */
export function useLeaveWhen(missing: boolean, fallback: string, message?: string): void {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (!missing || done.current) return;
    done.current = true;
    if (message) toast(message);
    void navigate(fallback, { replace: true });
  }, [missing, fallback, message, navigate]);
}
