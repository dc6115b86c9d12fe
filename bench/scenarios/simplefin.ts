/**
 * `npm run bench -- simplefin`: the first synchronization of a SimpleFIN connection whose Bridge (the
 * loopback emulator, in this process) answers the large payload — 50 accounts × 900 transactions over the
 * last 365 days — end to end through real HTTP: POST /connections with the setup token (a JWE), then
 * GET /connections/{id} every 20 ms until SUCCESS. The engine runs as a child process (`serve.ts`) so that
 * its peak RSS (VmHWM) is its own.
 *
 * Figures: end to end (claim, five 90-day windows over HTTP, JSON, mapping, settlement, write) in
 * transactions/s, against the engine's own ingest of the same rows in the same run (its `channel
 * synchronized` log line: checks + the one results transaction). Target: end to end ≥ 0.8 × ingest.
 */
import { openEngineDb } from './engine-db';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompactEncrypt, importJWK } from 'jose';
import { hashToken, newTokenValue } from '../../src/main/engine/auth/token-hash';
import { startSimplefinEmulator } from '../../src/main/simplefin-emulator/server';
import type { Report } from '../report';
import { caller, lastSyncLog, waitWhileRunning } from './engine-calls';
import type { Scenario } from './index';
import { peakRssMb, startChild } from './sync';

const ACCOUNTS = 50;
const PER_ACCOUNT = 900;
const EXPECTED = ACCOUNTS * PER_ACCOUNT;
const SCOPES = 'accounts_read transactions_read connections_manage connections_sync';

interface Measure {
  endToEndMs: number;
  rssMb?: number;
  log?: { transactions: number; prepareMs: number; writeMs: number; totalMs: number };
}

async function measureOnce(): Promise<Measure> {
  const bridge = await startSimplefinEmulator();
  bridge.scenario('huge', { accounts: ACCOUNTS, tx: PER_ACCOUNT });
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-simplefin-'));
  let child: Awaited<ReturnType<typeof startChild>> | undefined;
  try {
    child = await startChild(dataDir);
    const base = `${child.hostUrl}/v2`;
    const setup = openEngineDb(join(dataDir, 'coffer.db'));
    const now = Math.floor(Date.now() / 1000);
    const userId = Number(
      setup
        .prepare("INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES ('bench-sfin@example.com', 'x', ?, 1000000)")
        .run(now).lastInsertRowid,
    );
    const token = newTokenValue('cat');
    setup
      .prepare("INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', ?, ?, ?, ?)")
      .run(hashToken(token), userId, SCOPES, now, now + 3600);
    setup.close();
    const call = caller(base, token);
    const keyRes = await call('/keys', { method: 'POST', json: {} });
    if (keyRes.status !== 201) throw new Error(`POST /keys: ${keyRes.status} ${await keyRes.text()}`);
    const keyId = keyRes.headers.get('location')!.split('/').pop()!;
    const key = (await (await call(`/keys/${keyId}`)).json()) as { jwk: Record<string, unknown> };
    const jwe = await new CompactEncrypt(new TextEncoder().encode(bridge.mintToken()))
      .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: keyId })
      .encrypt(await importJWK(key.jwk as never, 'RSA-OAEP-256'));
    const started = performance.now();
    const created = await call('/connections', {
      method: 'POST',
      json: { provider_id: '9600', channel_definition_id: '960000', key_id: keyId, credentials: [{ id: 'setup_token', value: jwe }] },
    });
    if (created.status !== 201) throw new Error(`POST /connections: ${created.status} ${await created.text()}`);
    const id = created.headers.get('location')!.split('/').pop()!;
    const status = await waitWhileRunning(call, id);
    const endToEndMs = performance.now() - started;
    if (status !== 'SUCCESS') throw new Error(`the synchronization ended ${status}`);
    const rssMb = peakRssMb(child.enginePid);
    const log = await lastSyncLog<Measure['log']>(dataDir);
    const read = openEngineDb(join(dataDir, 'coffer.db'), { readonly: true });
    const count = read.prepare('SELECT count(*) FROM transactions WHERE user_id = ?').pluck().get(userId) as number;
    read.close();
    if (count !== EXPECTED) throw new Error(`expected ${EXPECTED} transactions, found ${count}`);
    if (bridge.accountsCalls() !== 5) throw new Error(`expected 5 GET /accounts, saw ${bridge.accountsCalls()}`);
    return { endToEndMs, rssMb, log };
  } finally {
    await child?.stop();
    await bridge.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const REPEAT = Number(process.env.COFFER_BENCH_SIMPLEFIN_REPEAT ?? 3);

export const simplefinScenario: Scenario = {
  name: 'simplefin',
  async run(report: Report) {
    const measures: Measure[] = [];
    for (let i = 0; i < REPEAT; i++) measures.push(await measureOnce());
    const best = measures.reduce((a, b) => (b.endToEndMs < a.endToEndMs ? b : a));
    const logs = measures.map((m) => m.log).filter((l): l is NonNullable<Measure['log']> => l !== undefined);
    const bestIngest = logs.reduce<Measure['log']>((a, b) => (!a || b.prepareMs + b.writeMs < a.prepareMs + a.writeMs ? b : a), undefined);
    const e2eRate = EXPECTED / (best.endToEndMs / 1000);
    report.row({ scenario: 'simplefin', metric: `50 accounts × 900 tx first sync, POST → SUCCESS (best of ${REPEAT})`, value: best.endToEndMs / 1000, unit: 's' });
    if (bestIngest) {
      const ingestRate = bestIngest.transactions / ((bestIngest.prepareMs + bestIngest.writeMs) / 1000);
      report.row({
        scenario: 'simplefin',
        metric: 'end to end (claim, 5 windows over HTTP, JSON, mapping, write)',
        value: Math.round(e2eRate),
        unit: 'tx/s',
        baseline: Math.round(ingestRate),
        ratio: e2eRate / ingestRate,
        target: 'ratio ≥ 0.8 of the engine ingest',
        pass: e2eRate / ingestRate >= 0.8,
      });
      report.row({
        scenario: 'simplefin',
        metric: `engine ingest of the same rows (check ${bestIngest.prepareMs} ms + write ${bestIngest.writeMs} ms)`,
        value: Math.round(ingestRate),
        unit: 'tx/s',
      });
      report.row({ scenario: 'simplefin', metric: 'time in the connector and the Bridge (not the ingest)', value: (bestIngest.totalMs - bestIngest.prepareMs - bestIngest.writeMs) / 1000, unit: 's' });
    } else {
      report.row({ scenario: 'simplefin', metric: 'end to end', value: Math.round(e2eRate), unit: 'tx/s' });
    }
    const rss = Math.max(...measures.map((m) => m.rssMb ?? 0));
    if (rss > 0) report.row({ scenario: 'simplefin', metric: 'engine peak RSS (VmHWM)', value: Math.round(rss), unit: 'MB', target: '≤ 300 MB', pass: rss <= 300 });
  },
};
