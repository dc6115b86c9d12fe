import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEngineDb } from '../../helpers/data-dir-db';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

let engine: TestEngine | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await engine?.stop();
  engine = undefined;
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** What a person gets by copying coffer.db alone while the engine runs: the users that copy holds. */
function usersInACopyOf(file: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'coffer-copy-'));
  dirs.push(dir);
  const copy = join(dir, 'coffer.db');
  copyFileSync(file, copy);
  // The copy is encrypted like the file: read with the data folder's key.
  const db = openEngineDb(copy, { readonly: true }, dirname(file));
  try {
    return (db.prepare('SELECT email FROM users').pluck().all() as string[]).sort();
  } catch {
    return [];
  } finally {
    db.close();
  }
}

describe('a copy of coffer.db taken while the engine runs', () => {
  it('holds what was written before the last checkpoint, not an empty database', async () => {
    engine = await startTestEngine({ checkpointEveryMs: 50 });
    engine.createUser('kept@example.com');
    const file = join(engine.dataDir, 'coffer.db');
    let found: string[] = [];
    for (let i = 0; i < 200 && !found.includes('kept@example.com'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      found = usersInACopyOf(file);
    }
    expect(found).toContain('kept@example.com');
  });
});
