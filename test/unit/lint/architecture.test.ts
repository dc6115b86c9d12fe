/**
 * What lint's per-file allow-lists (coffer/engine-layers) cannot see: a cycle between engine units made of
 * imports each allowed on its own (identity → app-session → identity, or a folder and a file at the engine's
 * root importing each other), and SQL written outside store/ and db/. Both are measured by
 * scripts/architecture-report.mjs, which exits with 1 when either is found; here they must stay at zero.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const script = join(root, 'scripts/architecture-report.mjs');

interface Report {
  sql_sites_outside_store: number;
  folder_cycles: string[][];
  direct_folder_cycles: string[];
}

describe('the engine’s architecture', () => {
  it('has no SQL outside store/ and db/, and no import cycle between its folders and root files', () => {
    const result = spawnSync(process.execPath, [script, '--json'], { encoding: 'utf8' });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.sql_sites_outside_store).toBe(0);
    expect(report.folder_cycles).toEqual([]);
    expect(report.direct_folder_cycles).toEqual([]);
    expect(result.status).toBe(0);
  }, 60_000);
});

describe('the architecture report', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  /** A repository holding only the given engine files (paths below src/main/engine). */
  function project(files: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'coffer-arch-'));
    for (const [path, text] of Object.entries(files)) {
      const file = join(dir, 'src/main/engine', path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    return dir;
  }

  const run = (repo: string) => spawnSync(process.execPath, [script, '--json', '--root', repo], { encoding: 'utf8' });

  it('fails on a cycle through a file at the engine’s root, type-only imports included', () => {
    const repo = project({
      'context.ts': "import type { Identity } from './identity/identity';\nexport interface Engine { identity: Identity }\n",
      'identity/identity.ts': "import type { Engine } from '../context';\nexport interface Identity { engine(): Engine }\n",
      'store/users.ts': 'export const users = 1;\n',
    });
    const result = run(repo);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.folder_cycles).toEqual([['context.ts', 'identity']]);
    expect(report.direct_folder_cycles).toEqual(['context.ts ↔ identity']);
  });

  it('fails on a cycle between folders through a third one', () => {
    const repo = project({
      'a/one.ts': "export { two } from '../b/two';\n",
      'b/two.ts': "export const two = () => import('../c');\n",
      'c/index.ts': "import { one } from '../a/one';\nexport default one;\n",
    });
    const result = run(repo);
    expect(result.status).toBe(1);
    expect((JSON.parse(result.stdout) as Report).folder_cycles).toEqual([['a', 'b', 'c']]);
  });

  it('passes when the imports go one way', () => {
    const repo = project({
      'context.ts': "import type { Identity } from './identity/identity';\nexport interface Engine { identity: Identity }\n",
      'identity/identity.ts': 'export interface Identity { id: number }\n',
    });
    const result = run(repo);
    expect(result.status).toBe(0);
    expect((JSON.parse(result.stdout) as Report).folder_cycles).toEqual([]);
  });
});
