import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyIntl, UPLOT_MODULE } from '../../scripts/lazy-intl';

/**
 * uPlot without Intl at load (scripts/lazy-intl.ts, issue 14 item 3): the build's edit of uPlot's module still applies
 * to the installed uPlot, the edited module makes no Intl format when it is evaluated, and still formats numbers when
 * asked.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const UPLOT = path.join(ROOT, 'node_modules/uplot/dist/uPlot.esm.js');

/** The Intl constructors this test counts, put back after each test. */
const ORIGINAL = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
afterEach(() => {
  Object.assign(Intl, ORIGINAL);
});

/** Counts the objects made with `new Intl[name](…)` from now on (the constructor still makes them). */
function countMade(name: keyof typeof ORIGINAL): { count: number } {
  const made = { count: 0 };
  Object.assign(Intl, {
    [name]: new Proxy(ORIGINAL[name], {
      construct(target, args: unknown[]) {
        made.count += 1;
        return Reflect.construct(target, args) as object;
      },
    }),
  });
  return made;
}

/**
 * Evaluates uPlot's module source (it imports nothing, exports uPlot at its end and one function in its middle) as a
 * function body, in this realm so that the counts of Intl see it, and returns uPlot.
 */
function evaluate(code: string): { fmtNum: (value: number) => string } {
  const EXPORT = 'export { uPlot as default };';
  expect(code.trimEnd().endsWith(EXPORT)).toBe(true);
  const body = code
    .trimEnd()
    .slice(0, -EXPORT.length)
    .replace(/^export function /gm, 'function ');
  return new Function(`${body}\nreturn uPlot;`)() as {
    fmtNum: (value: number) => string;
  };
}

describe('uPlot without Intl at load (scripts/lazy-intl.ts)', () => {
  it('edits the installed uPlot module, which the build resolves to', () => {
    expect(UPLOT_MODULE.test(UPLOT)).toBe(true);
    const code = readFileSync(UPLOT, 'utf8');
    const edited = lazyIntl(code);
    expect(edited).not.toBe(code);
    expect(edited).not.toMatch(/^const \w+ = new Intl\./m);
  });

  it('makes no number or date format when the module is evaluated, and one when a number is formatted', () => {
    const code = readFileSync(UPLOT, 'utf8');
    const numberFormat = countMade('NumberFormat');
    const dateFormat = countMade('DateTimeFormat');

    // As published, uPlot makes both at load (what the edit is for).
    evaluate(code);
    expect(numberFormat.count).toBe(1);
    expect(dateFormat.count).toBe(1);
    numberFormat.count = 0;
    dateFormat.count = 0;

    const uPlot = evaluate(lazyIntl(code));
    expect(numberFormat.count).toBe(0);
    expect(dateFormat.count).toBe(0);
    expect(uPlot.fmtNum(1234.5)).toBe('1,234.5');
    expect(uPlot.fmtNum(-7)).toBe('-7');
    expect(numberFormat.count).toBe(1);
  });

  it('fails the build when a text it replaces is missing or twice in the module', () => {
    const code = readFileSync(UPLOT, 'utf8');
    expect(() => lazyIntl(code.replace('const localTz', 'const theLocalTz'))).toThrow(/0 copies .*localTz/);
    const doubled = code.replace('\telse if (tz == localTz)', '\telse if (tz == localTz)\n\telse if (tz == localTz)');
    expect(() => lazyIntl(doubled)).toThrow(/2 copies/);
  });
});
