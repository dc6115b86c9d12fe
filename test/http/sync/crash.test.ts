/**
 * Reliability (see docs/api/synchronization.md): the engine is SIGKILLed in the middle of writing a user_big
 * synchronization, then restarted on the same data directory. The database is intact, no half-written result is
 * visible, nothing stays RUNNING, and the next synchronization brings exactly the expected 100 000 transactions.
 */
import type Database from 'better-sqlite3-multiple-ciphers';
import { CompactEncrypt, importJWK } from 'jose';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken, newTokenValue } from '../../../src/main/engine/auth/token-hash';
import { spawnServe, type ServeProcess } from '../../helpers/serve-process';
import { ALL_SCOPES } from './sync-helpers';
import { openEngineDb } from '../../helpers/data-dir-db';

const dir = mkdtempSync(join(tmpdir(), 'coffer-crash-'));
const running: ServeProcess[] = [];
afterAll(async () => {
  for (const p of running) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<ServeProcess> {
  const p = await spawnServe(['--data-dir', dir, '--port', '0']);
  running.push(p);
  return p;
}

describe('a kill mid-synchronization (see docs/api/synchronization.md)', () => {
  it('leaves the previous data intact, nothing RUNNING, and the next synchronization completes exactly', async () => {
    let engine = await start();
    const db = openEngineDb(join(dir, 'coffer.db'));
    db.pragma('busy_timeout = 0');
    const indexesOf = (d: Database.Database) =>
      d
        .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' ORDER BY name")
        .all();
    const indexes = indexesOf(db);
    expect(indexes.length).toBeGreaterThan(3);
    const now = Math.floor(Date.now() / 1000);
    const userId = Number(
      db
        .prepare(
          "INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES ('crash@example.com', 'x', ?, 1000000)",
        )
        .run(now).lastInsertRowid,
    );
    const token = newTokenValue('cat');
    db.prepare(
      "INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', ?, ?, ?, ?)",
    ).run(hashToken(token), userId, ALL_SCOPES.join(' '), now, now + 7200);
    const call = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      fetch(`${engine.hostUrl}/v2${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });

    const keyRes = await call('/keys', { method: 'POST', json: {} });
    const keyId = keyRes.headers.get('location')!.split('/').pop()!;
    const key = (await (await call(`/keys/${keyId}`)).json()) as any;
    const jwe = await new CompactEncrypt(new TextEncoder().encode('pass_ok'))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: keyId })
      .encrypt(await importJWK(key.jwk, 'RSA-OAEP-256'));
    const created = await call('/connections', {
      method: 'POST',
      json: {
        provider_id: '9000',
        channel_definition_id: '900000',
        key_id: keyId,
        credentials: [
          { id: 'login', value: 'user_big' },
          { id: 'password', value: jwe },
        ],
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const id = Number(created.headers.get('location')!.split('/').pop());

    // Wait for the results transaction: the engine holds the write lock for a while (a short event write
    // holds it for microseconds, so two busy probes in a row mean the big write is going on).
    const busy = () => {
      try {
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
        return false;
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
        throw err;
      }
    };
    const deadline = Date.now() + 30_000;
    let streak = 0;
    while (streak < 2) {
      if (Date.now() > deadline) throw new Error('never saw the results transaction');
      const runRow = db
        .prepare("SELECT count(*) FROM sync_runs WHERE connection_id = ? AND status = 'RUNNING'")
        .pluck()
        .get(id) as number;
      streak = runRow > 0 && busy() ? streak + 1 : 0;
      await new Promise((r) => setTimeout(r, 5));
    }
    engine.child.kill('SIGKILL');
    expect(await engine.exited).toBe('SIGKILL');
    db.close();

    engine = await start();
    const check = openEngineDb(join(dir, 'coffer.db'), { readonly: true });
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      // The big write rebuilds the transaction indexes inside its transaction: the kill rolled that back too.
      expect(indexesOf(check)).toEqual(indexes);
      const count = check
        .prepare('SELECT count(*) FROM transactions t JOIN accounts a ON a.id = t.account_id WHERE a.connection_id = ?')
        .pluck()
        .get(id) as number;
      expect(count).toBe(0);
      expect(
        check.prepare("SELECT count(*) FROM channels WHERE status IN ('RUNNING', 'CHALLENGE_REQUIRED')").pluck().get(),
      ).toBe(0);
      expect(check.prepare("SELECT count(*) FROM connections WHERE status = 'RUNNING'").pluck().get()).toBe(0);
      expect(check.prepare("SELECT count(*) FROM sync_runs WHERE status = 'RUNNING'").pluck().get()).toBe(0);
      expect(check.prepare('SELECT status FROM sync_runs WHERE connection_id = ?').pluck().get(id)).toBe('FAILED');
    } finally {
      check.close();
    }
    const after = (await (await call(`/connections/${id}`)).json()) as any;
    expect(after.status).toBe('FAILED');
    expect(after.channels[after.channels.length - 1].status).not.toBe('RUNNING');

    expect((await call(`/connections/${id}/synchronize`, { method: 'POST' })).status).toBe(204);
    const end = Date.now() + 60_000;
    let status = 'RUNNING';
    while (status === 'RUNNING' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      status = ((await (await call(`/connections/${id}`)).json()) as any).status;
    }
    expect(status).toBe('SUCCESS');
    const accounts = (await (await call(`/accounts?connection_id=${id}`)).json()) as any[];
    expect(accounts).toHaveLength(1);
    const total = await call(`/transactions?account_id=${accounts[0].id}&included_statuses=BOOKED,PENDING&limit=1`);
    expect(total.headers.get('x-total-count')).toBe('100000');

    engine.child.kill('SIGTERM');
    expect(await engine.exited).toBe(0);
  }, 120_000);
});
