import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..', '..') });

async function restrictedImportErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layering enforced by lint', () => {
  it('fails when the renderer imports the engine', async () => {
    const errors = await restrictedImportErrors(
      "import { startEngine } from '../../main/engine/engine';\nexport const x = startEngine;\n",
      'src/renderer/src/bad.ts',
    );
    expect(errors.join()).toMatch(/never imports the engine/);
  });

  it('fails when the renderer imports electron or Node modules', async () => {
    expect((await restrictedImportErrors("import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n", 'src/renderer/src/bad.ts')).length).toBe(1);
    expect((await restrictedImportErrors("import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", 'src/renderer/src/bad.ts')).length).toBe(1);
  });

  it('fails when the engine imports electron', async () => {
    const errors = await restrictedImportErrors("import { app } from 'electron';\nexport const x = app;\n", 'src/main/engine/bad.ts');
    expect(errors.join()).toMatch(/never imports electron/);
  });

  it('lets the shell import electron and the engine import Node', async () => {
    expect(await restrictedImportErrors("import { app } from 'electron';\nexport const x = app;\n", 'src/main/bad.ts')).toEqual([]);
    expect(await restrictedImportErrors("import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", 'src/main/engine/bad.ts')).toEqual([]);
  });
});

/** Messages of the engine's layering rule (coffer/engine-layers) for a file at `filePath`. */
async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'coffer/engine-layers').map((m) => m.message);
}

describe('engine layers enforced by lint (allow-lists per layer)', () => {
  const denied: Array<[string, string, string, RegExp]> = [
    ['the domain imports the store', 'src/main/engine/domain/bad.ts', "import { createStore } from '../store';\nexport const x = createStore;\n", /domain layer must not import the store/],
    ['a connector imports the store', 'src/main/engine/connectors/testbank/bad.ts', "import { createStore } from '../../store';\nexport const x = createStore;\n", /connectors\/testbank layer must not import the store/],
    ['a connector imports another connector', 'src/main/engine/connectors/statements/bad.ts', "import { testBankConnector } from '../testbank';\nexport const x = testBankConnector;\n", /must not import the connectors\/testbank/],
    ['a connector imports the event writer', 'src/main/engine/connectors/testbank/legacy-bank/bad.ts', "import { EventWriter } from '../../../events/emit';\nexport const x = EventWriter;\n", /must not import the events layer/],
    ['a route reads the store', 'src/main/engine/routes/bad.ts', "import { createStore } from '../store';\nexport const x = createStore;\n", /routes layer must not import the store/],
    ['a route opens the database', 'src/main/engine/routes/bad.ts', "import { openDatabase } from '../db/database';\nexport const x = openDatabase;\n", /routes layer must not import the db/],
    ['the store imports sync', 'src/main/engine/store/bad.ts', "import { SyncService } from '../sync/sync-service';\nexport const x = SyncService;\n", /store layer must not import the sync/],
    ['sync imports the HTTP edge', 'src/main/engine/sync/bad.ts', "import { badRequest } from '../http/errors';\nexport const x = badRequest;\n", /sync layer must not import the http/],
    ['a service throws HTTP errors', 'src/main/engine/services/bad.ts', "import { badRequest } from '../http/errors';\nexport const x = badRequest;\n", /services layer must not import the http/],
    ['a feature imports a route', 'src/main/engine/widget/bad.ts', "import { routeModules } from '../routes';\nexport const x = routeModules;\n", /widget layer must not import the routes/],
  ];
  it.each(denied)('fails when %s', async (_what, filePath, code, message) => {
    const errors = await layerErrors(code, filePath);
    expect(errors.join('\n')).toMatch(message);
  });

  it('lets each layer import what its allow-list names', async () => {
    const allowed: Array<[string, string]> = [
      ['src/main/engine/routes/ok.ts', "import { NotFound } from '../domain/errors';\nimport type { ConnectionRow } from '../store/connections';\nexport const x: ConnectionRow | NotFound | null = null;\n"],
      ['src/main/engine/sync/ok.ts', "import { createStore } from '../store';\nimport { ConnectorError } from '../connectors/types';\nexport const x = [createStore, ConnectorError];\n"],
      ['src/main/engine/connectors/testbank/ok.ts', "import { ConnectorError } from '../types';\nimport { decimalToMinor } from '../../domain/money';\nimport { x as y } from './dates';\nexport const x = [ConnectorError, decimalToMinor, y];\n"],
      ['src/main/engine/domain/ok.ts', "import { LANGUAGES } from '../../../shared/language';\nexport const x = LANGUAGES;\n"],
    ];
    for (const [filePath, code] of allowed) expect(await layerErrors(code, filePath), filePath).toEqual([]);
  });

  it('keeps the SimpleFIN emulator (test and demo code) out of the engine but for the demo’s dynamic import in cli/serve.ts', async () => {
    const statically = await layerErrors("import { startSimplefinDemo } from '../../simplefin-emulator/demo';\nexport const x = startSimplefinDemo;\n", 'src/main/engine/cli/serve.ts');
    expect(statically.join('\n')).toMatch(/must not import src\/main\/simplefin-emulator/);
    const elsewhere = await layerErrors("export const x = () => import('../../simplefin-emulator/demo');\n", 'src/main/engine/sync/bad.ts');
    expect(elsewhere.join('\n')).toMatch(/test and demo code/);
    expect(await layerErrors("export const x = () => import('../../simplefin-emulator/demo');\n", 'src/main/engine/cli/serve.ts')).toEqual([]);
  });

  it('fails when the shell imports the engine (it only forks it)', async () => {
    const errors = await restrictedImportErrors("import { startEngine } from './engine/engine';\nexport const x = startEngine;\n", 'src/main/bad.ts');
    expect(errors.join()).toMatch(/only forks the engine/);
  });
});
