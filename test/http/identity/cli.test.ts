import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestEngine, type TestEngine } from '../../helpers/engine';
import { apiCreateUser, integrator, tokenRequest } from './identity-helpers';

/** The CLI run as a child process against the data directory of a running engine (SQLite WAL allows it). */
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = join(ROOT, 'src', 'main', 'engine', 'cli', 'index.ts');

let engine: TestEngine;
let user: { id: string; email: string; password: string };
beforeAll(async () => {
  engine = await startTestEngine();
  user = await apiCreateUser(engine);
});
afterAll(async () => engine.stop());

function cli(
  args: string[],
  dataDir: string | null = engine.dataDir,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const full = dataDir ? [...args, '--data-dir', dataDir] : args;
  return new Promise((resolve) => {
    execFile(
      TSX,
      [CLI, ...full],
      { cwd: ROOT, env: { ...process.env, COFFER_DATA_DIR: '' }, timeout: 30_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

const count = (sql: string) => (engine.ctx.db.prepare(sql).get() as { n: number }).n;

describe('npm run cli -- tokens', () => {
  it('creates a personal access token shown once, lists it without its value, revokes it', async () => {
    const created = await cli([
      'tokens',
      'create',
      '--user',
      user.email.toUpperCase(),
      '--scope',
      'profile accounts_read',
      '--name',
      'nightly export',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const pat = JSON.parse(created.stdout);
    expect(pat).toMatchObject({
      name: 'nightly export',
      scopes: ['profile', 'accounts_read'],
      user_id: user.id,
      user_email: user.email,
      token: expect.stringMatching(/^cpat_/),
    });

    // The running engine accepts it at once.
    await engine.http('/v2/users/me/terms', { method: 'POST', token: pat.token });
    const me = await engine.http('/v2/users/me', { token: pat.token });
    expect(me.status).toBe(200);

    const listed = await cli(['tokens', 'list', '--user', user.email]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(pat.id);
    expect(listed.stdout).toContain('nightly export');
    expect(listed.stdout).not.toContain(pat.token);
    const json = JSON.parse((await cli(['tokens', 'list', '--json'])).stdout) as any[];
    expect(json.find((t) => t.id === pat.id)).toMatchObject({ user_email: user.email });
    expect(JSON.stringify(json)).not.toContain(pat.token);

    const revoked = await cli(['tokens', 'revoke', pat.id]);
    expect(revoked.code).toBe(0);
    expect((await engine.http('/v2/users/me', { token: pat.token })).status).toBe(401);
    const again = await cli(['tokens', 'revoke', pat.id]);
    expect(again.code).toBe(2);
  });

  it('prints the token once in human form too', async () => {
    const r = await cli(['tokens', 'create', '--user', user.email, '--scope', 'transactions_read']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/token: {2}cpat_\S+/);
    expect(r.stdout).toContain('will not be shown again');
  });

  it('refuses bad input with exit code 2 and creates nothing', async () => {
    const before = count("SELECT COUNT(*) AS n FROM oauth_tokens WHERE kind = 'pat'");
    const cases = [
      ['tokens', 'create', '--user', 'nobody@example.com', '--scope', 'profile'],
      ['tokens', 'create', '--user', user.email, '--scope', 'profile banana'],
      ['tokens', 'create', '--user', user.email, '--scope', 'admin'],
      ['tokens', 'create', '--user', user.email],
      ['tokens', 'create', '--scope', 'profile'],
      ['tokens', 'create', '--user', user.email, '--scope', 'profile', '--bogus'],
      ['tokens', 'destroy'],
      ['tokens', 'revoke'],
    ];
    const results = await Promise.all(cases.map((args) => cli(args)));
    results.forEach((r, i) => {
      expect(r.code, cases[i].join(' ')).toBe(2);
      expect(r.stderr, cases[i].join(' ')).toMatch(/^coffer: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
    expect(count("SELECT COUNT(*) AS n FROM oauth_tokens WHERE kind = 'pat'")).toBe(before);
  });
});

describe('npm run cli -- clients', () => {
  it('creates a confidential client whose secret works, lists it, revokes it', async () => {
    const created = await cli([
      'clients',
      'create',
      '--name',
      'Sheets sync',
      '--redirect-uri',
      'https://sheets.example/cb',
      '--redirect-uri',
      'http://127.0.0.1:8000/cb',
      '--json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const c = JSON.parse(created.stdout);
    expect(c).toMatchObject({
      name: 'Sheets sync',
      type: 'confidential',
      redirect_uris: ['https://sheets.example/cb', 'http://127.0.0.1:8000/cb'],
      scopes: ['users_create'],
      client_secret: expect.stringMatching(/^ccs_/),
    });
    const t = await tokenRequest(engine, {
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
    });
    expect(t.status).toBe(200);

    const listed = await cli(['clients', 'list']);
    expect(listed.stdout).toContain(c.client_id);
    expect(listed.stdout).toContain('(integrator)');
    expect(listed.stdout).not.toContain(c.client_secret);

    expect((await cli(['clients', 'revoke', c.client_id])).code).toBe(0);
    const after = await tokenRequest(engine, {
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
    });
    expect(after.body.error).toBe('invalid_client');
  });

  it('creates public clients without a secret', async () => {
    const r = await cli(['clients', 'create', '--name', 'CLI app', '--public']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(public)');
    expect(r.stdout).not.toContain('client_secret');
  });

  it('refuses bad input and the integrator client with exit code 2', async () => {
    const before = count('SELECT COUNT(*) AS n FROM oauth_clients WHERE revoked_date IS NULL');
    const cases = [
      ['clients', 'create'],
      ['clients', 'create', '--name', 'x', '--redirect-uri', 'http://evil.example/cb'],
      ['clients', 'create', '--name', 'x', '--scope', 'profile'],
      ['clients', 'create', '--name', 'x', '--public', '--scope', 'admin'],
      ['clients', 'revoke', integrator(engine).client_id],
      ['clients', 'revoke', 'client_nope'],
    ];
    const results = await Promise.all(cases.map((args) => cli(args)));
    results.forEach((r, i) => expect(r.code, `${cases[i].join(' ')}: ${r.stderr}`).toBe(2));
    expect(count('SELECT COUNT(*) AS n FROM oauth_clients WHERE revoked_date IS NULL')).toBe(before);
  });
});

describe('npm run cli', () => {
  it('explains itself, and refuses a data directory without a database', async () => {
    const help = await cli(['help'], null);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('tokens create --user EMAIL');
    const none = await cli([], null);
    expect(none.code).toBe(2);
    const empty = mkdtempSync(join(tmpdir(), 'coffer-cli-'));
    try {
      const r = await cli(['tokens', 'list'], empty);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('no Coffer database');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('serve starts the engine and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coffer-cli-serve-'));
    try {
      const child = spawn(TSX, [CLI, 'serve', '--data-dir', dir, '--port', '0'], {
        cwd: ROOT,
        env: { ...process.env, COFFER_LOG_LEVEL: 'error' },
      });
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /coffer ready (\S+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      expect((await fetch(`${url}/health`)).status).toBe(200);
      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', (c) => resolve(c));
        child.kill('SIGTERM');
      });
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
