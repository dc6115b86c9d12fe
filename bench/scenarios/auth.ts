import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngine } from '../../src/main/engine/engine';
import { projectRoot } from '../../src/main/engine/paths';
import type { Report } from '../report';
import type { Scenario } from './index';

const CONCURRENCY = 32;
const DURATION_MS = 3000;
const WARMUP_MS = 1000;
const SLICES = 10;

/** Requests completed with CONCURRENCY keep-alive requests to `url` in flight for about `ms`. */
async function load(
  url: string,
  headers: Record<string, string>,
  ms: number,
): Promise<{ done: number; ms: number; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const target = new URL(url);
  const deadline = Date.now() + ms;
  let done = 0;
  let errors = 0;
  const one = () =>
    new Promise<void>((res) => {
      const req = request({ agent, host: target.hostname, port: target.port, path: target.pathname, headers }, (r) => {
        if (r.statusCode !== 200) errors++;
        r.resume();
        r.on('end', () => {
          done++;
          res();
        });
      });
      req.on('error', () => {
        errors++;
        res();
      });
      req.end();
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) await one();
    }),
  );
  agent.destroy();
  return { done, ms: Date.now() - started, errors };
}

async function form(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return (await res.json()) as Record<string, string>;
}

/**
 * Cost of authentication: an authenticated `GET /v2/users/me` (token hash lookup, scope and terms checks,
 * user read) against the trivial public `GET /health`, both served by the same engine in the same run.
 */
export const authScenario: Scenario = {
  name: 'auth',
  async run(report: Report) {
    const dataDir = mkdtempSync(join(tmpdir(), 'coffer-bench-auth-'));
    const engine = await startEngine({
      dataDir,
      port: 0,
      resourcesDir: join(projectRoot(), 'resources'),
      logLevel: 'warn',
    });
    try {
      const { auth_url, base_url, host_url } = engine.urls;
      const client = JSON.parse(readFileSync(join(dataDir, 'integrator.json'), 'utf8')) as {
        client_id: string;
        client_secret: string;
      };
      const creds = { client_id: client.client_id, client_secret: client.client_secret };
      const ct = await form(`${auth_url}/token`, { grant_type: 'client_credentials', scope: 'users_create', ...creds });
      const email = 'bench@example.com';
      const password = 'bench-password';
      await fetch(`${base_url}/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ct.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const ut = await form(`${auth_url}/token`, {
        grant_type: 'password',
        username: email,
        password,
        scope: 'profile',
        ...creds,
      });
      const auth = { authorization: `Bearer ${ut.access_token}` };
      await fetch(`${base_url}/users/me/terms`, { method: 'POST', headers: auth });

      // Short alternating slices, so that whatever else the machine does weighs on all sides alike. The
      // third side (the same trivial route, with the bearer token) isolates what authentication costs.
      const sides = [
        { url: `${host_url}/health`, headers: {}, done: 0, ms: 0, errors: 0 },
        { url: `${base_url}/users/me`, headers: auth, done: 0, ms: 0, errors: 0 },
        { url: `${host_url}/health`, headers: auth, done: 0, ms: 0, errors: 0 },
      ];
      for (const side of sides) await load(side.url, side.headers, WARMUP_MS);
      for (let i = 0; i < SLICES; i++) {
        for (const side of sides) {
          const r = await load(side.url, side.headers, DURATION_MS / SLICES);
          side.done += r.done;
          side.ms += r.ms;
          side.errors += r.errors;
        }
      }
      if (sides.some((s) => s.errors)) throw new Error('auth bench: some requests failed');
      const [healthRps, meRps, bearerRps] = sides.map((s) => (s.done * 1000) / s.ms);
      const ratio = meRps / healthRps;
      report.row({
        scenario: 'auth',
        metric: `GET /v2/users/me (Bearer), ${CONCURRENCY} in flight`,
        value: Math.round(meRps),
        unit: 'req/s',
        baseline: Math.round(healthRps),
        ratio,
        target: 'ratio ≥ 0.8 (vs GET /health)',
        pass: ratio >= 0.8,
      });
      report.row({
        scenario: 'auth',
        metric: 'GET /health sent with the Bearer token (token lookup only)',
        value: Math.round(bearerRps),
        unit: 'req/s',
        baseline: Math.round(healthRps),
        ratio: bearerRps / healthRps,
      });
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
