// ESLint: TypeScript and react-hooks rules for every project (run by the test command).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './tools/eslint/boundaries.js';
import serverSafe from './tools/eslint/server-safe.js';

const REMOTES = ['casino', 'betting', 'cashier', 'loyalty', 'profile', 'auth', 'promo'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.nx/**',
      '.swc/**',
      'apps/*/src/locales/**/*.ts',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // A platform domain uses another only through its index.ts; a package never imports an app.
  {
    files: ['apps/platform/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/platform-domains': 'error' },
  },
  // Inside an app, features do not import each other both ways (boundaries.js remote-features).
  {
    files: ['apps/*/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/remote-features': 'error' },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    // The api-client's integration test drives the real platform server; shipped code never may.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { boundaries },
    rules: { 'boundaries/no-app-imports': 'error' },
  },
  // What the server renders reads browser globals in effects and handlers only (server-safe.js).
  {
    files: [
      `apps/{shell,${REMOTES.join(',')}}/src/**/*.{ts,tsx}`,
      'packages/{ui,shell-sdk,i18n,api-client,validators,errors,contract}/src/**/*.{ts,tsx}',
    ],
    ignores: [
      '**/*.test.{ts,tsx}',
      // The browser's entry points: never imported by the server render.
      'apps/shell/src/index.ts',
      'apps/shell/src/bootstrap.tsx',
    ],
    plugins: { 'server-safe': serverSafe },
    rules: { 'server-safe/no-browser-globals': 'error' },
  },
  // A remote never imports another app, nor the router (it navigates through shell-sdk).
  ...REMOTES.map((name) => ({
    files: [`apps/${name}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-router', 'react-router/*', 'react-router-dom'],
              message: 'Navigate through @northstar/shell-sdk.',
            },
            {
              group: [
                '**/apps/**',
                '../../*/src/**',
                ...['shell', ...REMOTES].filter((n) => n !== name).map((n) => `@northstar/${n}`),
              ],
              message: 'A remote never imports another app; move shared code to a package.',
            },
          ],
        },
      ],
    },
  })),
);
