// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import unicorn from 'eslint-plugin-unicorn';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import architecture from './eslint/architecture.js';

/**
 * The one lint configuration (formatting is Prettier's, checked by `npm run lint` too).
 * Besides the recommended rules it enforces the architecture (ARCHITECTURE.md "Layout"):
 * - data flows one way: entries → src/app → src/pages → src/components, src/stores, src/api → src/lib, src/config;
 * - src/ reaches platform/ only through the Platform object (type imports of platform/types are allowed);
 * - the sandbox may import the API contract (src/api) and src/config constants, never UI code;
 * - file names are kebab-case (route folders under src/pages keep the spec's spelling, e.g. siteInfo, KYBCheck);
 * - the project's own rules (eslint/architecture.js): route folders import only their own files, their section's
 *   shared folder (src/sections/<section>) and the lower layers, with the @/ alias; styles are CSS Modules; no route
 *   path written as text (href of src/config/routes.ts); no host-specific literal in src/; Button comes from
 *   src/components/button (a busy button keeps its name), never from antd-mobile.
 */

/** Import patterns a layer may not use. */
const forbid = (...groups) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: groups.map((group) => ({
        group: [`**/${group}`, `**/${group}/**`],
        message: `This layer may not import ${group} (ARCHITECTURE.md: data flows one way).`,
      })),
    },
  ],
});

const platformOnlyTypes = {
  group: ['**/platform/*', '**/platform/**', '@platform/*', '!**/platform/types', '!@platform/types'],
  message:
    'src/ reaches platform/ only through the Platform object handed to boot (type imports of platform/types only).',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.sandbox-data/**',
      'coverage/**',
      'bench-results/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, unicorn },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'unicorn/filename-case': ['error', { case: 'kebabCase' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { architecture },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ ...platformOnlyTypes, allowTypeImports: true }] },
      ],
      'architecture/imports': 'error',
      'architecture/route-literals': 'error',
      'architecture/host-literals': 'error',
      'architecture/project-button': 'error',
    },
  },
  { files: ['src/sections/**'], rules: forbid('app', 'pages') },
  { files: ['src/lib/**', 'src/config/**'], rules: forbid('app', 'pages', 'components', 'stores', 'api') },
  { files: ['src/api/**'], rules: forbid('app', 'pages', 'components', 'stores') },
  { files: ['src/stores/**'], rules: forbid('app', 'pages', 'components') },
  { files: ['src/components/**'], rules: forbid('app', 'pages', 'stores') },
  { files: ['src/pages/**'], rules: forbid('app') },
  { files: ['platform/**'], rules: forbid('src') },
  {
    files: ['sandbox/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/app/**', '**/src/pages/**', '**/src/components/**', '**/src/stores/**', '**/platform/**'],
              message: 'The sandbox may import the API contract (src/api) only, never UI code.',
            },
          ],
        },
      ],
      'no-console': 'off',
    },
  },
  { files: ['scripts/**', 'test/**', 'deploy/**', '*.config.*'], rules: { 'no-console': 'off' } },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['test/emulators/*.js'],
    languageOptions: { sourceType: 'script', ecmaVersion: 2017, globals: globals.browser },
  },
);
