import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { engineLayersRule } from './eslint/engine-layers.js';
import { noModuleStateRule } from './eslint/no-module-state.js';

/**
 * Layering rules (as VS Code does): the renderer never imports the engine or the shell; the engine never
 * imports electron or the renderer; the preload only talks through its bridge.
 */

/**
 * The engine's layers as allow-lists (eslint/engine-layers.js): a file may import its own layer and the
 * layers listed here, nothing else of the engine. docs/architecture.md draws the same picture.
 */
const FEATURES = ['services', 'catalogue', 'connector-config', 'identity', 'auth', 'app-session', 'signing', 'webhooks', 'widget', 'statement-files', 'consent'];
const featureAllow = ['domain', 'store', 'db', 'contract', 'registry', 'events', 'sync', 'secrets', 'kernel', ...FEATURES];
const FEATURE_WHY = 'Features (use cases) build on the domain, the store and the engine parts they are handed; never on HTTP.';
const LAYERS = {
  domain: { allow: [], why: 'The domain is pure rules: it imports nothing of the engine (src/shared is fine).' },
  contract: { allow: [], why: 'The connector contract is plain types and helpers every connector may use.' },
  connector: {
    allow: ['contract', 'domain'],
    why: 'A connector sees only its ConnectorContext: its own folder, the contract and pure domain rules (money, categorization); never the store, the API, events or another connector.',
  },
  registry: { allow: ['contract', 'connector'], why: 'The registry only lists the connectors.' },
  db: { allow: [], why: 'The database layer opens the file and migrates it.' },
  secrets: { allow: ['domain'], why: 'The keychain adapter knows only the domain errors it throws.' },
  store: {
    allow: ['db', 'domain', 'contract', 'secrets'],
    types: ['kernel'],
    why: 'The store holds the SQL (and the channel keychain entry): it builds on the database and domain types only.',
  },
  events: { allow: ['store', 'domain'], types: ['kernel'], why: 'Events are written through the store and heard through the engine emitter.' },
  sync: {
    allow: ['contract', 'domain', 'store', 'events', 'secrets'],
    types: ['catalogue', 'kernel'],
    why: 'Synchronization uses connectors (through the contract), the store, the domain and the event writer it is handed.',
  },
  ...Object.fromEntries(FEATURES.map((f) => [f, { allow: featureAllow, why: FEATURE_WHY }])),
  'statement-files': { allow: [...featureAllow, 'connector'], why: FEATURE_WHY + ' Statement files also use the statements connector’s parsers.' },
  http: { allow: ['domain', 'kernel', ...FEATURES], types: ['store'], why: 'The HTTP edge maps requests to features and domain errors to status codes; it reads no table.' },
  routes: {
    allow: ['http', 'domain', 'kernel', 'contract', 'registry', 'events', ...FEATURES],
    types: ['store', 'sync'],
    why: 'Routes only know HTTP: they call features and services, never the store (types aside) or the database.',
  },
};

/** Code beside the engine that the engine may load only on demand (eslint/engine-layers.js, `outside`). */
const OUTSIDE = {
  'simplefin-emulator': {
    dynamicFrom: ['cli/serve.ts'],
    why: 'The SimpleFIN emulator is test and demo code: only `npm run serve` with COFFER_SIMPLEFIN_DEMO=1 loads it, through a dynamic import in cli/serve.ts.',
  },
};

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
    // The engine, the renderer, the preload and the shared code; the shell (src/main/*.ts, shell/) is the one
    // Electron main process of the app, single instance by Electron's lock, and keeps its window at its top.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/main/*.ts', 'src/main/shell/**'],
    plugins: { coffer: { rules: { 'engine-layers': engineLayersRule(LAYERS, OUTSIDE), 'no-module-state': noModuleStateRule } } },
    rules: { 'coffer/no-module-state': 'error' },
  },
  {
    files: ['src/main/engine/**/*.ts'],
    rules: { 'coffer/engine-layers': 'error' },
  },
  {
    files: ['src/main/*.ts', 'src/main/shell/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/engine/**', './engine', '../engine'], message: 'The shell only forks the engine (a utilityProcess); it never imports it.' }],
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
