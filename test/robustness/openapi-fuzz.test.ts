/**
 * Robustness (issue 14): requests generated from the SERVED OpenAPI document, every operation, with wrong
 * types, huge and odd numbers, long and percent-encoded path ids, odd headers and content types. Seeded and
 * reproducible (COFFER_FUZZ_SEED, COFFER_FUZZ_REQUESTS), loopback only, bounded in time. Fails on any 5xx and
 * on any 4xx/5xx whose body is not the error body `{error, error_description}` (the OAuth endpoints answer RFC 6749
 * bodies, `{error}` with an optional description, docs/api/errors.md#headers; HTML pages answer HTML).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../helpers/engine';

const SEED = Number(process.env.COFFER_FUZZ_SEED ?? 20241114);
const REQUESTS = Number(process.env.COFFER_FUZZ_REQUESTS ?? 5200);
const CONCURRENCY = 8;

/** mulberry32: a small seeded generator, so a failure can be replayed with the same seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES: unknown[] = [
  '', ' ', '0', '-1', '1e309', '-1e309', '0x10', 'NaN', 'Infinity', '9007199254740993', '1.5', 'true', 'null',
  '%00', '%E0%A4%A', '../../etc/passwd', '\u202e', 'é', '😀', "' OR 1=1 --", '<script>', 'a'.repeat(300),
  'x'.repeat(5000), 0, -1, 1e308, 2 ** 53 + 1, 1.5, true, false, null, [], {}, [1, 'a'], { a: { b: [] } },
];
const ODD_TYPES = [
  'application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream',
  'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1', 'foo/bar', '',
];
const ODD_IDS = ['1', '0', '-1', 'me', '999999999999', '1e309', '0x10', '%2F', '%E0%A4%A', '%00', 'a'.repeat(101), '9'.repeat(5000), '..', '%2e%2e', 'é'];

interface Operation {
  method: string;
  path: string;
  params: Array<{ name: string; in: string; schema?: any }>;
  body?: any;
}

let engine: TestEngine;
const operations: Operation[] = [];
let tokens: string[] = [];
beforeAll(async () => {
  engine = await startTestEngine();
  const doc = (await (await engine.http('/v2/openapi.json')).json()) as any;
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      const body = op.requestBody?.content?.['application/json']?.schema;
      operations.push({ method: method.toUpperCase(), path, params, body });
    }
  }
  const userId = engine.createUser();
  tokens = [
    '',
    engine.userToken(userId, ['accounts_read', 'accounts_manage', 'transactions_read', 'connections_manage', 'connections_sync', 'profile', 'profile_edit']),
    engine.clientToken(['users_create', 'admin']),
    'not-a-token',
  ];
});
afterAll(async () => {
  await engine?.stop();
});

function valueFor(schema: any, r: () => number): unknown {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  if (r() < 0.5) return pick(ODD_VALUES);
  switch (schema?.type) {
    case 'integer':
      return pick([0, 1, -1, 2 ** 31, 2 ** 63, Number.POSITIVE_INFINITY, 3.5, '12']);
    case 'number':
      return pick([0, -0.01, 1e308, Number.MAX_SAFE_INTEGER, '1,5']);
    case 'boolean':
      return pick([true, false, 'yes', 0]);
    case 'array':
      return Array.from({ length: Math.floor(r() * 4) }, () => valueFor(schema.items, r));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries<any>(schema.properties ?? {})) if (r() < 0.7) out[k] = valueFor(s, r);
      return out;
    }
    default:
      return schema?.enum ? pick(schema.enum) : pick(['x', '', 'a'.repeat(2000), 'é%']);
  }
}

function buildRequest(op: Operation, r: () => number) {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const path = op.path.replace(/\{([^}]+)\}/g, () => {
    const id = pick(ODD_IDS);
    return id.includes('%') ? id : encodeURIComponent(id);
  });
  const query = new URLSearchParams();
  for (const p of op.params.filter((x) => x.in === 'query')) {
    if (r() < 0.6) query.append(p.name, String(valueFor(p.schema, r)));
  }
  if (r() < 0.1) query.append(pick(['page', 'limit']), pick(['1e309', '0x10', '-0', '00001', '99999999999999999999']));
  const headers: Record<string, string> = {};
  const token = pick(tokens);
  if (token) headers.authorization = `Bearer ${token}`;
  if (r() < 0.05) headers.authorization = pick(['Bearer', 'Basic !!!', 'Bearer ' + 'a'.repeat(4000)]);
  if (r() < 0.05) headers['accept-language'] = pick(['zz', '*;q=x', 'fr-FR,fr;q=0.9']);
  if (r() < 0.05) headers['x-forwarded-for'] = '10.0.0.1';
  let body: string | undefined;
  if (op.method !== 'GET' && op.method !== 'DELETE') {
    const kind = r();
    if (kind < 0.5) body = JSON.stringify(valueFor(op.body ?? { type: 'object' }, r));
    else if (kind < 0.6) body = '';
    else if (kind < 0.7) body = '{"a":';
    else if (kind < 0.8) body = 'a=1&b=%ZZ';
    else body = JSON.stringify(pick(ODD_VALUES));
    headers['content-type'] = r() < 0.6 ? 'application/json' : pick(ODD_TYPES);
    if (headers['content-type'] === '') delete headers['content-type'];
  }
  const qs = query.toString();
  return { url: `${engine.urls.base_url}${path}${qs ? `?${qs}` : ''}`, method: op.method, headers, body };
}

const isOAuthPath = (url: string) => /\/auth\/(token|revoke|authorize)/.test(url);

describe('OpenAPI fuzzer', () => {
  it(
    `${REQUESTS} seeded requests over every operation: no 5xx, every error body in the contract`,
    async () => {
      expect(operations.length).toBeGreaterThan(50);
      const r = rng(SEED);
      const requests = Array.from({ length: REQUESTS }, (_, i) => buildRequest(operations[i % operations.length], r));
      const failures: string[] = [];
      const seen = new Set<string>();
      let next = 0;
      const deadline = Date.now() + 240_000;
      const worker = async () => {
        while (next < requests.length && Date.now() < deadline) {
          const req = requests[next++];
          const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, redirect: 'manual' });
          const text = await res.text();
          seen.add(`${req.method} ${req.url.split('?')[0]}`);
          const where = `${req.method} ${req.url.slice(0, 200)} [${req.headers['content-type'] ?? ''}]`;
          if (res.status >= 500) failures.push(`${res.status} ${where}: ${text.slice(0, 200)}`);
          else if (res.status >= 400) {
            const type = res.headers.get('content-type') ?? '';
            if (type.includes('text/html')) continue;
            let body: any;
            try {
              body = JSON.parse(text);
            } catch {
              failures.push(`${res.status} non-JSON error ${where}: ${text.slice(0, 200)}`);
              continue;
            }
            const ok =
              typeof body?.error === 'string' &&
              (typeof body.error_description === 'string' || (isOAuthPath(req.url) && body.error_description === undefined));
            if (!ok) failures.push(`${res.status} body is not the error body ${where}: ${text.slice(0, 200)}`);
            if (text.length > 4000) failures.push(`${res.status} error body of ${text.length} characters ${where}`);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      console.log(`fuzzer: seed ${SEED}, ${next} requests, ${operations.length} operations, ${failures.length} failures`);
      expect(next).toBe(REQUESTS);
      expect(failures.slice(0, 20)).toEqual([]);
    },
    300_000,
  );
});
