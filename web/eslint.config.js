// @ts-check
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (bulletproof-react): shared code -> features -> app.
 * - shared folders must not import from features or app;
 * - a feature must not import another feature, nor app;
 * - anything outside the current folder is imported through "@/", so these
 *   rules can see where an import goes (no "../" imports).
 */
const SHARED = ['assets', 'components', 'config', 'hooks', 'lib', 'locales', 'testing', 'types', 'utils'];
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const NO_PARENT_IMPORTS = {
  regex: '^\\.\\./',
  message: 'Import from outside this folder through "@/..." so the import boundaries apply.',
};

/** @param {Array<{ regex: string, message: string }>} patterns */
const restrictImports = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: [NO_PARENT_IMPORTS, ...patterns] }],
});

const NO_APP = { regex: '^@/(app|main)(/|$)', message: 'Only the app layer may import from src/app.' };

export default defineConfig(
  { ignores: ['dist', 'node_modules', 'playwright-report', 'test-results', 'blob-report'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: restrictImports([]),
  },
  {
    files: SHARED.map((dir) => `src/${dir}/**/*.{ts,tsx}`),
    rules: restrictImports([
      { regex: '^@/features(/|$)', message: 'Shared code must not import from features.' },
      NO_APP,
    ]),
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrictImports([
      {
        regex: `^@/features/(?!${feature}(/|$))`,
        message: 'Features must not import each other; move shared code to src/components, lib, hooks or utils.',
      },
      NO_APP,
    ]),
  })),
  {
    files: ['*.{ts,js}', 'e2e/**/*.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
