import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Switches have names in Chinese (issue 15 item 3). antd-mobile's Switch names itself with its locale's generic
 * "开关" unless the screen gives it an aria-label or aria-labelledby, and a screen reader then says only "开关" for
 * every switch of the screen. Every <Switch> of the code must give one, also on screens that no end-to-end test opens
 * (test/e2e/a11y.ts refuses the generic name on every screen a test does open).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The .tsx files under src/ (paths relative to the repository), tests excluded. */
function sources(): string[] {
  return readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => path.join('src', file));
}

/** The `<Switch …>` elements of a file (antd-mobile's, as the file imports it) without aria-label / aria-labelledby. */
function unnamedSwitches(file: string, text = readFileSync(path.join(ROOT, file), 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const imported = source.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text === 'antd-mobile' &&
      s.importClause?.namedBindings !== undefined &&
      ts.isNamedImports(s.importClause.namedBindings) &&
      s.importClause.namedBindings.elements.some((e) => e.name.text === 'Switch'),
  );
  if (!imported) return [];
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'Switch') {
      const names = node.attributes.properties.filter(
        (a) => ts.isJsxAttribute(a) && ['aria-label', 'aria-labelledby'].includes(a.name.getText()),
      );
      if (names.length === 0) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${file}:${line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('names of the controls', () => {
  it('every antd-mobile Switch is named by an aria-label or aria-labelledby, not antd-mobile’s generic "开关"', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => unnamedSwitches(file))).toEqual([]);
  });

  it('the scan finds an unnamed Switch, and only antd-mobile’s (a check that finds nothing must be able to)', () => {
    const planted = [
      "import { Switch } from 'antd-mobile';",
      'export const A = () => <Switch checked />;',
      'export const B = () => <Switch aria-label="短信告警" />;',
      'export const C = () => <Switch aria-labelledby="sms-label" checked={false} />;',
    ].join('\n');
    expect(unnamedSwitches('planted.tsx', planted)).toEqual(['planted.tsx:2']);
    expect(unnamedSwitches('own.tsx', "import { Switch } from './own';\nexport const A = () => <Switch />;")).toEqual(
      [],
    );
  });
});
