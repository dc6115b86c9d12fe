/**
 * `npm run bench -- enablebanking`: the first synchronization of an Enable Banking connection of 10
 * accounts × 5,000 transactions served by the loopback emulator in pages of 50, end to end through real
 * HTTP (POST /connections with the code from the emulated bank page → SUCCESS seen by the client): the
 * code exchange, 10 balance reads, 1,000 transaction pages, mapping, pending rules and the write.
 *
 * Baseline (same run): the engine's own ingest of the same rows — its work on them once fetched (checking,
 * converting, the one results transaction), from its `channel synchronized` log line. Target: the end to end
 * rate is at least half the ingest rate (the emulator answers in well under 1 ms).
 *
 * The emulator runs in a process of its own (enablebanking-emulator-process.ts), as Enable Banking's API is
 * another machine: the rate measured is the engine's, not the engine's plus the emulator's on one thread.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { createInterface } from 'node:readline';
import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestEngine } from '../../test/helpers/engine';
import type { Report } from '../report';
import { lastSyncLog } from './engine-calls';
import type { Scenario } from './index';

const ACCOUNTS = 10;
const ROWS = 5000;
const APP = 'bench-app-0000-4000-8000-000000000000';
const REDIRECT = 'https://coffer.invalid/eb/callback';
const SCOPES = ['accounts_read', 'transactions_read', 'connections_manage', 'connections_sync'] as const;

export const enableBankingScenario: Scenario = {
  name: 'enablebanking',
  async run(report: Report) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    // 5,000 rows within the 730 days of the first synchronization: about 7 a day.
    const emu = await startEmulatorProcess({
      options: { rowsPerAccount: ROWS, redirectBankAccounts: ACCOUNTS, spacingDays: 0.14 },
      app: { application_id: APP, public_key_pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), redirect_urls: [REDIRECT], countries: ['FI'] },
    });
    process.env.COFFER_ENABLEBANKING_URL = emu.url;
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-eb-'));
    const engine = await startTestEngine({ dataDir, logLevel: 'info' });
    try {
      const admin = engine.clientToken(['admin']);
      const put = await engine.http('/v2/admin/connectors/enablebanking', {
        method: 'PUT',
        token: admin,
        json: { application_id: APP, private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
      });
      if (put.status !== 200) throw new Error(`PUT /admin/connectors/enablebanking: ${put.status} ${await put.text()}`);
      const user = engine.createUser();
      const token = engine.userToken(user, SCOPES);
      const providers = (await (await engine.http('/v2/providers?q=Mock%20Redirect&pagination=false', { token })).json()) as Array<{ id: string }>;
      const pid = providers[0].id;
      const auth = await engine.http(`/v2/providers/${pid}/channel_definitions/${pid}01/authorize_url`, {
        method: 'POST',
        token,
        json: { redirect_uri: REDIRECT, state: 'bench' },
      });
      const { url } = (await auth.json()) as { url: string };
      const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
      const before = await emu.requests();
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const res = await engine.http('/v2/connections', {
        method: 'POST',
        token,
        json: {
          provider_id: pid,
          channel_definition_id: `${pid}01`,
          credentials: [
            { id: 'AUTHORIZATION_CODE', value: back.searchParams.get('code') },
            { id: 'STATE', value: 'bench' },
          ],
        },
      });
      if (res.status !== 201) throw new Error(`POST /connections: ${res.status} ${await res.text()}`);
      const id = res.headers.get('location')!.split('/').pop()!;
      let status = 'RUNNING';
      while (status === 'RUNNING') {
        await new Promise((r) => setTimeout(r, 20));
        status = ((await (await engine.http(`/v2/connections/${id}`, { token })).json()) as { status: string }).status;
      }
      const endToEndMs = performance.now() - started;
      // The engine runs in this process (the emulator in its own): its CPU time, against the wall time above.
      const cpu = process.cpuUsage(cpuBefore);
      if (status !== 'SUCCESS') throw new Error(`the synchronization ended ${status}`);
      const requests = (await emu.requests()) - before;
      // Waited for: the results writer thread makes SUCCESS visible before the main thread logs the run.
      const line = await lastSyncLog<{ transactions: number; prepareMs: number; writeMs: number; totalMs: number }>(dataDir);
      if (!line || line.transactions !== ACCOUNTS * ROWS) throw new Error(`unexpected ingest: ${JSON.stringify(line)}`);
      const e2e = line.transactions / (endToEndMs / 1000);
      const ingest = line.transactions / ((line.prepareMs + line.writeMs) / 1000);
      report.row({
        scenario: 'enablebanking',
        metric: `first sync ${ACCOUNTS}×${ROWS} end to end`,
        value: e2e,
        unit: 'tx/s',
        baseline: ingest,
        ratio: e2e / ingest,
        target: 'ratio ≥ 0.5',
        pass: e2e / ingest >= 0.5,
      });
      report.row({ scenario: 'enablebanking', metric: 'requests to Enable Banking', value: requests, unit: 'requests' });
      report.row({ scenario: 'enablebanking', metric: 'end to end time', value: endToEndMs, unit: 'ms' });
      report.row({
        scenario: 'enablebanking',
        metric: `engine CPU time (user ${Math.round(cpu.user / 1000)} + system ${Math.round(cpu.system / 1000)} ms; results thread included)`,
        value: (cpu.user + cpu.system) / 1000,
        unit: 'ms',
      });
      report.row({
        scenario: 'enablebanking',
        metric: `engine ingest (check ${line.prepareMs} ms + write ${line.writeMs} ms), connector and bank ${line.totalMs - line.prepareMs - line.writeMs} ms`,
        value: line.prepareMs + line.writeMs,
        unit: 'ms',
      });
    } finally {
      await engine.stop();
      await emu.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

interface EmulatorProcess {
  url: string;
  requests(): Promise<number>;
  close(): Promise<void>;
}

/** Starts enablebanking-emulator-process.ts and talks to it by lines of JSON. */
async function startEmulatorProcess(input: unknown): Promise<EmulatorProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'enablebanking-emulator-process.ts'), JSON.stringify(input)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => {
    const line = await lines.next();
    if (line.done) throw new Error('the emulator process ended');
    return JSON.parse(line.value) as Record<string, unknown>;
  };
  const { url } = (await next()) as { url: string };
  return {
    url,
    async requests() {
      child.stdin!.write('requests\n');
      return Number((await next()).requests);
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.write('close\n');
      await exited;
    },
  };
}
