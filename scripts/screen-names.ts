import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The route names of the lazy screen table `SCREENS` of src/app/screens.ts, in its order, read from its lines
 * (`  name: () => import('...'),`). The build and the unit tests define them as `__SCREEN_NAMES__`, so that the
 * startup code knows which routes are built without carrying the table (src/app/routes.ts). Throws when the file has
 * no such line (a changed layout must not silently hide every screen).
 */
export function screenNames(root: string = process.cwd()): string[] {
  const text = readFileSync(path.join(root, 'src/app/screens.ts'), 'utf8');
  const names = [...text.matchAll(/^ {2}(\w+): \(\) => import\(/gm)].map((match) => match[1] ?? '');
  if (names.length === 0) throw new Error('src/app/screens.ts: no `name: () => import(...)` line found');
  return names;
}
