import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { sharedBrowser, sandboxUrl } from './helpers';

/**
 * Every HTML sink, every vector (issue 12 item 9), part 2: the corpus test/fixtures/xss-vectors.jsonl goes through the
 * app's sanitisers (src/lib/sanitize-html.ts, src/lib/safe-url.ts — the only way a sink of the app takes text from the
 * server, test/unit/xss-sinks.test.ts checks that in the code) in Chromium, into the DOM the way each sink uses it:
 * innerHTML, img src, a href, video poster, CSS background-image, window.open. Any alert, confirm, prompt or other
 * dialog, in the page or a frame, is a script that ran: none may. A control run without the sanitisers shows that
 * the vectors do run.
 */

const root = path.resolve(import.meta.dirname, '../..');
const VECTORS: string[] = readFileSync(path.join(root, 'test/fixtures/xss-vectors.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as string);

/** The sanitisers bundled for the browser as `window.__sinks`. */
async function sanitiserBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "export { sanitizeHtml } from './src/lib/sanitize-html';\nexport * from './src/lib/safe-url';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: '__sinks',
    write: false,
    target: 'chrome100',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('the XSS corpus through every sink in Chromium', () => {
  const baseUrl = sandboxUrl();
  const browser = sharedBrowser();

  it(`runs none of ${VECTORS.length} vectors; without the sanitisers they do run`, async () => {
    const context = await browser().createBrowserContext();
    const page = await context.newPage();
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      // a dialog still open when the page goes (the control's, below) has nothing left to dismiss
      dialog.dismiss().catch(() => undefined);
    });
    // Nothing leaves 127.0.0.1 (a vector's remote address must not load).
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') void request.continue();
      else void request.abort();
    });
    await page.goto(`${baseUrl}/__sandbox/health`);
    await page.setContent('<!doctype html><html><head><title>xss</title></head><body></body></html>');
    await page.addScriptTag({ content: await sanitiserBundle() });
    await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__ran = [] as string[];
      const record = (name: string) => (arg?: unknown) => (w.__ran as string[]).push(`${name}(${String(arg)})`);
      window.alert = record('alert');
      window.confirm = record('confirm') as unknown as typeof window.confirm;
      window.prompt = record('prompt') as unknown as typeof window.prompt;
      w.__opened = [] as string[];
      window.open = ((url?: string | URL) => {
        (w.__opened as string[]).push(String(url));
        return null;
      }) as typeof window.open;
    });

    const ran = await page.evaluate(async (vectors: string[]) => {
      const w = window as unknown as {
        __sinks: {
          sanitizeHtml(html: string): string;
          safeUrl(text: string): string;
          safeImageUrl(text: string): string;
          cssUrl(text: string): string;
          telHref(text: string): string;
        };
        __ran: string[];
        __opened: string[];
      };
      const sinks = w.__sinks;
      for (const vector of vectors) {
        const box = document.createElement('div');
        box.innerHTML = sinks.sanitizeHtml(vector); // dangerouslySetInnerHTML
        const img = document.createElement('img');
        const image = sinks.safeImageUrl(vector);
        if (image) img.src = image;
        const link = document.createElement('a');
        link.href = sinks.safeUrl(vector) || '#';
        link.textContent = 'x';
        const tel = document.createElement('a');
        tel.href = sinks.telHref(vector) || '#';
        const video = document.createElement('video');
        const poster = sinks.safeImageUrl(vector);
        if (poster) video.poster = poster;
        const shot = document.createElement('button');
        shot.style.backgroundImage = sinks.cssUrl(vector);
        box.append(img, link, tel, video, shot);
        document.body.append(box);
        const opened = sinks.safeUrl(vector);
        if (opened) window.open(opened, '_blank');
        // A link the user taps: only script URLs would run here, and none may be left.
        if (/^\s*(javascript|vbscript|data):/i.test(link.getAttribute('href') ?? '')) link.click();
      }
      // Handlers fire late (image errors, focus, animations, toggles): a sentinel that does run, appended after all of
      // them, has fired once the page has dealt with what came before it; then a moment more for the stragglers.
      await new Promise<void>((resolve) => {
        const sentinel = document.createElement('img');
        sentinel.addEventListener('error', () => resolve());
        sentinel.src = 'data:image/png;base64,broken';
        document.body.append(sentinel);
      });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { ran: w.__ran.slice(), opened: w.__opened.filter((u) => !/^https?:\/\//.test(u)) };
    }, VECTORS);
    expect(ran.ran).toEqual([]);
    expect(ran.opened).toEqual([]);
    expect(dialogs).toBe(0);
    expect(await page.$$eval('script', (s) => s.length)).toBe(1);

    // Control: the same vectors without the sanitisers run.
    const control = await page.evaluate(async (vectors: string[]) => {
      const w = window as unknown as { __ran: string[] };
      w.__ran.length = 0;
      for (const vector of vectors) {
        const box = document.createElement('div');
        box.innerHTML = vector;
        document.body.append(box);
      }
      // until more than 20 have run (the assertion below), or 20 s: a loaded machine runs them later, not fewer
      for (const deadline = Date.now() + 20_000; w.__ran.length <= 20 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const ran = w.__ran.length;
      // the vectors stop here: nothing of theirs (frames, timers, dialogs) runs on while the page closes
      document.body.replaceChildren();
      return ran;
    }, VECTORS);
    expect(control).toBeGreaterThan(20);
    await page.goto('about:blank');
    await context.close();
  });
});
