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
