/**
 * The access URL carries the person's Bridge password (see docs/api/simplefin.md): it lives in the OS keychain only.
 * After a connection, a renewal and every kind of failure, its password appears nowhere else: not in the database file,
 * the log file, queued events, webhook deliveries, API answers or error texts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { startSimplefinEmulator, type SimplefinEmulator, type ScenarioName } from '../../../src/main/simplefin-emulator/server';
import { api, newCaller, subscribe, transactionsOf } from '../sync/sync-helpers';
import { byName, connect, keptSecret, renew, sync } from './simplefin-helpers';
import { waitSettled } from '../sync/sync-helpers';

let engine: TestEngine;
let bridge: SimplefinEmulator;
const deliveries: string[] = [];
let receiver: ReturnType<typeof createServer>;

beforeAll(async () => {
  process.env.COFFER_SIMPLEFIN_TIMEOUT_MS = '1000';
  bridge = await startSimplefinEmulator();
  engine = await startTestEngine({ logLevel: 'debug' });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      deliveries.push(JSON.stringify(req.headers) + body);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await engine?.stop();
  await bridge?.close();
  receiver?.close();
  delete process.env.COFFER_SIMPLEFIN_TIMEOUT_MS;
});

describe('SimpleFIN: the access URL never leaves the keychain', () => {
  it('database, log, events, webhooks, API answers and error texts never hold its password', async () => {
    const admin = engine.clientToken(['admin']);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    expect((await engine.http('/v2/admin/webhook', { method: 'PUT', token: admin, json: { url, secret: 'leak-test-secret-0123456789' } })).status).toBe(200);
    const c = newCaller(engine);
    const read = await subscribe(c);
    const answers: string[] = [];
    const { id } = await connect(c, bridge.mintToken());
    const scenarios: ScenarioName[] = ['con_auth', 'act_failed', 'gen_auth', 'payment_required', 'html_502', 'slow', 'revoked'];
    for (const s of scenarios) {
      bridge.clearScenarios();
      bridge.scenario(s, s === 'slow' ? { ms: 2000 } : {});
      await sync(c, id);
    }
    bridge.clearScenarios();
    expect((await renew(c, id, bridge.mintToken())).status).toBe(204);
    await waitSettled(c, id);
    bridge.scenario('rate_limited');
    await sync(c, id);
    bridge.clearScenarios();
    await sync(c, id); // refused by the budget ledger after the 429

    for (const path of [`/connections/${id}`, '/connections', `/accounts?connection_id=${id}`, `/connections/${id}/channels`]) {
      answers.push(await (await api(c, path)).text());
    }
    for (const a of Object.values(await byName(c, id))) answers.push(JSON.stringify(await transactionsOf(c, a.id)));
    const events = JSON.stringify(await read());
    await new Promise((r) => setTimeout(r, 1500)); // webhook deliveries

    expect(bridge.issuedAccessUrls.length).toBe(2);
    const secrets = bridge.issuedAccessUrls.flatMap((u) => {
      const parsed = new URL(u.trim());
      return [parsed.password, parsed.username];
    });
    expect(keptSecret(engine, id)!.access_url.trim()).toBe(bridge.issuedAccessUrls[1].trim());

    engine.ctx.db.pragma('wal_checkpoint(TRUNCATE)');
    const files = readdirSync(engine.dataDir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name));
    expect(files.some((f) => f.endsWith('coffer.db'))).toBe(true);
    expect(files.some((f) => f.endsWith('coffer.log'))).toBe(true);
    const errors = engine.ctx.db.prepare('SELECT last_error FROM channels UNION ALL SELECT error FROM sync_runs').pluck().all().join('\n');
    expect(errors).toMatch(/HTTP 402/);
    expect(deliveries.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[0-9a-f]{32}$/);
      for (const f of files) expect(readFileSync(f).includes(secret), f).toBe(false);
      expect(events.includes(secret)).toBe(false);
      expect(deliveries.join('\n').includes(secret)).toBe(false);
      expect(answers.join('\n').includes(secret)).toBe(false);
      expect(errors.includes(secret)).toBe(false);
    }
  });
});
