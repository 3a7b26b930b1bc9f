// @ts-check
/**
 * The project's own lint rules: the architecture of docs/architecture.md that a general rule cannot state.
 *
 * - `architecture/imports`: inside src/, imports that leave their folder use the `@/` alias (never `../`); a route
 *   folder under src/pages imports only its own files (`./x`), its section's shared folder (src/sections/<section>)
 *   and the lower layers, never another route folder (a parent, a child or a cousin); a section's shared folder never
 *   imports pages or another section; styles are CSS Modules (`*.module.css`), global CSS only in src/app.
 * - `architecture/route-literals`: no route path written as text in src/ (links and navigation use href() of
 *   src/config/routes.ts, the one place paths are written).
 * - `architecture/host-literals`: no host-specific literal in src/ (the Platform interprets the host: platform/).
 * - `architecture/project-button`: src/ takes Button from `@/components/button` (whose busy state keeps a name,
 *   issue 15), never antd-mobile's own; only that file wraps antd-mobile's.
 */

/** The section each top route folder belongs to (the home group shares one). */
const SECTIONS = {
  home: 'home',
  stages: 'home',
  platformfee: 'home',
  compact: 'home',
  site: 'site',
  mine: 'mine',
  income: 'income',
};

/** The first path segments of the app's routes: text starting with one of them is a route path. */
const ROUTE_PREFIX = /^\/(home|site|mine|income|stages|platformfee|compact)(\/|\?|$)/;

/** Text that only a host knows (WeChat and Alipay specifics belong to platform/). */
const HOST_LITERAL = /r9a_weixin|MicroMessenger|AlipayJSBridge|WeixinJSBridge|CODE_128/;

/** The path of a file relative to the repository, with forward slashes. */
function relative(context) {
  const file = context.physicalFilename ?? context.filename;
  const cwd = context.cwd ?? process.cwd();
  return file.replace(/\\/g, '/').replace(`${cwd.replace(/\\/g, '/')}/`, '');
}

/** The import sources of a file: import/export declarations and dynamic imports. */
function eachSource(node, report) {
  const source = node.source;
  if (source && source.type === 'Literal' && typeof source.value === 'string') report(source, source.value);
}

/** @type {import('eslint').Rule.RuleModule} */
const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'Route folders and sections import only what the architecture allows.' },
    schema: [],
    messages: {
      parent: "Import '{{source}}' climbs out of its folder: use the @/ alias.",
      crossRoute:
        "Route folder '{{from}}' imports '{{source}}' from another route folder: shared parts of a section go in src/sections/{{section}}/.",
      otherSection:
        "'{{source}}' belongs to another section: a route folder of section '{{section}}' may use only src/sections/{{section}}/.",
      sectionUp: "A section's shared folder may not import '{{source}}' (pages or another section).",
      globalCss:
        "'{{source}}' is global CSS: screens and components use CSS Modules (*.module.css); global CSS lives in src/app.",
    },
  },
  create(context) {
    const file = relative(context);
    if (!file.startsWith('src/')) return {};
    const page = /^src\/pages\/([^/]+)\//.exec(file);
    const sectionFile = /^src\/sections\/([^/]+)\//.exec(file);
    const check = (node, source) => {
      if (source.startsWith('../')) {
        context.report({ node, messageId: 'parent', data: { source } });
        return;
      }
      const local = source.startsWith('./') || source.startsWith('@/');
      if (local && /\.css$/.test(source) && !/\.module\.css$/.test(source) && !file.startsWith('src/app/')) {
        context.report({ node, messageId: 'globalCss', data: { source } });
      }
      if (page) {
        const section = SECTIONS[page[1]] ?? page[1];
        const from = file.slice(0, file.lastIndexOf('/'));
        if (source.startsWith('./') && source.slice(2).includes('/')) {
          context.report({ node, messageId: 'crossRoute', data: { from, source, section } });
        } else if (source.startsWith('@/pages/')) {
          context.report({ node, messageId: 'crossRoute', data: { from, source, section } });
        } else if (source.startsWith('@/sections/')) {
          const target = source.split('/')[2];
          if (target !== section) context.report({ node, messageId: 'otherSection', data: { source, section } });
        }
      }
      if (sectionFile) {
        const own = sectionFile[1];
        if (source.startsWith('@/pages/') || (source.startsWith('@/sections/') && source.split('/')[2] !== own)) {
          context.report({ node, messageId: 'sectionUp', data: { source } });
        }
      }
    };
    return {
      ImportDeclaration: (node) => eachSource(node, check),
      ExportNamedDeclaration: (node) => eachSource(node, check),
      ExportAllDeclaration: (node) => eachSource(node, check),
      ImportExpression: (node) => {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value);
      },
    };
  },
};

/** The text of a literal or a template's first part. */
function textsOf(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return [node.value];
  if (node.type === 'TemplateLiteral') return [node.quasis[0]?.value.cooked ?? ''];
  return [];
}

/** @type {import('eslint').Rule.RuleModule} */
const routeLiterals = {
  meta: {
    type: 'problem',
    docs: { description: 'Route paths are written only in src/config/routes.ts; links use href().' },
    schema: [],
    messages: {
      literal: "'{{text}}' is a route path written as text: use href(name, args) of @/config/routes.",
    },
  },
  create(context) {
    const file = relative(context);
    if (!file.startsWith('src/') || file === 'src/config/routes.ts' || /\.test\.tsx?$/.test(file)) return {};
    const check = (node) => {
      for (const text of textsOf(node)) {
        if (ROUTE_PREFIX.test(text)) context.report({ node, messageId: 'literal', data: { text } });
      }
    };
    return {
      Literal: (node) => {
        if (node.parent?.type === 'ImportDeclaration' || node.parent?.type === 'ImportExpression') return;
        check(node);
      },
      TemplateLiteral: check,
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const hostLiterals = {
  meta: {
    type: 'problem',
    docs: { description: 'Nothing under src/ interprets host-specific data; the Platform does.' },
    schema: [],
    messages: {
      host: "'{{text}}' is host-specific: it belongs to platform/ (src reaches the host only through the Platform).",
    },
  },
  create(context) {
    const file = relative(context);
    if (!file.startsWith('src/') || /\.test\.tsx?$/.test(file)) return {};
    const check = (node) => {
      for (const text of textsOf(node)) {
        const match = HOST_LITERAL.exec(text);
        if (match) context.report({ node, messageId: 'host', data: { text: match[0] } });
      }
    };
    return {
      Literal: check,
      TemplateLiteral: check,
      TSLiteralType: (node) => check(node.literal),
    };
  },
};

/** antd-mobile components the project wraps: the file that wraps each, the one place that imports antd-mobile's. */
const WRAPPED = { Button: 'src/components/button.tsx' };

/** @type {import('eslint').Rule.RuleModule} */
const projectButton = {
  meta: {
    type: 'problem',
    docs: { description: "src/ uses the project's Button (a busy button keeps its name), not antd-mobile's." },
    schema: [],
    messages: {
      wrapped:
        "Import {{name}} from '@/components/button', not from '{{source}}': antd-mobile's busy Button shows only a spinner and loses its name (issue 15).",
    },
  },
  create(context) {
    const file = relative(context);
    if (!file.startsWith('src/')) return {};
    return {
      ImportDeclaration: (node) => {
        const source = String(node.source.value);
        if (source === 'antd-mobile') {
          for (const spec of node.specifiers) {
            const name = spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : null;
            if (
              name &&
              WRAPPED[name] &&
              WRAPPED[name] !== file &&
              spec.importKind !== 'type' &&
              node.importKind !== 'type'
            )
              context.report({ node: spec, messageId: 'wrapped', data: { name, source } });
          }
        } else if (/^antd-mobile\/(es|cjs)\/components\/button(\/|$)/.test(source) && node.importKind !== 'type') {
          context.report({ node, messageId: 'wrapped', data: { name: 'Button', source } });
        }
      },
    };
  },
};

export default {
  rules: { imports, 'route-literals': routeLiterals, 'host-literals': hostLiterals, 'project-button': projectButton },
};
