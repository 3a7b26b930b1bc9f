import type { Page } from 'puppeteer';
import { describe, expect, it } from 'vitest';
import { openDemoPhone, sharedBrowser, waitForPath, type Host, sandboxUrl } from './helpers';

/**
 * Nothing that looks tappable is inert (issue 13 item 5): on the hub screens (HUBS), every visible element that looks
 * tappable — a link, a button, an element with a pointer cursor, a chevron or a badge — does something when tapped:
 * the route changes, or a sheet, dialog, popup or toast opens, or what the screen shows changes. Entries to screens
 * not built yet are hidden, so they are not found here; when those screens land, their entries light up and join this
 * test by themselves. Repeated rows of a list (site cards) are tapped once, by their first row.
 *
 * Read-only: the taps only open screens and sheets (each is closed by going back or reopening the hub).
 */

/** The hubs, as the tab bar opens them. */
const HUBS = ['/home', '/site', '/income', '/mine'] as const;

/** How long one hub's taps may take before the test stops and says where it was (quiet machine: 8–45 s). */
const BUDGET_MS = 270_000;

/** What a tap can open over the screen. */
const OVERLAYS = '.adm-mask, .adm-popup-body, .adm-center-popup-body, .adm-image-viewer-content';

/** An expression counting the overlays shown (evaluated in the page). */
const COUNT_OVERLAYS = `[...document.querySelectorAll(${JSON.stringify(OVERLAYS)})].filter((el) => el.getBoundingClientRect().height > 0 && getComputedStyle(el).display !== 'none').length`;

/** A description of each element on the screen that looks tappable, in document order (see the module docstring). */
function tappables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('#root') ?? document.body;
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    /** The element a user taps for a chevron or a badge: the nearest tappable ancestor, else the badge's holder. */
    const holder = (el: Element) =>
      el.closest('a[href], button, [role="button"], [role="tab"]') ?? el.parentElement?.parentElement ?? el;
    const found = new Set<Element>();
    for (const el of root.querySelectorAll('a[href], button, [role="button"]')) found.add(el);
    for (const el of root.querySelectorAll('*')) if (getComputedStyle(el).cursor === 'pointer') found.add(el);
    for (const el of root.querySelectorAll('svg:has(g[id="RightOutline-RightOutline"])')) found.add(holder(el));
    for (const el of root.querySelectorAll('.adm-badge-content, .adm-badge-dot')) found.add(holder(el));
    const kept = [...found].filter(
      (el) =>
        visible(el) &&
        // the tab bar has its own tests; only the first row of a list stands for its rows
        !el.closest('.adm-tab-bar') &&
        // the option already chosen of a segment or tab set does nothing, by design
        !el.matches('[aria-selected="true"], [aria-pressed="true"], [aria-checked="true"]') &&
        !el.closest('[data-index]:not([data-index="0"])') &&
        // an element inside another candidate is the same tap
        ![...found].some((other) => other !== el && other.contains(el) && visible(other)),
    );
    kept.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    return kept.map((el, index) => {
      el.setAttribute('data-tap-probe', String(index));
      const text = (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()} "${text || el.getAttribute('aria-label') || el.className}"`;
    });
  });
}

/** Opens `hub` afresh and waits until its figures have come. */
async function openHub(page: Page, baseUrl: string, hub: string): Promise<void> {
  await page.goto(`${baseUrl}${hub}`);
  await waitForPath(page, hub, 20_000);
  // The hub's screen is drawn (its lazy chunk loaded: a busy machine took over 400 ms with nothing on the page).
  await page.waitForSelector('#root main a[href], #root main button', { visible: true, timeout: 20_000 });
  await settled(page);
}

/** The loading indicator's mask (加载中), which takes every tap while a call that shows it is in flight. */
const LOADING_MASK = '.app-loading-mask';

/** A screen still loading: the mask, or the skeleton rows of a list or a block whose call has not answered. */
const LOADING = `${LOADING_MASK}, .adm-skeleton`;

/**
 * Waits until what the screen shows has stopped changing for 400 ms (its calls have answered), 8 s at most, and
 * longer (20 s at most) while the loading indicator covers the screen or a skeleton stands for what is to come: a slow
 * sandbox on a busy machine is not an inert element.
 */
async function settled(page: Page): Promise<void> {
  const start = Date.now();
  let last = '';
  let since = Date.now();
  for (;;) {
    const now = await page.evaluate(
      (mask) =>
        // only a loading sign a user sees counts (one inside a hidden block stands for nothing on screen)
        `${[...document.querySelectorAll(mask)].some((el) => el.getBoundingClientRect().height > 0) ? 'loading' : ''}|${document.body.innerHTML.length}|${document.body.innerText ?? ''}`,
      LOADING,
    );
    const loading = now.startsWith('loading');
    if (Date.now() - start >= (loading ? 20_000 : 8000)) return;
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= 400 && !loading) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the screen shows, for telling whether a tap changed it: its text and which options are chosen. */
function shown(): string {
  const root = document.querySelector('#root') as HTMLElement | null;
  const chosen = [...document.querySelectorAll('[aria-selected="true"], [aria-pressed="true"], [aria-checked="true"]')];
  const toasts = [...document.querySelectorAll('.adm-toast-main')].map((el) => el.textContent);
  return `${root?.innerText ?? ''}|${chosen.map((el) => el.textContent).join('|')}|${toasts.join('|')}`;
}

/**
 * Taps the element marked `index` and tells what changed: 'route', 'overlay' (a sheet, dialog or viewer), 'content'
 * (text, a chosen option or a toast) or '' (nothing); 'untappable' when the browser cannot tap it.
 */
async function tapAndSee(page: Page, index: number): Promise<string> {
  // The hub may have drawn its elements anew since they were marked (its data refreshed after the way back), or still
  // be loading them: once what it shows has settled, mark them again, in the same order (5 times at most).
  for (let i = 0; i < 5 && !(await page.$(`[data-tap-probe="${index}"]`)); i += 1) {
    await tappables(page);
    if (!(await page.$(`[data-tap-probe="${index}"]`))) await settled(page);
  }
  const look = () =>
    page.evaluate(`({ href: location.href, text: (${shown.toString()})(), overlays: ${COUNT_OVERLAYS} })`) as Promise<{
      href: string;
      text: string;
      overlays: number;
    }>;
  // A user waits for 加载中 to go before tapping; so does this test (20 s at most).
  for (let i = 0; i < 200 && (await page.$(LOADING_MASK)); i += 1) await new Promise((r) => setTimeout(r, 100));
  let before = await look();
  // An element the browser cannot tap (covered by another, or out of the viewport) is not one a user can tap either.
  // The hub may also draw the element anew between marking and tapping (its figures' answer arriving): then, once it
  // has settled, it is marked again and tapped again, up to 5 times.
  let tapped: boolean | undefined;
  for (let attempt = 0; tapped === undefined; attempt += 1) {
    tapped = await page
      .$eval(`[data-tap-probe="${index}"]`, (el) => el.scrollIntoView({ block: 'center' }))
      .then(() => page.tap(`[data-tap-probe="${index}"]`))
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof Error && /not clickable/.test(error.message)) return false;
          const redrawn =
            error instanceof Error && /No element found|failed to find element|detached/i.test(error.message);
          if (!redrawn || attempt >= 4) throw error;
          return undefined;
        },
      );
    if (tapped === undefined) {
      await settled(page);
      await tappables(page);
      before = await look();
    }
  }
  if (!tapped) return 'untappable';
  // What the tap does is waited for, not a fixed time: it ends the wait as soon as it shows. The deadline only bounds
  // an element that does nothing (a failure); a lazy chunk and its call took over 4 s on a machine running another
  // test run beside this one.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const now = await look();
    if (now.href !== before.href) return 'route';
    if (now.overlays > before.overlays) return 'overlay';
    if (now.text !== before.text) return 'content';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return '';
}

describe.each<Host>(['wechat', 'alipay'])('%s bundle: every tappable element of the hubs does something', (host) => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it.each(HUBS)(
    '%s',
    async (hub) => {
      const { page, context } = await openDemoPhone(browser(), baseUrl, host);
      // What each tap did and when, in seconds from the start: said when the test fails, so that a slow or stuck tap
      // is named (CI once timed out on /home with nothing to tell which tap).
      const start = Date.now();
      const trail: string[] = [];
      const log = (what: string) => trail.push(`${((Date.now() - start) / 1000).toFixed(1)} s ${what}`);
      try {
        await openHub(page, baseUrl, hub);
        const all = await tappables(page);
        log(`${hub} drawn, ${all.length} to tap`);
        expect(all.length).toBeGreaterThan(0);
        const inert: string[] = [];
        for (let index = 0; index < all.length; index += 1) {
          if (Date.now() - start > BUDGET_MS)
            throw new Error(`over ${BUDGET_MS / 1000} s after ${index} of ${all.length} taps:\n${trail.join('\n')}`);
          const change = await tapAndSee(page, index);
          log(`#${index} ${all[index] ?? ''} → ${change || 'nothing'}`);
          if (change === '') inert.push(all[index] ?? String(index));
          if (change === '' || change === 'untappable' || index === all.length - 1) continue;
          // Back to the hub: the way back from a screen; the hub opened afresh after a sheet or dialog; nothing after
          // a change in place (a chosen option, a toast).
          if (change === 'route') {
            // A screen that went on to another (a redirect, a second step) is left for the hub opened afresh.
            const back = await page
              .goBack()
              .then(() => waitForPath(page, hub, 15_000))
              .then(
                () => true,
                () => false,
              );
            if (back) await settled(page);
            else await openHub(page, baseUrl, hub);
          }
          const marked = () => page.$(`[data-tap-probe="${index + 1}"]`).then((el) => el !== null);
          // The hub rendered anew after the way back: the same elements in the same order, marked again.
          if (change === 'route' && !(await marked())) await tappables(page);
          if (change === 'overlay' || !(await marked())) {
            await openHub(page, baseUrl, hub);
            await tappables(page);
          }
          log(`#${index} back on ${hub}`);
        }
        expect(inert, `inert on ${hub} (of ${all.length}: ${all.join(', ')})\n${trail.join('\n')}`).toEqual([]);
      } catch (error) {
        if (error instanceof Error && !error.message.includes(trail[0] ?? '\0'))
          error.message += `\nwhat was tapped:\n${trail.join('\n')}`;
        throw error;
      } finally {
        await context.close();
      }
    },
    // 27 taps and ways back on a busy machine; the test's own bound (BUDGET_MS) comes first, to tell where it was
    BUDGET_MS + 60_000,
  );
});
