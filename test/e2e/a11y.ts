import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer';

/**
 * The automatic accessibility check of the end-to-end suite (issue 15 item 4): every screen a test opens, in each
 * bundle, is checked once per test file with axe-core, and a serious or critical violation fails the test that was on
 * it. Nobody adds a line for a new screen: helpers.ts calls `checkScreen` before each tap (clickText, press,
 * answerDialog: the screen shows what the test waited for) and before a phone is closed, so every screen a test
 * interacts with or ends on is checked with its data.
 *
 * A screen is its path (without the query) in one bundle: `/site/siteInfo` in WeChat is checked the first time a test
 * of the file taps something on it. Pages of the sandbox that stand in for the platforms (`/__sandbox/…`: the
 * authorisation, signing and cashier pages) and the host emulators' overlays are not the app's screens and are left
 * out. The check waits until the page's finite animations have finished (a page sliding in or a dialog fading in has
 * a contrast it will not keep). Beside axe's rules, `layoutViolations` checks the inputs' font size and the page's width
 * (no sideways scrolling).
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a test (axe's scale: minor, moderate, serious, critical). */
const FAILING = new Set(['serious', 'critical']);

/** Each phone's bundle, and the screens already checked in this test file (module state: one file). */
const hosts = new WeakMap<Page, string>();
const checked = new Set<string>();

/** Registers a phone's page for the check (helpers.ts openPhone). `host` names its bundle in the report. */
export function watchScreens(page: Page, host: string): void {
  hosts.set(page, host);
}

/** One violation as the report prints it. */
interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}

/**
 * The project's own checks, beside axe's (issue 15 item 2), run in the page: inputs of at least 16 px (iOS zooms the
 * page into a smaller focused input) and a page no wider than the screen (no sideways scrolling: what does not fit
 * wraps). Reported as serious.
 */
function layoutViolations(): Violation[] {
  const found: Violation[] = [];
  const small = [...document.querySelectorAll<HTMLElement>('input, textarea, select')].filter((el) => {
    const type = el.getAttribute('type');
    if (type === 'checkbox' || type === 'radio' || type === 'hidden' || el.getClientRects().length === 0) return false;
    return parseFloat(getComputedStyle(el).fontSize) < 16;
  });
  if (small.length > 0)
    found.push({
      id: 'input-font-size',
      impact: 'serious',
      help: 'Inputs must use at least 16 px, or iOS zooms the page when one takes the focus',
      nodes: small.slice(0, 5).map((el) => ({
        target: [el.getAttribute('name') ? `[name="${el.getAttribute('name')}"]` : el.className || el.tagName],
        summary: `font-size ${getComputedStyle(el).fontSize}`,
      })),
    });
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.right > width + 1 && box.width > 0 && !el.closest('[class*="adm-swiper"], [class*="adm-tabs-header"]');
    });
    found.push({
      id: 'horizontal-overflow',
      impact: 'serious',
      help: `The page must not be wider than the screen (${document.documentElement.scrollWidth} px in ${width} px)`,
      nodes: wide
        .slice(0, 5)
        .map((el) => ({ target: [el.className || el.tagName], summary: el.innerText.slice(0, 40) })),
    });
  }
  return found;
}

/** One look at the screen: waits for its finite animations, then axe-core's rules and the layout checks. */
async function scan(page: Page): Promise<Violation[]> {
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
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations: Violation[] = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } };
    const result = await w.axe.run(
      // The emulators' overlays are not the app's; a toast fades in by script (not a Web Animation the wait above
      // sees) and is gone in two seconds: caught half-faded, its contrast is not the one it shows.
      { exclude: [['[id^="__emulator"]'], ['.adm-toast-mask']] },
      { resultTypes: ['violations'], iframes: false },
    );
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({
        target: (n as unknown as { target: string[] }).target,
        summary: ((n as unknown as { failureSummary?: string }).failureSummary ?? '').split('\n').slice(0, 3).join(' '),
      })),
    }));
  });
  violations.push(...(await page.evaluate(layoutViolations)));
  return violations;
}

/** A violation's identity across two looks: its rule and the elements it names. */
function violationKey(v: Violation): string {
  return `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(',')}`;
}

/**
 * Checks the screen `page` shows, if this bundle's screen at that path has not been checked yet in this file: throws
 * an Error listing every serious or critical violation (rule, help, elements) when there is one. A page that is gone
 * (closed, navigating) is skipped.
 */
export async function checkScreen(page: Page): Promise<void> {
  const host = hosts.get(page);
  if (!host || page.isClosed()) return;
  let pathname: string;
  try {
    pathname = new URL(page.url()).pathname;
  } catch {
    return;
  }
  if (!page.url().startsWith('http') || pathname.startsWith('/__sandbox')) return;
  const key = `${host} ${pathname}`;
  if (checked.has(key)) return;
  let violations: Violation[];
  try {
    violations = await scan(page);
    // A screen's state is what it keeps: what a script-driven transition (antd-mobile animates with react-spring, not
    // Web Animations the wait sees) showed for a moment is not a violation. What a second look 700 ms later still
    // finds is.
    if (violations.some((v) => v.impact !== null && FAILING.has(v.impact))) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      const again = new Set((await scan(page)).map(violationKey));
      violations = violations.filter((v) => again.has(violationKey(v)));
    }
  } catch (error) {
    // The page navigated or closed while it was checked: the next tap on the new screen checks that one.
    if (/context was destroyed|Target closed|Session closed|detached/i.test(String(error))) return;
    throw error;
  }
  checked.add(key);
  const failing = violations.filter((v) => v.impact !== null && FAILING.has(v.impact));
  if (failing.length === 0) return;
  const report = failing
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.summary}`).join('\n'),
    )
    .join('\n');
  throw new Error(`accessibility (axe-core) on ${pathname} in ${host}: ${failing.length} violation(s)\n${report}`);
}
