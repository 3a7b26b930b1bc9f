/**
 * The module graph of each built bundle and the startup rule (issue 14 item 6; README "Numbers"):
 * - `moduleGraphPlugin()` (added to every environment by rsbuild.config.ts) writes, after each build,
 *   `<dist>/module-graph/<environment>.json`: every chunk with its files, whether it loads at startup (`initial`: part
 *   of the entry's chunk group, referenced by index.html), the source modules it holds (paths relative to the project,
 *   concatenated modules listed one by one) and the `import()` requests that load it (`origins`). It lives beside the
 *   bundles, never inside dist/wechat or dist/alipay (which are what gets deployed).
 * - `startupViolations(graph)`: the rule — no module of a built screen (src/pages, src/sections, src/stores/screens) in
 *   a chunk loaded at startup. A screen's code in the first bytes grows every screen's start (and the rule holds as
 *   screens multiply); the route table reaches screens only through `import()`.
 * - `routeBytes(graph, dist)`: for each route module of src/app/routes.ts, the gzip bytes of the chunks its import()
 *   loads (used by npm run bench for the startup bytes per route group).
 * Run as a script (`npx tsx scripts/module-graph.ts [dist]`, part of npm test): checks the rule on both bundles,
 * prints each violation with the chunk and the module, and exits 1 when there is one.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Compilation, Compiler } from '@rspack/core';

const root = path.resolve(import.meta.dirname, '..');

/** One chunk of a bundle. */
export interface GraphChunk {
  id: string;
  /** Output files (relative to the bundle folder: static/js/….js, static/css/….css). */
  files: string[];
  /** Loaded at startup (in the entry's chunk group). */
  initial: boolean;
  /** Source modules, relative to the project root (node_modules/… for libraries). */
  modules: string[];
  /** The import() calls that load it: the importing module and the request as written. */
  origins: { from: string; request: string }[];
}

/** The module graph of one bundle (one Rsbuild environment). */
export interface ModuleGraph {
  bundle: string;
  chunks: GraphChunk[];
}

/** Where screen code lives (README "Adding a screen"): route folders, section folders, screen stores. */
export const SCREEN_CODE = /^src\/(?:pages|sections|stores\/screens)\//;

/** A module path relative to the project (or the resource as given when outside it). */
function relative(file: string, base: string): string {
  const resource = file.split('!').pop()?.split('?')[0] ?? file;
  if (!path.isAbsolute(resource)) return resource.replace(/^\.\//, '');
  const rel = path.relative(base, resource);
  const inModules = rel.lastIndexOf('node_modules/');
  return inModules >= 0 ? rel.slice(inModules) : rel;
}

/** What the graph needs of an Rspack module: its resource, or the modules a concatenated module holds. */
interface ModuleLike {
  nameForCondition?: () => string | null | undefined;
  modules?: readonly ModuleLike[];
}

function modulePaths(modules: Iterable<ModuleLike>, base: string): string[] {
  return [...modules].flatMap((m) => {
    if (m.modules?.length) return modulePaths(m.modules, base);
    const file = m.nameForCondition?.();
    return file ? [relative(file, base)] : [];
  });
}

/** The graph of a compilation: each chunk with its files, modules and the import() requests that load it. */
export function graphOf(bundle: string, compilation: Compilation, base: string = root): ModuleGraph {
  return {
    bundle,
    chunks: [...compilation.chunks].map((chunk) => {
      const origins = [...chunk.groupsIterable].flatMap((group) =>
        (group.origins ?? []).flatMap((o: { module?: ModuleLike | null; request?: string | null }) => {
          const from = o.module?.nameForCondition?.();
          return o.request && from ? [{ from: relative(from, base), request: o.request }] : [];
        }),
      );
      return {
        id: String(chunk.id ?? chunk.name ?? ''),
        files: [...chunk.files, ...chunk.auxiliaryFiles].filter((f) => /\.(?:js|css)$/.test(f)).sort(),
        initial: chunk.canBeInitial(),
        modules: [
          ...new Set(modulePaths(compilation.chunkGraph.getChunkModules(chunk) as Iterable<ModuleLike>, base)),
        ].sort(),
        origins,
      };
    }),
  };
}

/**
 * The Rspack plugin that writes the graph of each build to `<dist root>/module-graph/<environment>.json` (`distRoot`:
 * the folder holding the environments' output folders).
 */
export function moduleGraphPlugin(distRoot: string) {
  return {
    name: 'module-graph',
    apply(compiler: Compiler) {
      compiler.hooks.done.tap('module-graph', (stats) => {
        if (stats.hasErrors()) return;
        const bundle = compiler.name ?? path.basename(compiler.options.output.path ?? 'bundle');
        const folder = path.join(distRoot, 'module-graph');
        mkdirSync(folder, { recursive: true });
        writeFileSync(
          path.join(folder, `${bundle}.json`),
          JSON.stringify(graphOf(bundle, stats.compilation, compiler.context)),
        );
      });
    },
  };
}

/** One breach of the startup rule. */
export interface Violation {
  bundle: string;
  chunk: string;
  files: string[];
  module: string;
}

/** Every module of screen code (SCREEN_CODE) in a chunk loaded at startup. */
export function startupViolations(graph: ModuleGraph): Violation[] {
  return graph.chunks
    .filter((chunk) => chunk.initial)
    .flatMap((chunk) =>
      chunk.modules
        .filter((m) => SCREEN_CODE.test(m))
        .map((module) => ({ bundle: graph.bundle, chunk: chunk.id, files: chunk.files, module })),
    );
}

/** Reads the graph a build wrote for `bundle` under `distRoot`. */
export function readGraph(distRoot: string, bundle: string): ModuleGraph {
  return JSON.parse(readFileSync(path.join(distRoot, 'module-graph', `${bundle}.json`), 'utf8')) as ModuleGraph;
}

/** Gzip bytes (level 9) of a file of a bundle folder. */
function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The modules whose import() calls load screens: the hubs' loaders and the lazy table of the others. */
const SCREEN_TABLES = ['src/app/routes.ts', 'src/app/screens.ts'];

/**
 * The bytes of a bundle by route module: for every `import()` request of a screen table (src/app/routes.ts for the
 * hubs, src/app/screens.ts for the others: `@/pages/…`), the gzip
 * bytes of the chunks that import loads beyond the startup files (the route's own chunks and the shared chunks it
 * needs). `initial` is the startup files' total.
 */
export function routeBytes(graph: ModuleGraph, bundleDir: string): { initial: number; routes: Map<string, number> } {
  const size = new Map<string, number>();
  const bytesOf = (file: string) => {
    let n = size.get(file);
    if (n === undefined) {
      n = gzipBytes(path.join(bundleDir, file));
      size.set(file, n);
    }
    return n;
  };
  const initialFiles = new Set(graph.chunks.filter((c) => c.initial).flatMap((c) => c.files));
  const initial = [...initialFiles].reduce((sum, f) => sum + bytesOf(f), 0);
  const routes = new Map<string, number>();
  const fromTable = (o: { from: string; request: string }) =>
    SCREEN_TABLES.includes(o.from) && o.request.startsWith('@/pages/');
  const requests = new Set(graph.chunks.flatMap((c) => c.origins.filter(fromTable).map((o) => o.request)));
  for (const request of requests) {
    const files = new Set(
      graph.chunks
        .filter((c) => !c.initial && c.origins.some((o) => fromTable(o) && o.request === request))
        .flatMap((c) => c.files),
    );
    routes.set(
      request,
      [...files].reduce((sum, f) => sum + bytesOf(f), 0),
    );
  }
  return { initial, routes };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const distRoot = path.resolve(process.argv[2] ?? process.env.DIST_DIR ?? 'dist');
  let failures = 0;
  for (const bundle of ['wechat', 'alipay']) {
    const graph = readGraph(distRoot, bundle);
    const initialChunks = graph.chunks.filter((c) => c.initial);
    const violations = startupViolations(graph);
    failures += violations.length;
    console.log(
      `${bundle}: ${initialChunks.length} startup chunk(s), ${initialChunks.reduce((n, c) => n + c.modules.length, 0)} modules; ` +
        `screen code (src/pages, src/sections, src/stores/screens) at startup: ${violations.length === 0 ? 'none' : violations.length}`,
    );
    for (const v of violations) console.log(`    ${v.module} in startup chunk ${v.chunk} (${v.files.join(', ')})`);
  }
  if (failures > 0) {
    console.error(
      'startup bundle: a built screen’s code is loaded at startup. Reach screens only through the route table’s import() ' +
        '(src/app/routes.ts, src/app/screens.ts); shared pieces the shell needs belong in src/components or src/stores/domain.',
    );
    process.exit(1);
  }
  console.log('startup bundle: no screen code');
}
