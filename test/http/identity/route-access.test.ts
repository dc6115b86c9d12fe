import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Access } from '../../../src/main/engine/http/access-control';
import { CLIENT_SCOPES, USER_SCOPES, type Scope } from '../../../src/main/engine/auth/scopes';
import { startTestEngine, type TestEngine } from '../../helpers/engine';

/**
 * Walks EVERY route the engine registers (whichever module adds it, now or later) and checks the access
 * rule it declares against real requests: 401 without a token or with an unknown one, 403
 * insufficient_scope (naming the scopes) with tokens lacking them, the terms gate, and that a token holding
 * one of the scopes gets past the gate. Routes are collected by an onRoute hook added to every Fastify
 * instance the engine creates (an observer only: the server is the real one).
 */
interface CollectedRoute {
  method: string;
  url: string;
  access: Access | undefined;
}
const collected = vi.hoisted(() => [] as CollectedRoute[]);

vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const original = mod.default as unknown as (opts?: unknown) => import('fastify').FastifyInstance;
  const observed = (opts?: unknown) => {
    const app = original(opts);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        collected.push({ method: String(method), url: route.url, access: route.config?.access as Access | undefined });
      }
    });
    return app;
  };
  return { ...mod, default: observed, fastify: observed };
});

/**
 * Routes a user token may call before accepting the terms (docs/api/auth-and-scopes.md#terms: POST /users/{id}/terms,
 * GET /users/{id}, the widget's terms page; plus the terms text). Adding one is a security decision: add it here
 * deliberately.
 */
const TERMS_EXEMPT = [/^\/v2(\.1)?\/users\/:id$/, /^\/v2(\.1)?\/users\/:id\/terms$/, /^\/embed\//];

/**
 * The access of the published API's operations (docs/api/auth-and-scopes.md#scopes) (scopes: any one is enough). A
 * registered route must declare exactly this; routes not registered yet are skipped. Providers and categories declare
 * no scope but need a token (Authentication 4). POST /users/{id}/terms declares none: any user token.
 */
const R = ['accounts_read', 'transactions_read', 'accounts_manage'];
const C = ['accounts_read', 'transactions_read', 'connections_manage'];
const Q = ['connections_manage', 'connections_sync'];
const P = ['profile', 'profile_edit'];
const INTERFACE_ACCESS: Record<string, { kind: Access['kind']; scopes?: string[] }> = {
  'GET /accounts': { kind: 'user', scopes: R },
  'POST /accounts': { kind: 'user', scopes: ['accounts_manage'] },
  'GET /accounts/:id': { kind: 'user', scopes: R },
  'PUT /accounts/:id': { kind: 'user', scopes: ['accounts_manage'] },
  'DELETE /accounts/:id': { kind: 'user', scopes: ['accounts_manage'] },
  'GET /connections': { kind: 'user', scopes: C },
  'POST /connections': { kind: 'user', scopes: ['connections_manage'] },
  'GET /connections/:id': { kind: 'user', scopes: C },
  'PUT /connections/:id': { kind: 'user', scopes: ['connections_manage'] },
  'DELETE /connections/:id': { kind: 'user', scopes: ['connections_manage'] },
  'PUT /connections/:id/credentials': { kind: 'user', scopes: ['connections_manage'] },
  'POST /connections/synchronize': { kind: 'user', scopes: ['connections_sync'] },
  'POST /connections/:id/synchronize': { kind: 'user', scopes: ['connections_sync'] },
  'POST /connections/:id/user_input': { kind: 'user', scopes: ['connections_sync'] },
  'GET /providers': { kind: 'token' },
  'GET /providers/:id': { kind: 'token' },
  'GET /categories': { kind: 'token' },
  'GET /transactions': { kind: 'user', scopes: ['transactions_read'] },
  'GET /transactions/:id': { kind: 'user', scopes: ['transactions_read'] },
  'POST /keys': { kind: 'user', scopes: ['connections_manage'] },
  'GET /keys/:id': { kind: 'user', scopes: ['connections_manage'] },
  'POST /queues/subscribe': { kind: 'user', scopes: Q },
  'GET /queues/:id': { kind: 'user', scopes: Q },
  'POST /users': { kind: 'client', scopes: ['users_create'] },
  'POST /users/availability': { kind: 'public' },
  'GET /users/:id': { kind: 'user', scopes: P },
  'PUT /users/:id': { kind: 'user', scopes: ['profile_edit'] },
  'DELETE /users/:id': { kind: 'user', scopes: ['profile_edit'] },
  // Extension (docs/local-api.md): the password change.
  'PUT /users/:id/password': { kind: 'user', scopes: ['profile_edit'] },
  'GET /users/:id/properties': { kind: 'user', scopes: P },
  'PUT /users/:id/properties': { kind: 'user', scopes: P },
  'POST /users/:id/terms': { kind: 'user', scopes: [...USER_SCOPES] },
  // Extensions (docs/local-api.md "Correcting and organising the history").
  'PUT /transactions/:id': { kind: 'user', scopes: ['transactions_manage'] },
  'GET /categorization_rules': { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] },
  'GET /categorization_rules/:id': { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] },
  'POST /categorization_rules': { kind: 'user', scopes: ['transactions_manage'] },
  'PUT /categorization_rules/:id': { kind: 'user', scopes: ['transactions_manage'] },
  'DELETE /categorization_rules/:id': { kind: 'user', scopes: ['transactions_manage'] },
  'POST /categorization_rules/apply': { kind: 'user', scopes: ['transactions_manage'] },
  'GET /recurring_payments': { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] },
  'GET /recurring_payments/:id': { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] },
  'PUT /recurring_payments/:id': { kind: 'user', scopes: ['transactions_manage'] },
  'POST /recurring_payments/detect': { kind: 'user', scopes: ['transactions_manage'] },
  'POST /categorization_rules/preview': { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] },
  'GET /ledger_operations': { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] },
  'GET /ledger_operations/:id': { kind: 'user', scopes: ['transactions_read', 'transactions_manage'] },
  'POST /ledger_operations/:id/undo': { kind: 'user', scopes: ['transactions_manage'] },
  'POST /transactions/:id/back_to_automatic': { kind: 'user', scopes: ['transactions_manage'] },
  'POST /transactions/bulk_edit': { kind: 'user', scopes: ['transactions_manage'] },
  'PUT /accounts/:id/preferences': { kind: 'user', scopes: ['accounts_manage'] },
  // The person's own ledger (docs/manual-ledger.md).
  'POST /manual_connections': { kind: 'user', scopes: ['connections_manage'] },
  'POST /manual_accounts': { kind: 'user', scopes: ['accounts_manage'] },
  'PUT /manual_accounts/:id': { kind: 'user', scopes: ['accounts_manage'] },
  'POST /manual_transactions': { kind: 'user', scopes: ['transactions_manage'] },
  'PUT /manual_transactions/:id': { kind: 'user', scopes: ['transactions_manage'] },
  'DELETE /manual_transactions/:id': { kind: 'user', scopes: ['transactions_manage'] },
  'GET /accounts/:id/running_balances': { kind: 'user', scopes: ['accounts_read', 'transactions_read', 'accounts_manage'] },
  'GET /accounts/:id/reconciliation': { kind: 'user', scopes: ['accounts_read', 'transactions_read', 'accounts_manage'] },
  'PUT /accounts/:id/reconciliation': { kind: 'user', scopes: ['accounts_manage'] },
  'DELETE /accounts/:id/reconciliation': { kind: 'user', scopes: ['accounts_manage'] },
  'POST /connections/:id/document_preview': { kind: 'user', scopes: ['connections_manage'] },
};

let engine: TestEngine;
let routes: CollectedRoute[];
beforeAll(async () => {
  engine = await startTestEngine();
  routes = collected.filter((r) => r.method !== 'HEAD');
});
afterAll(async () => engine.stop());

// 0 names nothing (ids start at 1): a call that gets past the gate cannot touch real data (DELETE /users/0 …).
// Exception: GET /users/{id} answers 401 for an unknown id (docs/api/auth-and-scopes.md#isolation), so it reads `me`
// instead.
const concrete = (r: { method: string; url: string }) =>
  (r.method === 'GET' ? r.url.replace(/^(\/v2(?:\.1)?\/users\/):id\b/, '$1me') : r.url)
    .replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, '0')
    .replace(/\*/g, 'x');
const label = (r: CollectedRoute) => `${r.method} ${r.url}`;

async function call(r: CollectedRoute, token?: string) {
  const res = await engine.http(concrete(r), { method: r.method, token, headers: { accept: 'application/json' } });
  const text = await res.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    // pages
  }
  return { status: res.status, body, wwwAuthenticate: res.headers.get('www-authenticate') };
}

const gateHeader = (scopes: readonly string[]) => `Bearer error="insufficient_scope", scope="${scopes.join(' ')}"`;

/** The access hook let the request through (what the handler answers then is its own business). */
const passedGate = (r: { status: number; wwwAuthenticate: string | null }, scopes: readonly string[] = []) =>
  r.status !== 401 && !(r.status === 403 && r.wwwAuthenticate === gateHeader(scopes)) && r.status !== 500;

const without = (all: readonly Scope[], some: readonly Scope[]) => all.filter((s) => !some.includes(s));

describe('route access table', () => {
  it('collects every registered route, each with a declared access rule', () => {
    // Cross-check the collector with the router's own listing.
    const tree = engine.app.printRoutes({ commonPrefix: false });
    const stack: string[] = [];
    const listed = new Set<string>();
    for (const line of tree.split('\n')) {
      const m = /^([│ ]*)[├└]── (\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!m) continue;
      const depth = m[1].length / 4;
      const path = (stack[depth - 1] ?? '') + m[2];
      stack[depth] = path;
      stack.length = depth + 1;
      for (const method of (m[3] ?? '').split(', ').filter(Boolean))
        if (method !== 'HEAD') listed.add(`${method} ${path}`);
    }
    // The router prints params sharing a position under all their names (`:id|:provider_id`): compare shapes.
    const shape = (l: string) => l.replace(/:[A-Za-z0-9_]+(\|:[A-Za-z0-9_]+)*/g, ':');
    const mine = new Set(routes.map(label));
    const mineShapes = new Set(routes.map((r) => shape(label(r))));
    expect(listed.size).toBeGreaterThan(10);
    // `/*` is the not-found handler (setNotFoundHandler): a router entry, not a route, and no hook sees it.
    const missing = [...listed].filter((l) => !mineShapes.has(shape(l)) && !l.endsWith(' /*'));
    expect(missing, 'routes the collector did not see').toEqual([]);
    for (const r of routes) expect(r.access, label(r)).toBeDefined();
    expect(mine.has('GET /v2/users/:id')).toBe(true);
    expect(mine.has('POST /auth/token')).toBe(true);
  });

  it('declares the documented access of each published operation, under /v2 and /v2.1', () => {
    const failures: string[] = [];
    let compared = 0;
    for (const r of routes) {
      const m = /^\/v2(?:\.1)?(\/.*)$/.exec(r.url);
      const expected = m && INTERFACE_ACCESS[`${r.method} ${m[1]}`];
      if (!expected || !r.access) continue;
      compared++;
      const declared = r.access.kind === 'user' || r.access.kind === 'client' ? [...r.access.scopes].sort() : undefined;
      const want = expected.scopes ? [...expected.scopes].sort() : undefined;
      if (r.access.kind !== expected.kind || JSON.stringify(declared) !== JSON.stringify(want)) {
        failures.push(
          `${label(r)} declares ${JSON.stringify(r.access)}, the published API says ${JSON.stringify(expected)}`,
        );
      }
    }
    // At least the users operations of this module are there.
    expect(compared).toBeGreaterThanOrEqual(16);
    expect(failures).toEqual([]);
  });

  it('answers 401 invalid_token without a token or with an unknown one, on every non-public route', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      if (r.access?.kind === 'public') continue;
      for (const token of [undefined, 'cat_not-a-real-token']) {
        const res = await call(r, token);
        if (
          res.status !== 401 ||
          res.body?.error !== 'invalid_token' ||
          !res.wwwAuthenticate?.startsWith('Bearer error="invalid_token"')
        ) {
          failures.push(
            `${label(r)} ${token ? 'unknown token' : 'no token'} → ${res.status} ${JSON.stringify(res.body)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 insufficient_scope naming the scopes to tokens lacking them, and lets a right token past', async () => {
    const userId = engine.createUser();
    const allUser = engine.userToken(userId, USER_SCOPES);
    const allClient = engine.clientToken(CLIENT_SCOPES);
    const failures: string[] = [];
    const expect403 = async (r: CollectedRoute, token: string, scopes: readonly string[], what: string) => {
      const res = await call(r, token);
      if (
        res.status !== 403 ||
        res.body?.error !== 'insufficient_scope' ||
        res.wwwAuthenticate !== gateHeader(scopes)
      ) {
        failures.push(`${label(r)} with ${what} → ${res.status} ${JSON.stringify(res.body)} ${res.wwwAuthenticate}`);
      }
    };
    const expectPast = async (r: CollectedRoute, token: string, what: string) => {
      const res = await call(r, token);
      if (!passedGate(res, r.access?.kind === 'user' || r.access?.kind === 'client' ? r.access.scopes : []))
        failures.push(`${label(r)} with ${what} was refused: ${res.status} ${JSON.stringify(res.body)}`);
    };
    let checked = 0;
    for (const r of routes) {
      const access = r.access;
      if (!access || access.kind === 'public') continue;
      checked++;
      if (access.kind === 'token') {
        await expectPast(r, engine.userToken(userId, []), 'a user token without scopes');
        await expectPast(r, engine.clientToken([]), 'a client token without scopes');
        continue;
      }
      if (access.kind === 'user') {
        await expect403(r, allClient, access.scopes, 'a client token holding every client scope');
        const others = without(USER_SCOPES, access.scopes);
        if (others.length)
          await expect403(
            r,
            engine.userToken(userId, others),
            access.scopes,
            `a user token holding ${others.join(' ')}`,
          );
        await expectPast(r, engine.userToken(userId, [access.scopes[0]]), `a user token holding ${access.scopes[0]}`);
      } else {
        await expect403(r, allUser, access.scopes, 'a user token holding every user scope');
        const others = without(CLIENT_SCOPES, access.scopes);
        if (others.length)
          await expect403(r, engine.clientToken(others), access.scopes, `a client token holding ${others.join(' ')}`);
        await expectPast(r, engine.clientToken([access.scopes[0]]), `a client token holding ${access.scopes[0]}`);
      }
    }
    expect(checked).toBeGreaterThan(5);
    expect(failures).toEqual([]);
  });

  it('answers 401 terms_not_accepted to users who have not accepted the terms, except on the exempt routes', async () => {
    const userId = engine.createUser(undefined, { termsAccepted: false });
    const token = engine.userToken(userId, USER_SCOPES);
    const failures: string[] = [];
    for (const r of routes) {
      if (r.access?.kind !== 'user') continue;
      const exempt = r.access.allowWithoutTerms === true;
      if (exempt && !TERMS_EXEMPT.some((re) => re.test(r.url)))
        failures.push(`${label(r)} skips the terms gate but is not in TERMS_EXEMPT`);
      const res = await call(r, token);
      if (exempt ? !passedGate(res, r.access.scopes) : res.status !== 401 || res.body?.error !== 'terms_not_accepted') {
        failures.push(`${label(r)} (${exempt ? 'exempt' : 'gated'}) → ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
