// Lint for every workspace (`npm run lint`): ESLint's and typescript-eslint's recommended rules everywhere, React's
// hook rules and accessibility rules (jsx-a11y) in the front ends, and the API's promises checked with its types.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/.next*/', '**/test-results/', '**/playwright-report/', '**/dist/', '.data/', '**/next-env.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore marks what is left unused on purpose (a destructured field dropped, a required parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // These two check what the React Compiler needs to memoise safely; the apps do not run the compiler, and the
      // patterns they flag here (a ref read for a stable callback, state reset when a prop changes) are sound without
      // it. Rules of hooks and exhaustive dependencies stay on.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // jsx-a11y looks for a label's text three levels down (a radio's label holds its text in nested spans).
    files: ['apps/web/src/**/*.tsx', 'apps/admin/src/**/*.tsx'],
    rules: { 'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }] },
  },
  {
    // Playwright reads a fixture's first parameter as a destructuring pattern: `{}` is how a fixture says it needs none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // A promise nobody awaits in the API is a request that answers before its work is done, or an error nobody sees.
    files: ['apps/api/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': 'error' },
  },
);
