import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import facilityList from '@/pages/site/siteInfo/facilityList/facility-list.module.css';
import qrcode from '@/pages/site/socket/qrcode/qrcode.module.css';

/**
 * Styles cannot collide (issue 7, item 7): screens and components style themselves with CSS Modules, whose class names
 * are local to their stylesheet. Global CSS is only src/app/styles.css (theme variables and resets); the lint rule
 * architecture/imports refuses any other (test/unit/tooling.test.ts).
 */

describe('two components using the same class name do not affect each other', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  /** A grid of `n` tiles with the class of one stylesheet, in the document. */
  const grid = (className: string | undefined, n: number) => {
    const element = document.createElement('div');
    element.className = className ?? '';
    for (let i = 0; i < n; i += 1) element.appendChild(document.createElement('a'));
    document.body.appendChild(element);
    return element;
  };

  it('the device list’s socket grid keeps five columns next to the QR page’s grid of two (both `.socketGrid`)', () => {
    // Both stylesheets are loaded (imported above, QR page last: as global CSS, its two columns won everywhere).
    expect(facilityList.socketGrid).toBeTruthy();
    expect(qrcode.socketGrid).toBeTruthy();
    expect(facilityList.socketGrid).not.toBe(qrcode.socketGrid);
    const sockets = grid(facilityList.socketGrid, 12);
    const codes = grid(qrcode.socketGrid, 12);
    expect(getComputedStyle(sockets).gridTemplateColumns).toBe('repeat(5, 1fr)');
    expect(getComputedStyle(codes).gridTemplateColumns).toBe('repeat(2, 1fr)');
  });
});

/** Every file under `dir` (recursively) whose name ends with `suffix`. */
function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(suffix))
    .map((name) => path.join(dir, name));
}

/** The local class names a CSS Module exports, as the app reads them (Rsbuild's default: camelCase). */
function exportedClasses(css: string): Set<string> {
  const names = new Set<string>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/:global\([^)]*\)/g, '');
  for (const [, selector] of text.matchAll(/([^{}]+)\{/g)) {
    if (selector?.trim().startsWith('@')) continue;
    for (const [, name] of selector?.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g) ?? []) {
      if (name) names.add(name.replace(/[-_]+(\w)/g, (_, c: string) => c.toUpperCase()));
    }
  }
  return names;
}

describe('the class names of the screens and their stylesheets match', () => {
  const src = path.resolve('src');
  const sources = [...filesUnder(src, '.tsx'), ...filesUnder(src, '.ts')].filter((f) => !/\.test\.tsx?$/.test(f));
  /** Each CSS Module with the classes its importers name. */
  const used = new Map<string, Set<string>>();
  const missing: string[] = [];
  for (const file of sources) {
    const code = readFileSync(file, 'utf8');
    for (const [, name, source] of code.matchAll(/^import (\w+) from '([^']+\.module\.css)';$/gm)) {
      if (!name || !source) continue;
      const sheet = source.startsWith('@/')
        ? path.join(src, source.slice(2))
        : path.resolve(path.dirname(file), source);
      const classes = exportedClasses(readFileSync(sheet, 'utf8'));
      const names = used.get(sheet) ?? new Set<string>();
      used.set(sheet, names);
      const body = code.replace(/^import .*$/gm, '');
      for (const [, key] of body.matchAll(new RegExp(`(?<![\\w.])${name}\\.(\\w+)`, 'g'))) {
        if (!key) continue;
        names.add(key);
        if (!classes.has(key)) missing.push(`${path.relative(src, file)}: ${name}.${key}`);
      }
    }
  }

  it('every class a file names exists in the stylesheet it imports (a typo would leave an element unstyled)', () => {
    expect(used.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('every class of a stylesheet is used by a file that imports it (no dead styles)', () => {
    const unused: string[] = [];
    for (const sheet of filesUnder(src, '.module.css')) {
      const names = used.get(sheet);
      if (!names) {
        unused.push(`${path.relative(src, sheet)} (imported by no file)`);
        continue;
      }
      for (const name of exportedClasses(readFileSync(sheet, 'utf8'))) {
        if (!names.has(name)) unused.push(`${path.relative(src, sheet)}: .${name}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('global CSS is only the shell’s stylesheet', () => {
    const global = filesUnder(src, '.css').filter((f) => !f.endsWith('.module.css'));
    expect(global.map((f) => path.relative(src, f))).toEqual([path.join('app', 'styles.css')]);
  });
});
