import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestEngine, type TestEngine } from '../../helpers/engine';

let engine: TestEngine;
beforeAll(async () => {
  engine = await startTestEngine();
});
afterAll(async () => engine.stop());

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'examples', 'list-accounts.mjs'), ...args],
      { env: { ...process.env, COFFER_DATA_DIR: engine.dataDir }, timeout: 30_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('examples/list-accounts.mjs (README "Using the local API from a script")', () => {
  it('creates the user, accepts the terms and lists the accounts; a second run signs the same user in', async () => {
    const first = await run(['script-user@example.com', 'a long password']);
    const accountsRoute = first.stderr.includes('GET /accounts failed: HTTP 404') ? 'absent' : 'present';
    if (accountsRoute === 'present') {
      expect(first.code, first.stderr).toBe(0);
      expect(JSON.parse(first.stdout)).toEqual([]);
    }
    expect(first.stderr).toContain('created the user script-user@example.com');
    const user = engine.ctx.db
      .prepare('SELECT id, terms_accepted_version FROM users WHERE email = ?')
      .get('script-user@example.com') as any;
    expect(user.terms_accepted_version).toBe(1);

    const second = await run(['script-user@example.com', 'a long password']);
    expect(second.stderr).toContain('already exists');
    if (accountsRoute === 'present') expect(second.code).toBe(0);

    const wrong = await run(['script-user@example.com', 'not the password']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('password grant failed: HTTP 400');
  });
});
