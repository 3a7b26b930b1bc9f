/**
 * npm run bench:trace: what runs in each long task at startup (issue 14 item 2). Builds the sandbox bundles with
 * source maps into a folder of its own, logs the demo operator in (both bundles unless --host=), then loads each hub
 * route cold with a Chromium trace (devtools timeline + the V8 sampling profiler) and prints, for every main-thread
 * task over 50 ms and the total blocking time (the sum of each task's part over 50 ms):
 * - the kinds of work in it (script evaluation, compile, style, layout, paint, garbage collection);
 * - where the JavaScript time went, by original source (through the source maps): the nearest app module on the
 *   stack (src/…, platform/…), the library the time was spent in (react-dom, mobx, antd-mobile …), the heaviest app
 *   functions (self + callees) and the heaviest functions of any code by self time.
 * A task's length is 4 × its CPU time in an unthrottled run (the trace's thread time), as Lighthouse's simulated
 * throttling multiplies what it observes; CPU time hardly changes when other processes load the machine, so traces of
 * a busy machine still compare. `--throttle` uses Chromium's 4x CPU throttling and wall time instead.
 * The trace of each route is written to bench-results/trace-<host>-<route>.json (open it in Chromium's Performance
 * panel).
 * Usage: npm run bench:trace [-- --host=wechat --route=/home --route=/site --no-build --dist=<build> --top=8
 *        --runs=N --summary --throttle]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { authorizeAndBindByPassword, launchBrowser, openPhone, type Host } from '../test/e2e/helpers';
import { startSandbox } from './sandbox-process';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => args.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.split('=')[1] ?? '');
const hosts = (option('host').length ? option('host') : ['wechat', 'alipay']) as Host[];
const routes = option('route').length ? option('route') : ['/home', '/site', '/income', '/mine'];
const top = Number(option('top')[0] ?? 8);
/**
 * Without --throttle the page runs at full speed and each task's CPU time (the trace's thread time, which other
 * processes on a busy machine barely change) is multiplied by 4, as Lighthouse's simulated throttling does with the
 * tasks it observes: a task "over 50 ms" is one whose 4 × CPU time is. With --throttle: Chromium's 4x CPU throttling and
 * wall time (what the bench's tap figures use).
 */
const throttle = args.includes('--throttle');
const SLOWDOWN = 4;
const runs = Number(option('runs')[0] ?? 1);
/** --dist=<folder>: trace a build made elsewhere (with SOURCE_MAP=1), e.g. another commit's, instead of building. */
const givenDist = option('dist')[0];
const dist = givenDist ? path.resolve(givenDist) : path.join(tmpdir(), 'ops-trace-dist');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
  id?: string;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
}

/** Source maps of the built files, by the URL path the browser loads them at (/wechat/static/js/…). */
function loadSourceMaps(): Map<string, { map: SourceMap; dir: string }> {
  const maps = new Map<string, { map: SourceMap; dir: string }>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  for (const bundle of ['wechat', 'alipay']) {
    const folder = path.join(dist, bundle);
    if (!existsSync(folder)) continue;
    for (const file of walk(folder).filter((f) => f.endsWith('.js.map'))) {
      const urlPath = `/${bundle}/${path.relative(folder, file).slice(0, -'.map'.length)}`;
      maps.set(urlPath, {
        map: new SourceMap(JSON.parse(readFileSync(file, 'utf8')) as never),
        dir: path.dirname(file),
      });
    }
  }
  return maps;
}

/** The original source of a frame: `src/app/boot.tsx`, `node_modules/react-dom/…`, or the URL's file. */
function originalOf(
  maps: Map<string, { map: SourceMap; dir: string }>,
  frame: CallFrame,
): { file: string; name: string } {
  if (!frame.url) return { file: frame.functionName ? `(${frame.functionName})` : '(native)', name: '' };
  let urlPath = frame.url;
  try {
    urlPath = new URL(frame.url).pathname;
  } catch {
    /* not a URL */
  }
  const found = maps.get(urlPath);
  const entry = found?.map.findEntry(frame.lineNumber, frame.columnNumber) as
    { originalSource?: string; name?: string } | undefined;
  const source = entry?.originalSource;
  if (!source) return { file: urlPath, name: frame.functionName };
  if (source.startsWith('webpack://')) return { file: source.slice('webpack://'.length), name: frame.functionName };
  const absolute = found && !path.isAbsolute(source) ? path.resolve(found.dir, source) : source;
  const clean = path.relative(root, absolute).replace(/^.*?\/?(node_modules\/)/, '$1');
  return { file: clean, name: entry?.name || frame.functionName };
}

/** The library of a source path: `react-dom`, `@use-gesture/react` …, or null for the app's own code. */
function libraryOf(file: string): string | null {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (m?.[1]) return m[1];
  if (file.startsWith('webpack/')) return 'webpack runtime';
  if (file.startsWith('src/') || file.startsWith('platform/') || file.startsWith('entries/')) return null;
  return file;
}

const KINDS: Record<string, string> = {
  EvaluateScript: 'script evaluation',
  'v8.evaluateModule': 'script evaluation',
  FunctionCall: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  RunMicrotasks: 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  Paint: 'paint',
  Layerize: 'paint',
  PrePaint: 'paint',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'V8.GC_SCAVENGER': 'garbage collection',
};

interface TaskReport {
  start: number;
  /** Wall time, ms. */
  dur: number;
  /** The task's length as counted: wall time with --throttle, else 4 × CPU time, ms. */
  counted: number;
  kinds: [string, number][];
  apps: [string, number][];
  libs: [string, number][];
  functions: [string, number][];
  selfTime: [string, number][];
  scripts: string[];
}

function analyse(
  events: TraceEvent[],
  maps: Map<string, { map: SourceMap; dir: string }>,
): { tasks: TaskReport[]; tbt: number; navStart: number; fcp?: number; lcp?: number } {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The page's renderer: the one that ran the navigation's document (several renderers may be traced).
  const lastNav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      /^https?:/.test(String((e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL ?? '')),
  );
  const pid = lastNav?.pid ?? main?.pid ?? 0;
  const tid =
    events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid)?.tid ?? 0;
  const navStart = lastNav?.ts ?? 0;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= navStart);
  const counted = (e: TraceEvent) => (throttle ? (e.dur ?? 0) : SLOWDOWN * (e.tdur ?? e.dur ?? 0));
  const tasks = onMain.filter((e) => e.name === 'RunTask' && counted(e) > 50_000);
  const tbt = onMain.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + Math.max(0, counted(e) - 50_000), 0);
  const paint = (name: string) => {
    const found = events.filter((e) => e.name === name && e.pid === pid && e.ts >= navStart);
    const last = found[found.length - 1];
    return last ? (last.ts - navStart) / 1000 : undefined;
  };

  // The CPU profile: samples (time, node) of the main thread's profiler.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profileIds = new Set(
    events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id),
  );
  let clock = 0;
  for (const e of events) {
    if (e.pid !== pid || !profileIds.has(e.id)) continue;
    if (e.name === 'Profile') clock = Number(e.args?.data?.startTime ?? 0);
    if (e.name !== 'ProfileChunk') continue;
    const data = e.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    ids.forEach((id, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node: id });
    });
  }
  samples.sort((a, b) => a.ts - b.ts);
  const originals = new Map<number, { file: string; name: string }>();
  const original = (id: number) => {
    let o = originals.get(id);
    if (!o) {
      const node = nodes.get(id);
      o = node ? originalOf(maps, node.callFrame) : { file: '(unknown)', name: '' };
      originals.set(id, o);
    }
    return o;
  };

  const add = (m: Map<string, number>, key: string, v: number) => m.set(key, (m.get(key) ?? 0) + v);
  const sorted = (m: Map<string, number>) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top) as [string, number][];

  const reports = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts < end && e !== task);
    const kinds = new Map<string, number>();
    // Top-level work only (an event inside another counted one is not counted twice).
    let coveredUntil = 0;
    for (const e of inside) {
      const kind = KINDS[e.name];
      if (!kind || e.ts < coveredUntil) continue;
      add(kinds, kind, (e.dur ?? 0) / 1000);
      coveredUntil = e.ts + (e.dur ?? 0);
    }
    const scripts = inside
      .filter((e) => e.name === 'EvaluateScript' || e.name === 'v8.compile')
      .map((e) => String((e.args?.data as { url?: string })?.url ?? '').replace(/^https?:\/\/[^/]+/, ''))
      .filter((u, i, all) => u && all.indexOf(u) === i);
    const apps = new Map<string, number>();
    const libs = new Map<string, number>();
    const functions = new Map<string, number>();
    const selfTime = new Map<string, number>();
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts < end);
    inTask.forEach((s, i) => {
      const next = inTask[i + 1]?.ts ?? Math.min(end, s.ts + 1000);
      const ms = (next - s.ts) / 1000;
      const leaf = nodes.get(s.node);
      if (!leaf) return;
      const leafName = leaf.callFrame.functionName;
      if (leafName === '(idle)' || leafName === '(program)' || leafName === '(garbage collector)') {
        add(libs, leafName, ms);
        return;
      }
      add(libs, libraryOf(original(s.node).file) ?? 'app code', ms);
      const self = original(s.node);
      add(selfTime, `${self.name || leafName || '(anonymous)'} ${self.file.replace(/^node_modules\//, '')}`, ms);
      // The nearest app frame on the stack, and every distinct app function on it (inclusive time).
      let app: string | null = null;
      const seen = new Set<string>();
      for (let id: number | undefined = s.node; id !== undefined; id = nodes.get(id)?.parent) {
        const o = original(id);
        if (libraryOf(o.file) !== null) continue;
        app ??= o.file;
        const fn = `${o.name || '(anonymous)'} ${o.file}`;
        if (!seen.has(fn)) {
          seen.add(fn);
          add(functions, fn, ms);
        }
      }
      add(apps, app ?? '(no app frame: library or browser)', ms);
    });
    return {
      start: (task.ts - navStart) / 1000,
      dur: (task.dur ?? 0) / 1000,
      counted: counted(task) / 1000,
      kinds: sorted(kinds),
      apps: sorted(apps),
      libs: sorted(libs),
      functions: sorted(functions),
      selfTime: sorted(selfTime),
      scripts,
    };
  });
  return {
    tasks: reports,
    tbt: tbt / 1000,
    navStart,
    fcp: paint('firstContentfulPaint'),
    lcp: paint('largestContentfulPaint::Candidate'),
  };
}

async function traceRoute(page: Page, url: string): Promise<TraceEvent[]> {
  const cdp = await page.createCDPSession();
  if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await page.goto('about:blank');
  await page.tracing.start({
    categories: [
      '-*',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'toplevel',
      'blink.user_timing',
      'loading',
      'latencyInfo',
      'v8.execute',
      'v8',
      'disabled-by-default-v8.cpu_profiler',
      '__metadata',
    ],
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForNetworkIdle({ idleTime: 1500, timeout: 60_000 });
  const buffer = await page.tracing.stop();
  if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  const parsed = JSON.parse(Buffer.from(buffer ?? new Uint8Array()).toString('utf8')) as
    { traceEvents: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

async function main(): Promise<void> {
  if (!spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).stdout?.trim())
    console.warn('!! No Chinese font installed: layout waits on font fallback (npm run bench installs one).');
  if (!args.includes('--no-build') && !givenDist) {
    const built = spawnSync('npx', ['rsbuild', 'build', '--env-mode', 'sandbox'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, SOURCE_MAP: '1', DIST_DIR: dist },
    });
    if (built.status !== 0) throw new Error('build failed');
  }
  const maps = loadSourceMaps();
  const load = loadavg();
  console.log(`load average before: ${load.map((l) => l.toFixed(2)).join(' ')}`);
  const sandbox = await startSandbox(dist, { lowPriority: true });
  const browser = await launchBrowser();
  const out = path.join(root, 'bench-results');
  mkdirSync(out, { recursive: true });
  const ms = (n: number) => `${Math.round(n)} ms`;
  try {
    for (const host of hosts) {
      const { page, context } = await openPhone(browser, host);
      await authorizeAndBindByPassword(page, sandbox.url, host);
      await page.waitForNetworkIdle({ idleTime: 500 });
      for (const route of routes) {
        const blocking: number[] = [];
        for (let run = 0; run < runs; run += 1) {
          const events = await traceRoute(page, `${sandbox.url}${route}`);
          const file = path.join(out, `trace-${host}-${route.replace(/\W+/g, '') || 'root'}.json`);
          writeFileSync(file, JSON.stringify({ traceEvents: events }));
          const { tasks, tbt, fcp, lcp } = analyse(events, maps);
          blocking.push(tbt);
          const how = throttle ? '4x CPU throttling, wall time' : '4 × CPU time of an unthrottled run';
          console.log(
            `\n== ${host} ${route}${runs > 1 ? ` run ${run + 1}` : ''}: ${tasks.length} task(s) over 50 ms, blocking ${ms(tbt)} (${how})` +
              `${fcp === undefined ? '' : `, FCP ${ms(fcp)}`}${lcp === undefined ? '' : `, LCP ${ms(lcp)}`}` +
              `  trace: ${path.relative(root, file)}`,
          );
          console.log(`   tasks: ${tasks.map((t) => `${ms(t.counted)} at ${ms(t.start)}`).join(', ')}`);
          if (args.includes('--summary')) continue;
          for (const t of tasks) {
            console.log(`  task at ${ms(t.start)}: ${ms(t.counted)} counted (${ms(t.dur)} wall)`);
            console.log(`    work:      ${t.kinds.map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
            if (t.scripts.length) console.log(`    scripts:   ${t.scripts.join(' ')}`);
            console.log(`    libraries: ${t.libs.map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
            console.log(`    app code on the stack (nearest):`);
            for (const [k, v] of t.apps) console.log(`      ${ms(v).padStart(7)}  ${k}`);
            console.log(`    app functions (inclusive):`);
            for (const [k, v] of t.functions) console.log(`      ${ms(v).padStart(7)}  ${k}`);
            console.log(`    self time (any code):`);
            for (const [k, v] of t.selfTime) console.log(`      ${ms(v).padStart(7)}  ${k}`);
          }
        }
        if (runs > 1) {
          const sorted = [...blocking].sort((a, b) => a - b);
          console.log(
            `\n== ${host} ${route}: blocking over ${runs} runs ${sorted.map(ms).join(', ')} (median ${ms(sorted[Math.floor(runs / 2)] ?? NaN)})`,
          );
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    sandbox.child.kill('SIGTERM');
  }
  console.log(
    `\nload average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
