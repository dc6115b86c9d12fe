/**
 * `npm run cli -- import FILE… --user EMAIL`: run as a child process against a running engine (the test
 * engine writes DIR/server.json like `npm run serve` does), talking to it over HTTP.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCommand } from '../../../src/main/engine/cli/import-command';
import { ROOT, startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, getJson, totalTransactions, type Caller } from '../sync/sync-helpers';
import { BAD, documents, hasKeychain, SAMPLES } from './documents-helpers';

const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(ROOT, 'src', 'main', 'engine', 'cli', 'index.ts');

function cli(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [CLI, 'import', ...args, '--data-dir', dataDir],
      { cwd: ROOT, env: { ...process.env, COFFER_DATA_DIR: '' }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run cli -- import, without an engine', () => {
  it('says clearly that no engine runs for the data directory (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-no-engine-'));
    const res = await cli([join(SAMPLES, 'qif-ccard-us.qif'), '--user', 'nobody@example.com'], dir);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`no Coffer engine is running for ${dir}`);
    expect(res.stderr).toContain('npm run serve -- --data-dir');

    writeFileSync(
      join(dir, 'server.json'),
      JSON.stringify({ pid: 2 ** 22 + 12345, host_url: 'http://127.0.0.1:9', base_url: 'http://127.0.0.1:9/v2' }),
    );
    const stale = await cli([join(SAMPLES, 'qif-ccard-us.qif'), '--user', 'nobody@example.com'], dir);
    expect(stale.code).toBe(2);
    expect(stale.stderr).toMatch(/no Coffer engine is running .*left from a stopped engine/);
  });
});

describe.skipIf(!hasKeychain)('npm run cli -- import, against a running engine', () => {
  let engine: TestEngine;
  let c: Caller;
  let email: string;
  beforeAll(async () => {
    engine = await startTestEngine();
    email = `importer-${Date.now()}@example.com`;
    const userId = engine.createUser(email);
    c = {
      engine,
      userId,
      token: engine.userToken(userId, ['accounts_read', 'transactions_read', 'connections_manage']),
    };
  });
  afterAll(async () => engine?.stop());

  it('creates the statement-files connection, uploads each file, waits for the import, prints a table (exit 0)', async () => {
    const res = await cli(
      [join(SAMPLES, 'ofx1-bank-fr-cp1252.ofx'), join(SAMPLES, 'camt053-fr-2-accounts.xml'), '--user', email],
      engine.dataDir,
    );
    expect(res.code, res.stderr).toBe(0);
    // Not a terminal: plain progress lines on stderr, no carriage returns.
    expect(res.stderr).toMatch(/^created connection \d+ "Statement files"/m);
    expect(res.stderr).toMatch(/^uploaded ofx1-bank-fr-cp1252\.ofx \(1\.7 KB\)$/m);
    expect(res.stderr).toMatch(/^imported ofx1-bank-fr-cp1252\.ofx: 6 transactions$/m);
    expect(res.stderr).toMatch(/^imported camt053-fr-2-accounts\.xml: 5 transactions$/m);
    expect(res.stderr).not.toContain('\r');
    expect(res.stdout).toMatch(/^FILE\s+STATUS\s+TRANSACTIONS\s+DETAIL$/m);
    expect(res.stdout).toMatch(/^ofx1-bank-fr-cp1252\.ofx\s+IMPORTED\s+6$/m);
    expect(res.stdout).toMatch(/^camt053-fr-2-accounts\.xml\s+IMPORTED\s+5$/m);

    const connections = await getJson(c, '/connections?provider_id=9500');
    expect(connections).toHaveLength(1);
    const accounts = await accountsOf(c, connections[0].id);
    expect(accounts.map((a) => a.reference).sort()).toEqual([
      '00012345678',
      '0012345678901',
      'FR7630006000011234567890189',
    ]);
    const ofxAccount = accounts.find((a) => a.reference === '00012345678');
    expect(await totalTransactions(c, ofxAccount.id)).toBe(6);
    // The token it minted is revoked when it ends.
    const live = engine.ctx.db
      .prepare("SELECT count(*) AS n FROM oauth_tokens WHERE user_id = ? AND kind = 'access' AND revoked_date IS NULL")
      .get(c.userId) as { n: number };
    expect(live.n).toBe(1); // the test's own token only
  });

  it('uses the existing connection; a bad file is reported FAILED with its line, good ones still import (exit 1)', async () => {
    const [connection] = await getJson(c, '/connections?provider_id=9500');
    const res = await cli(
      [join(SAMPLES, 'qif-ccard-us.qif'), join(BAD, 'truncated.ofx'), '--user', email, '--account', 'Visa'],
      engine.dataDir,
    );
    expect(res.code).toBe(1);
    expect(res.stderr).not.toMatch(/created connection/);
    expect(res.stdout).toMatch(/^qif-ccard-us\.qif\s+IMPORTED\s+4$/m);
    expect(res.stdout).toMatch(
      /^truncated\.ofx\s+FAILED\s+truncated\.ofx, line 52: truncated file/m,
    );
    const refs = (await accountsOf(c, connection.id)).map((a) => a.reference);
    expect(refs).toContain('Visa|CREDIT_CARD|EUR');
    const report = await documents(c, connection.id);
    expect(report.filter((d) => d.source === 'UPLOAD').map((d) => [d.file_name, d.status])).toEqual(
      expect.arrayContaining([
        ['qif-ccard-us.qif', 'IMPORTED'],
        ['truncated.ofx', 'FAILED'],
      ]),
    );
  });

  it('on a terminal, one progress bar redrawn in place (files, bytes, then transactions)', async () => {
    let progress = '';
    const out: string[] = [];
    const code = await importCommand(
      [join(SAMPLES, 'mt940-de-2-statements.sta'), '--user', email, '--data-dir', engine.dataDir],
      { out: (t) => out.push(t), err: (t) => out.push(t) },
      { isTTY: true, columns: 120, write: (s: string) => (progress += s) },
    );
    expect(code).toBe(0);
    expect(progress).toMatch(/\r\[#{24}\] uploading 1\/1 mt940-de-2-statements\.sta · 906 bytes of 906 bytes/);
    expect(progress).toMatch(/\r\[#{24}\] importing · 1\/1 files · 4 transactions/);
    expect(progress).not.toMatch(/^imported/m);
    expect(out.join('\n')).toMatch(/^mt940-de-2-statements\.sta\s+IMPORTED\s+4$/m);
  });

  it('usage mistakes: exit 2 with a message', async () => {
    const noUser = await cli([join(SAMPLES, 'qif-ccard-us.qif')], engine.dataDir);
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toContain('--user is required');
    const unknown = await cli([join(SAMPLES, 'qif-ccard-us.qif'), '--user', 'ghost@example.com'], engine.dataDir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no user with the e-mail ghost@example.com');
    const missing = await cli([join(SAMPLES, 'nope.ofx'), '--user', email], engine.dataDir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
  });
});
