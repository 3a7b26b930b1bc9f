import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_TABLE } from '../src/config/routes';

/** A table line `  name: () => import('...'),`. */
const SCREEN_LINE = /^ {2}(\w+): \(\) => import\(/gm;

/** The route names of a table's `  name: () => import('...'),` lines in `file`, in order. */
function tableNames(root: string, file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(SCREEN_LINE)].map((match) => match[1] ?? '');
}

/**
 * The route names of the lazy screen table `SCREENS` of src/app/screens.ts, in its order, read from its lines
 * (`  name: () => import('...'),`). Throws when the file has no such line (a changed layout must not silently hide
 * every screen).
 */
export function screenNames(root: string = process.cwd()): string[] {
  const names = tableNames(root, 'src/app/screens.ts');
  if (names.length === 0) throw new Error('src/app/screens.ts: no `name: () => import(...)` line found');
  return names;
}

/**
 * The routes of the route table (src/config/routes.ts) that have no screen: neither a line of src/app/screens.ts nor
 * a hub of src/app/routes.ts (HUB_SCREENS, same line layout). The build and the tests define them as
 * `__UNBUILT_ROUTES__`, so that the startup code knows which routes are built without carrying the screens' table —
 * and carries fewer names as screens are built (issue 14: the startup budget).
 */
export function unbuiltRoutes(root: string = process.cwd()): string[] {
  const hubs = tableNames(root, 'src/app/routes.ts');
  if (hubs.length === 0) throw new Error('src/app/routes.ts: no hub line `name: () => import(...)` found');
  const built = new Set([...screenNames(root), ...hubs]);
  return Object.keys(ROUTE_TABLE).filter((name) => !built.has(name));
}
