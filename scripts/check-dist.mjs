#!/usr/bin/env node
/**
 * Syntax-level check of the built bundles against the in-app webviews (ARCHITECTURE.md "Browser targets": iOS 12+,
 * Android Chromium 69+). The tests run on a new Chromium, so only this check catches syntax the old webviews lack.
 * Every .js file under dist/ is parsed with acorn and rejected when it contains:
 *   optional chaining, ??, logical assignment (&&= ||= ??=), class fields / private names / static blocks,
 *   BigInt literals, numeric separators, regex lookbehind or the d/v regex flags, top-level await.
 * ES2019 syntax and dynamic import() are fine on both targets.
 * Each file must also open with V8's compile hint (COMPILE_HINT; rsbuild.config.ts adds it): without it, the functions of
 * a bundle are compiled on the main thread when first called (issue 14).
 * Usage: node scripts/check-dist.mjs [dir=dist]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';
import { full } from 'acorn-walk';

const root = path.resolve(process.argv[2] ?? 'dist');

function* jsFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* jsFiles(file);
    else if (name.endsWith('.js')) yield file;
  }
}

/** The first line of every built .js file: V8 compiles all its functions while the script streams in (rsbuild.config.ts). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** True when a built file's source opens with the compile hint, on a line of its own. */
export function opensWithCompileHint(code) {
  return code.startsWith(`${COMPILE_HINT}\n`);
}

/** Problems of one file's source: [{ what, pos }]. */
export function checkSource(code) {
  const problems = [];
  const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module', allowHashBang: true });
  full(ast, (node) => {
    const at = (what) => problems.push({ what, pos: node.start });
    switch (node.type) {
      case 'ChainExpression':
        return at('optional chaining (?.)');
      case 'LogicalExpression':
        if (node.operator === '??') at('nullish coalescing (??)');
        return undefined;
      case 'AssignmentExpression':
        if (['&&=', '||=', '??='].includes(node.operator)) at(`logical assignment (${node.operator})`);
        return undefined;
      case 'PropertyDefinition':
        return at('class field');
      case 'PrivateIdentifier':
        return at('private name (#x)');
      case 'MethodDefinition':
        if (node.key.type === 'PrivateIdentifier') at('private name (#x)');
        return undefined;
      case 'MemberExpression':
        if (node.property.type === 'PrivateIdentifier') at('private name (#x)');
        return undefined;
      case 'StaticBlock':
        return at('class static block');
      case 'AwaitExpression':
      case 'ForOfStatement':
        return undefined;
      case 'Literal':
        if (typeof node.bigint === 'string') return at('BigInt literal');
        if (typeof node.value === 'number' && node.raw?.includes('_')) return at('numeric separator');
        if (node.regex) {
          if (/\(\?<[=!]/.test(node.regex.pattern)) return at('regex lookbehind');
          if (/[dv]/.test(node.regex.flags)) return at(`regex flag ${node.regex.flags}`);
        }
        return undefined;
      default:
        return undefined;
    }
  });
  // Top-level await: an await directly in the program body.
  for (const statement of ast.body) {
    const text = code.slice(statement.start, statement.end);
    if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AwaitExpression') {
      problems.push({ what: 'top-level await', pos: statement.start, text });
    }
  }
  return problems;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  let failures = 0;
  let files = 0;
  for (const file of jsFiles(root)) {
    files += 1;
    const code = readFileSync(file, 'utf8');
    let problems;
    try {
      problems = checkSource(code);
    } catch (error) {
      problems = [{ what: `unparsable: ${error.message}`, pos: error.pos ?? 0 }];
    }
    if (!opensWithCompileHint(code))
      problems.push({ what: `no compile hint (${COMPILE_HINT}) on its first line`, pos: 0 });
    for (const problem of problems) {
      failures += 1;
      const excerpt = code.slice(Math.max(0, problem.pos - 40), problem.pos + 40).replace(/\s+/g, ' ');
      console.error(`${path.relative(process.cwd(), file)}:${problem.pos}: ${problem.what}\n    …${excerpt}…`);
    }
  }
  if (files === 0) {
    console.error(`check-dist: no .js files under ${root}; build first`);
    process.exit(1);
  }
  if (failures > 0) {
    console.error(
      `check-dist: ${failures} problem(s): constructs the webviews (iOS 12, Chromium 69) cannot run, or a missing compile hint.`,
    );
    process.exit(1);
  }
  console.log(`check-dist: ${files} files OK for iOS 12 / Chromium 69, each with its compile hint.`);
}
