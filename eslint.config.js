import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Layering rules (as VS Code does): the renderer never imports the engine or the shell; the engine never
 * imports electron or the renderer; the preload only talks through its bridge.
 */
const nodeBuiltins = ['node:*', 'fs', 'path', 'child_process', 'crypto', 'os', 'net', 'http', 'https'];

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', '.electron-native/**', 'test-results/**', 'playwright-report/**', 'resources/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/main/engine/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The engine is plain Node: it never imports electron (it also runs headless).' }],
          patterns: [
            { group: ['**/renderer/**', '**/preload/**', '**/shell/**', '../index', '../../index'], message: 'The engine never imports the UI or the shell.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks to the shell only through window.coffer (preload bridge).' }],
          patterns: [
            { group: ['**/main/**', '**/engine/**', '**/shell/**'], message: 'The renderer is a client of the HTTP API: it never imports the engine or the shell.' },
            { group: nodeBuiltins, message: 'The renderer runs in a sandboxed page: no Node modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/main/**', '**/engine/**', '**/renderer/**'], message: 'The preload is a small bridge: no engine or UI code.' }] },
      ],
    },
  },
);
