import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer';
import { LAYOUT_RULES, layoutFindings, type LayoutRule } from './layout';

/**
 * The automatic accessibility check of the end-to-end suite (issue 15 item 4): every screen a test opens, in each
 * bundle, is checked once per test file with axe-core, and a serious or critical violation fails the test that was on
 * it. Nobody adds a line for a new screen: helpers.ts calls `checkScreen` before each tap (clickText, press,
 * answerDialog: the screen shows what the test waited for) and before a phone is closed, so every screen a test
 * interacts with or ends on is checked with its data.
 *
 * A screen is its path (without the query) in one bundle, with the dialogs, popups and action sheets open on it:
 * `/site/siteInfo` in WeChat is checked the first time a test of the file taps something on it, and its 更多 sheet the
 * first time a test taps something while the sheet is open (overlaySignature: the sheet's kind and title). An overlay
 * on a path already checked is checked alone (axe's context is the overlay), so that a sheet costs one short look.
 * Pages of the sandbox that stand in for the platforms (`/__sandbox/…`: the authorisation, signing and cashier pages)
 * and the host emulators' overlays are not the app's screens and are left out. The check waits until the page's finite
 * animations have finished (a page sliding in or a dialog fading in has a contrast it will not keep). Beside axe's
 * rules, a rule of the project's (`generic-control-name`) refuses a control named only by antd-mobile's generic "开关",
 * and the layout check (layout.ts) looks at what is drawn: its rules in ENFORCED_LAYOUT_RULES fail a test as axe's do.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a test (axe's scale: minor, moderate, serious, critical). */
const FAILING = new Set(['serious', 'critical']);

/** Each phone's bundle, and the screens already checked in this test file (module state: one file). */
const hosts = new WeakMap<Page, string>();
const checked = new Set<string>();

/**
 * The roots of antd-mobile's overlays: Popup (sheets, ActionSheet, Picker) and CenterPopup (Dialog, Modal). A closed
 * one stays in the DOM without a box (display: none); one that is closing no longer takes taps (pointer-events: none).
 */
const OVERLAY_ROOTS = '.adm-popup-body, .adm-center-popup-body';

/** The layout rules a page's looks leave out (leaveOut). */
const leftOut = new WeakMap<Page, readonly LayoutRule[]>();

/**
 * Leaves layout rules out of every later look at `page`, its taps' own included: text enlarged to 200 %
 * (a11y-zoom.test.ts) reflows, so a label of four characters on two lines there is the reflow working, not a broken
 * word.
 */
export function leaveOut(page: Page, rules: readonly LayoutRule[]): void {
  leftOut.set(page, rules);
}

/** Registers a phone's page for the check (helpers.ts openPhone). `host` names its bundle in the report. */
export function watchScreens(page: Page, host: string): void {
  hosts.set(page, host);
}

/** One violation as the report prints it. */
export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

/**
 * The rules of the layout check (layout.ts) that fail a test: every rule today (issue 30 item 2). A rule added to
 * layout.ts starts outside this list, reported by a LAYOUT_REPORT run, until the screens it finds are mended.
 */
export const ENFORCED_LAYOUT_RULES: readonly LayoutRule[] = [
  'input-font-size',
  'placeholder-contrast',
  'horizontal-overflow',
  'link-underline',
  'target-size',
  'narrow-control',
  'broken-word',
  'clipped-text',
  'raw-value',
];

/**
 * The overlays open on the screen as one signature, '' when none (run in the page; `roots` is OVERLAY_ROOTS): for each
 * shown one its kind (antd-mobile's classes of the overlay: adm-dialog, adm-action-sheet-popup, adm-picker-popup …)
 * and its title, or without one the start of its text; digits are masked, so that a sheet showing other figures is the
 * same sheet.
 */
function overlaySignature(roots: string): string {
  const GENERIC = /^adm-(popup|center-popup|mask)(-|$)/;
  return [...document.querySelectorAll<HTMLElement>(roots)]
    .filter(
      (el) =>
        el.getClientRects().length > 0 &&
        getComputedStyle(el).pointerEvents !== 'none' &&
        !el.closest('[id^="__emulator"]'),
    )
    .map((el) => {
      const outer = el.closest('.adm-popup, .adm-center-popup') ?? el;
      const kind = [...outer.classList, ...el.classList]
        .filter((c) => c.startsWith('adm-') && !GENERIC.test(c))
        .join('.');
      const title = el.querySelector(
        '.adm-dialog-title, .adm-modal-title, .adm-picker-header-title, .adm-action-sheet-extra, h1, h2, h3, h4, [role="heading"]',
      );
      const text = (title?.textContent ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 24);
      return `${kind}:${text.replace(/\d+/g, '#')}`;
    })
    .join(' + ');
}

/**
 * The project's rule beside axe's (issue 15 item 3), configured into axe-core in the page once it is injected: a switch,
 * checkbox, radio or button whose accessible name is a generic word says nothing of what it controls. antd-mobile's
 * Switch names itself "开关" (its locale) unless the screen names it; a screen reader then reads "开关" for each.
 * The name is axe's own computation (aria-labelledby, aria-label, content, title).
 */
function configureProjectRules(): void {
  type VirtualNode = unknown;
  const w = window as unknown as {
    axe: {
      configure: (spec: unknown) => void;
      commons: { text: { accessibleTextVirtual: (v: VirtualNode) => string } };
    };
  };
  const GENERIC_NAMES = new Set(['开关']);
  w.axe.configure({
    checks: [
      {
        id: 'generic-control-name',
        evaluate: (_node: Element, _options: unknown, virtualNode: VirtualNode) =>
          GENERIC_NAMES.has(w.axe.commons.text.accessibleTextVirtual(virtualNode).trim()),
        metadata: {
          impact: 'serious',
          messages: {
            pass: 'The control has a name of its own',
            fail: 'The control is named only by a generic word ("开关"): name it by what it switches',
          },
        },
      },
    ],
    rules: [
      {
        id: 'generic-control-name',
        selector:
          '[role="switch"], [role="checkbox"], [role="radio"], [role="button"], [role="menuitemcheckbox"], button, ' +
          'input[type="checkbox"], input[type="radio"]',
        none: ['generic-control-name'],
        impact: 'serious',
        tags: ['project'],
        metadata: {
          description: 'Switches, checkboxes and buttons have a name that says what they control',
          help: 'A control must not be named only by a generic word such as antd-mobile’s "开关"',
          helpUrl: 'https://www.w3.org/WAI/WCAG21/Understanding/name-role-value.html',
        },
      },
    ],
  });
}

/**
 * LAYOUT_REPORT=FILE (a run of the suite to see what enforcing more layout rules would find): every rule of the layout
 * check runs, and the findings of those not enforced are appended to FILE, one JSON object a line, instead of failing.
 */
const REPORT_FILE = process.env.LAYOUT_REPORT ?? '';

const isLayoutRule = (id: string): id is LayoutRule => (LAYOUT_RULES as readonly string[]).includes(id);

/**
 * One look at the screen: waits for its finite animations, then axe-core's rules and the layout checks. `scope`
 * 'overlays' limits axe to the open overlays (their page was checked before).
 */
async function scan(
  page: Pick<Page, 'evaluate'>,
  scope: 'page' | 'overlays',
  except: readonly LayoutRule[],
): Promise<Violation[]> {
  // Finite animations only: a skeleton's shimmer or a spinner never finishes.
  await page.evaluate(async () => {
    const moving = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? 0));
    await Promise.race([
      Promise.all(moving.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy (no eval) does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(axeSource);
    await page.evaluate(configureProjectRules);
  }
  const violations: Violation[] = await page.evaluate(
    async (roots: string | null) => {
      const w = window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } };
      // The emulators' overlays are not the app's; a toast fades in by script (not a Web Animation the wait above
      // sees) and is gone in two seconds: caught half-faded, its contrast is not the one it shows.
      const exclude = [['[id^="__emulator"]'], ['.adm-toast-mask']];
      const include = roots
        ? [...document.querySelectorAll<HTMLElement>(roots)].filter((el) => el.getClientRects().length > 0)
        : null;
      const result = await w.axe.run(include && include.length > 0 ? { include, exclude } : { exclude }, {
        resultTypes: ['violations'],
        iframes: false,
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({
          target: (n as unknown as { target: string[] }).target,
          summary: ((n as unknown as { failureSummary?: string }).failureSummary ?? '')
            .split('\n')
            .slice(0, 3)
            .join(' '),
        })),
      }));
    },
    scope === 'overlays' ? OVERLAY_ROOTS : null,
  );
  const rules = (REPORT_FILE ? LAYOUT_RULES : ENFORCED_LAYOUT_RULES).filter((rule) => !except.includes(rule));
  violations.push(...(await page.evaluate(layoutFindings, rules)));
  return violations;
}

/**
 * Waits until the page is still: no loading indicator (加载中) and no change to its DOM (nodes, text, attributes: a
 * react-spring transition writes inline styles every frame) through 8 looks in a row, 50 ms apart. A state, not a
 * duration: on a busy machine the looks come later and the transition takes as long as it takes; 15 s at most.
 */
async function waitForStill(page: Pick<Page, 'evaluate'>): Promise<void> {
  await page.evaluate(
    (mask: string) =>
      new Promise<void>((resolve) => {
        let changed = false;
        const observer = new MutationObserver(() => {
          changed = true;
        });
        observer.observe(document.documentElement, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        const deadline = Date.now() + 15_000;
        let quiet = 0;
        const look = () => {
          quiet = changed || document.querySelector(mask) ? 0 : quiet + 1;
          changed = false;
          if (quiet >= 8 || Date.now() > deadline) {
            observer.disconnect();
            resolve();
          } else setTimeout(look, 50);
        };
        setTimeout(look, 50);
      }),
    '.app-loading-mask',
  );
}

/** A violation's identity across two looks: its rule and the elements it names. */
function violationKey(v: Violation): string {
  return `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(',')}`;
}

/**
 * The violations a screen keeps: what a script-driven transition (antd-mobile animates with react-spring, not Web
 * Animations the wait sees) or a call still in flight showed for a moment is not a violation. What a second look finds
 * once the page has been still (waitForStill) is; the looks go on while each finds less than the last.
 */
async function lookAgain(
  page: Pick<Page, 'evaluate'>,
  scope: 'page' | 'overlays',
  except: readonly LayoutRule[],
): Promise<Violation[]> {
  let violations = await scan(page, scope, except);
  for (let look = 0; look < 3 && violations.some((v) => v.impact !== null && FAILING.has(v.impact)); look += 1) {
    await waitForStill(page);
    const again = new Set((await scan(page, scope, except)).map(violationKey));
    const kept = violations.filter((v) => again.has(violationKey(v)));
    if (kept.length === violations.length) break;
    violations = kept;
  }
  return violations;
}

/**
 * What the check finds on the screen `page` shows now, whole, as data (the QA kit, scripts/qa.ts): axe-core's serious
 * and critical violations and the enforced layout rules' findings, each kept through a second look. Unlike
 * checkScreen, it looks every time it is asked, and throws only when the page is gone.
 */
export async function screenViolations(page: Pick<Page, 'evaluate'>): Promise<Violation[]> {
  const violations = await lookAgain(page, 'page', []);
  return violations.filter((v) => v.impact !== null && FAILING.has(v.impact));
}

/**
 * Checks the screen `page` shows, if this bundle's screen at that path with the overlays now open (overlaySignature)
 * has not been checked yet in this file: throws an Error listing every serious or critical violation (rule, help,
 * elements) when there is one. A page that is gone (closed, navigating) is skipped. `who` names the account when the
 * same path shows another account's screen (walk-checks.ts: each role's hubs), so that it is checked as a screen of its own.
 */
export async function checkScreen(page: Page, who = ''): Promise<void> {
  const except = leftOut.get(page) ?? [];
  const host = hosts.get(page);
  if (!host || page.isClosed()) return;
  let pathname: string;
  try {
    pathname = new URL(page.url()).pathname;
  } catch {
    return;
  }
  if (!page.url().startsWith('http') || pathname.startsWith('/__sandbox')) return;
  const screen = `${host}${who ? ` ${who}` : ''} ${pathname}`;
  let key = screen;
  let scope: 'page' | 'overlays' = 'page';
  let violations: Violation[];
  try {
    const overlays = await page.evaluate(overlaySignature, OVERLAY_ROOTS);
    if (overlays) {
      key = `${screen} | ${overlays}`;
      if (checked.has(screen)) scope = 'overlays';
    }
    if (checked.has(key)) return;
    violations = await lookAgain(page, scope, except);
  } catch (error) {
    // The page navigated or closed while it was checked: the next tap on the new screen checks that one.
    if (/context was destroyed|Target closed|Session closed|detached/i.test(String(error))) return;
    throw error;
  }
  checked.add(key);
  // A whole-page look checked the page too, whatever was open on it.
  if (scope === 'page') checked.add(screen);
  if (REPORT_FILE) {
    const reported = violations.filter((v) => isLayoutRule(v.id) && !ENFORCED_LAYOUT_RULES.includes(v.id));
    for (const v of reported) appendFileSync(REPORT_FILE, `${JSON.stringify({ host, screen: key, ...v })}\n`);
    violations = violations.filter((v) => !reported.includes(v));
  }
  const failing = violations.filter((v) => v.impact !== null && FAILING.has(v.impact));
  if (failing.length === 0) return;
  const report = failing
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.summary}`).join('\n'),
    )
    .join('\n');
  const where = key === screen ? pathname : `${pathname} (${key.slice(screen.length + 3)})`;
  throw new Error(`accessibility (axe-core) on ${where} in ${host}: ${failing.length} violation(s)\n${report}`);
}
