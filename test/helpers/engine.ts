import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { hashToken, newTokenValue } from '../../src/main/engine/auth/token-hash';
import type { Scope } from '../../src/main/engine/auth/scopes';
import { startEngine, type EngineOptions, type RunningEngine } from '../../src/main/engine/engine';

export interface TestEngine extends RunningEngine {
  dataDir: string;
  /** fetch against host_url + path, with JSON helpers. */
  http(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  /** Inserts a user directly (terms accepted unless told) and returns its id. */
  createUser(email?: string, options?: { termsAccepted?: boolean }): number;
  /** Issues a user access token with the given scopes straight into the token table. */
  userToken(userId: number, scopes: readonly Scope[]): string;
  /** Issues a client token (client_credentials) with the given scopes. */
  clientToken(scopes: readonly Scope[]): string;
  stop(): Promise<void>;
}

export const ROOT = resolve(import.meta.dirname, '..', '..');

let counter = 0;

/** A real engine on a free loopback port with a fresh data directory, spoken to over real HTTP. */
export async function startTestEngine(options: Partial<EngineOptions> = {}): Promise<TestEngine> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'coffer-test-'));
  const engine = await startEngine({
    dataDir,
    port: 0,
    resourcesDir: join(ROOT, 'resources'),
    appDir: join(ROOT, 'out', 'renderer'),
    logLevel: 'warn',
    // Never the internet: rates come from a test's loopback emulator, fetched when the test says.
    fxRatesUrl: 'http://127.0.0.1:9/',
    fxRatesAutoRefresh: false,
    ...options,
  });
  const { db } = engine.ctx;
  const now = () => engine.ctx.now();
  return {
    ...engine,
    dataDir,
    async http(path, init = {}) {
      const headers = new Headers(init.headers);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      const url = path.startsWith('http') ? path : engine.urls.host_url + path;
      return fetch(url, { ...init, headers, body, redirect: init.redirect ?? 'manual' });
    },
    createUser(email = `user${++counter}-${Date.now()}@example.com`, { termsAccepted = true } = {}) {
      const info = db
        .prepare(
          'INSERT INTO users (email, password_hash, creation_date, terms_accepted_version) VALUES (?, ?, ?, ?)',
        )
        .run(email, 'test-only-no-password', now(), termsAccepted ? 1_000_000 : null);
      return Number(info.lastInsertRowid);
    },
    userToken(userId, scopes) {
      const value = newTokenValue('cat');
      db.prepare(
        "INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', ?, ?, ?, ?)",
      ).run(hashToken(value), userId, scopes.join(' '), now(), now() + 3600);
      return value;
    },
    clientToken(scopes) {
      const value = newTokenValue('cct');
      db.prepare(
        "INSERT INTO oauth_tokens (hash, kind, user_id, scopes, creation_date, expires) VALUES (?, 'access', NULL, ?, ?, ?)",
      ).run(hashToken(value), scopes.join(' '), now(), now() + 3600);
      return value;
    },
    async stop() {
      await engine.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request through node:http, for what fetch forbids (a foreign Host header, raw bodies). */
export async function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string; json(): any }> {
  const http = await import('node:http');
  return new Promise((resolvePromise, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
