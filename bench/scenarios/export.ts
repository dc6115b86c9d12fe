import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { hashToken, newTokenValue } from '../../src/main/engine/auth/token-hash';
import { startEngine, type RunningEngine } from '../../src/main/engine/engine';
import { projectRoot } from '../../src/main/engine/paths';
import type { Report } from '../report';
import type { Scenario } from './index';
import { generate } from './transactions';

/**
 * Export of one user's 1,000,000 transactions (GET /v2/users/me/export, streamed to a file) and their import
 * into a fresh user (POST /v2/users/me/import, the file streamed as the body), over real HTTP, the engine
 * in this process. Baseline of the import, in the same run: the generation of the same rows, one prepared
 * INSERT in one transaction (faster than any ingest of the engine, so the ratio is a lower bound). Peak RSS
 * is this process's VmHWM, reset (/proc/self/clear_refs) before each step; the client side only streams.
 */
const TOTAL = 1_000_000;

function resetPeak(): void {
  writeFileSync('/proc/self/clear_refs', '5');
}

function peakMb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

function token(engine: RunningEngine, userId: number): string {
  const value = newTokenValue('cat');
  engine.ctx.db
    .prepare("INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', ?, 'profile profile_edit', ?, ?)")
    .run(hashToken(value), userId, engine.ctx.now(), engine.ctx.now() + 36_000);
  return value;
}

function newUser(engine: RunningEngine, email: string): number {
  return Number(
    engine.ctx.db
      .prepare("INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES (?, 'x', ?, 1000000)")
      .run(email, engine.ctx.now()).lastInsertRowid,
  );
}

async function download(url: string, bearer: string, file: string): Promise<void> {
  const res = await new Promise<http.IncomingMessage>((ok, fail) => http.get(url, { headers: { authorization: `Bearer ${bearer}` } }, ok).on('error', fail));
  if (res.statusCode !== 200) throw new Error(`export answered ${res.statusCode}`);
  await pipeline(res, createWriteStream(file));
}

async function upload(url: string, bearer: string, file: string): Promise<string> {
  return new Promise((ok, fail) => {
    const req = http.request(url, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'content-length': statSync(file).size } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => (res.statusCode === 201 ? ok(text) : fail(new Error(`import answered ${res.statusCode}: ${text}`))));
    });
    req.on('error', fail);
    createReadStream(file).pipe(req);
  });
}

export const exportScenario: Scenario = {
  name: 'export',
  async run(report: Report) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-export-'));
    const engine = await startEngine({ dataDir, port: 0, resourcesDir: join(projectRoot(), 'resources'), logLevel: 'warn', resultsWriter: 'inline' });
    const file = join(dataDir, 'export.json');
    try {
      const source = newUser(engine, 'export-source@example.com');
      const t0 = performance.now();
      generate(engine, source);
      const baselineMs = performance.now() - t0;
      const base = engine.urls.host_url;

      resetPeak();
      const t1 = performance.now();
      await download(`${base}/v2/users/me/export`, token(engine, source), file);
      const exportMs = performance.now() - t1;
      const exportRss = peakMb();

      const target = newUser(engine, 'export-target@example.com');
      resetPeak();
      const t2 = performance.now();
      const answer = JSON.parse(await upload(`${base}/v2/users/me/import`, token(engine, target), file)) as { imported: { transactions: number } };
      const importMs = performance.now() - t2;
      const importRss = peakMb();
      if (answer.imported.transactions !== TOTAL) throw new Error(`imported ${answer.imported.transactions} transactions`);

      const rate = (ms: number) => Math.round(TOTAL / (ms / 1000));
      report.row({ scenario: 'export', metric: `export of 1M transactions (${Math.round(statSync(file).size / 1e6)} MB)`, value: rate(exportMs), unit: 'tx/s', target: '≥ 200,000 tx/s', pass: rate(exportMs) >= 200_000 });
      report.row({ scenario: 'export', metric: 'export peak RSS (VmHWM)', value: Math.round(exportRss), unit: 'MB', target: '≤ 300 MB', pass: exportRss <= 300 });
      const ratio = rate(importMs) / rate(baselineMs);
      report.row({
        scenario: 'export',
        metric: 'import of 1M transactions vs raw inserts',
        value: rate(importMs),
        baseline: rate(baselineMs),
        unit: 'tx/s',
        ratio,
        target: 'ratio ≥ 0.5',
        pass: ratio >= 0.5,
      });
      report.row({ scenario: 'export', metric: 'import peak RSS (VmHWM)', value: Math.round(importRss), unit: 'MB', target: '≤ 300 MB', pass: importRss <= 300 });
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
