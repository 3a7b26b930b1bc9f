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

/** A .tsx file's syntax tree. */
function parsed(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

/** Whether the file imports `name` from antd-mobile (a component of the project's own by that name is not scanned). */
function importsFromAntd(source: ts.SourceFile, name: string): boolean {
  return source.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text === 'antd-mobile' &&
      s.importClause?.namedBindings !== undefined &&
      ts.isNamedImports(s.importClause.namedBindings) &&
      s.importClause.namedBindings.elements.some((e) => e.name.text === name),
  );
}

/** The `<Switch …>` elements of a file (antd-mobile's, as the file imports it) without aria-label / aria-labelledby. */
function unnamedSwitches(file: string, text = readFileSync(path.join(ROOT, file), 'utf8')): string[] {
  const source = parsed(file, text);
  if (!importsFromAntd(source, 'Switch')) return [];
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

/** Whether `node` is an async arrow function, function expression or method. */
function isAsyncFunction(node: ts.Node | undefined): boolean {
  return (
    node !== undefined &&
    (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)
  );
}

/** The object literals of an `actions` value (a list of actions, or of rows of actions), nested arrays walked. */
function actionObjects(node: ts.Node | undefined): ts.ObjectLiteralExpression[] {
  if (node === undefined) return [];
  if (ts.isObjectLiteralExpression(node)) return [node];
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => actionObjects(e));
  return [];
}

/** The name of a property of an object literal ('aria-label', onClick ...), or null for a spread or computed one. */
function propertyName(p: ts.ObjectLiteralElementLike): string | null {
  if (!p.name) return null;
  if (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) return p.name.text;
  return null;
}

/** An action's handler, when it is a property assignment or a method. */
function handlerOf(object: ts.ObjectLiteralExpression, name: string): ts.Node | undefined {
  const found = object.properties.find((p) => propertyName(p) === name);
  if (found === undefined) return undefined;
  if (ts.isPropertyAssignment(found)) return found.initializer;
  if (ts.isMethodDeclaration(found)) return found;
  return undefined;
}

/**
 * antd-mobile's Dialog makes an action button busy while its handler's promise runs (the dialog's `onAction`, or the
 * action's own `onClick`), and a busy action shows only a spinner: without an aria-label it has no name (axe
 * button-name, critical; issue 15). The actions of a Dialog (`<Dialog actions>` or `Dialog.show({ actions })`) whose
 * `onAction` is async, and every action whose `onClick` is async, must carry an aria-label. Dialog.confirm and
 * Dialog.alert with an async `onConfirm` or `onCancel` are refused: their buttons take no aria-label (await their
 * promise instead, as the screens do). The scan sees functions declared async in place (a handler passed by name, or
 * a plain function returning a promise, is not seen).
 */
function unnamedBusyActions(file: string, text = readFileSync(path.join(ROOT, file), 'utf8')): string[] {
  const source = parsed(file, text);
  if (!importsFromAntd(source, 'Dialog')) return [];
  const found: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const named = (action: ts.ObjectLiteralExpression) => action.properties.some((p) => propertyName(p) === 'aria-label');
  const check = (actions: ts.Node | undefined, dialogAsync: boolean) => {
    for (const action of actionObjects(actions)) {
      if ((dialogAsync || isAsyncFunction(handlerOf(action, 'onClick'))) && !named(action)) found.push(at(action));
    }
  };
  const visit = (node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'Dialog') {
      const attribute = (name: string) => {
        const a = node.attributes.properties.find((p) => ts.isJsxAttribute(p) && p.name.getText() === name);
        const init = a && ts.isJsxAttribute(a) ? a.initializer : undefined;
        return init && ts.isJsxExpression(init) ? init.expression : undefined;
      };
      check(attribute('actions'), isAsyncFunction(attribute('onAction')));
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.expression.getText() === 'Dialog'
    ) {
      const options = node.arguments[0];
      if (options && ts.isObjectLiteralExpression(options)) {
        const method = node.expression.name.text;
        if (method === 'show') check(handlerOf(options, 'actions'), isAsyncFunction(handlerOf(options, 'onAction')));
        else if (['onConfirm', 'onCancel'].some((h) => isAsyncFunction(handlerOf(options, h)))) found.push(at(node));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('names of busy dialog actions', () => {
  it('every action a Dialog makes busy (async onAction or onClick) carries an aria-label', () => {
    expect(sources().flatMap((file) => unnamedBusyActions(file))).toEqual([]);
  });

  it('the scan finds the unnamed busy actions, and only those', () => {
    const planted = [
      "import { Dialog } from 'antd-mobile';",
      'export const A = () => (',
      '  <Dialog',
      '    visible',
      "    actions={[[{ key: 'c', text: '取消' }, { key: 's', text: '保存' }]]}",
      '    onAction={async () => undefined}',
      '  />',
      ');',
      "export const B = () => <Dialog actions={[{ key: 's', text: '保存' }]} onAction={() => undefined} />;",
      "export const C = () => <Dialog actions={[{ key: 's', text: '保存', 'aria-label': '保存' }]} onAction={async () => 1} />;",
      "void Dialog.show({ actions: [{ key: 'ok', text: '好', onClick: async () => undefined }] });",
      "void Dialog.confirm({ content: 'x', onConfirm: async () => undefined });",
      "void Dialog.confirm({ content: 'x', onConfirm: () => undefined });",
    ].join('\n');
    expect(unnamedBusyActions('planted.tsx', planted)).toEqual([
      'planted.tsx:5',
      'planted.tsx:5',
      'planted.tsx:11',
      'planted.tsx:12',
    ]);
    expect(
      unnamedBusyActions(
        'own.tsx',
        "import { Dialog } from './own';\nvoid Dialog.confirm({ onConfirm: async () => 1 });",
      ),
    ).toEqual([]);
  });
});
