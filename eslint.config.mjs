import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const deep = { group: ['@erp/*/src/*'], message: 'Import a package through its entry point.' };
const restrict = (group, message) => ({
  'no-restricted-imports': ['error', { patterns: [deep, { group, message }] }],
});
const io = ['koa', '@koa/*', 'kysely', 'pg', '@nats-io/*', 'node:*', '@erp/eventstore', '@erp/http-kit'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/src/testing/openapi-types.ts'] },
  js.configs.recommended,
  { files: ['**/*.mjs', 'scripts/**'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { patterns: [deep] }],
      'max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // STYLE b.1.5: the command side never touches read models.
    files: ['command-service/src/**/*.ts'],
    rules: restrict(['@erp/projections', '@erp/query-service'], 'The command side never reads read models.'),
  },
  {
    // Test files hold many cases around one fixture; the 300-line budget is for product code.
    files: ['**/*.spec.ts', '**/*.contract.ts', '**/e2e/**'],
    rules: { 'max-lines': 'off' },
  },
  {
    // STYLE b.1.3: a decider cannot do I/O.
    files: ['**/*.decider.ts'],
    rules: restrict([...io, '@erp/projections', '@erp/query-service'], 'Deciders are pure: no I/O imports.'),
  },
  {
    // STYLE b.1: contracts are browser-safe; the UI imports contracts only.
    files: ['contracts/src/**/*.ts', 'ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts'],
    rules: restrict(
      ['node:*', '@erp/eventstore', '@erp/http-kit', '@erp/command-service', '@erp/projections', '@erp/query-service', '@erp/server', 'koa', 'kysely', 'pg'],
      'Browser-safe code: contracts only.',
    ),
  },
  {
    files: ['ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
