/**
 * A SimpleFIN Bridge on 127.0.0.1, written from the public protocol (simplefin.org protocol v1 and v2) and
 * the behaviours reported by its clients (research/connectors.md §2.1, §5.1). Plain node:http, port 0.
 *
 * Protocol: POST /simplefin/claim/<token> (200 access URL + "\n"; 403 "Forbidden (was it already
 * claimed?)"), GET /simplefin/info, GET /simplefin/accounts (Basic auth; start-date, end-date exclusive,
 * pending, account (repeatable), balances-only, version=2; ranges over 90 days capped with a gen.api
 * warning), GET /simplefin/create (an HTML page with a fresh token, for people trying the app).
 * Control plane (never part of the protocol): /__emu/tokens, /__emu/scenario, /__emu/reset, /__emu/requests.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DAY, hugeData, standardData, subUnitAmounts, type EmuAccount, type EmuData, type EmuTransaction } from './fixtures';
import { streamFill } from './stream-fill';

const MB = 1024 * 1024;

export type ScenarioName =
  | 'con_auth'
  | 'act_failed'
  | 'gen_auth'
  | 'msg_as_message'
  | 'unknown_subcode'
  | 'payment_required'
  | 'revoked'
  | 'rate_limited'
  | 'html_502'
  | 'slow'
  | 'pending_to_posted'
  | 'pending_vanishes'
  | 'identical_twins'
  | 'v1_only'
  | 'huge'
  | 'claim_forbidden_200'
  | 'claim_502'
  /** The claim answers 200 with `bytes` bytes (default 300 MB), streamed. */
  | 'huge_claim'
  /** The claim answers an access URL padded to `bytes` characters (default 5 MB). */
  | 'long_access_url'
  /** GET /accounts answers 200 with a JSON object padded to `bytes` bytes (default 450 MB), streamed. */
  | 'huge_accounts'
  /** GET /accounts answers 200 with `body` as it is (malformed answers). */
  | 'raw_accounts'
  /** Amounts with more decimals than their currency: 0.125 USD, a balance of -123.456, a JPY account. */
  | 'sub_unit_amounts'
  /** Every GET /accounts answers after `ms` milliseconds (so requests asked together overlap). */
  | 'accounts_delay'
  /** The account `account_id` (default ACT-ftb-savings) comes with a balance that is no number. */
  | 'unreadable_balance';

export interface RequestRecord {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  status: number;
  /** The access user (the Basic-auth name), when given. */
  user?: string;
}

interface Credential {
  user: string;
  pass: string;
  person: string;
  revoked: boolean;
}

export interface SimplefinEmulator {
  /** http://127.0.0.1:<port> */
  url: string;
  /** A fresh one-time setup token (base64 of the claim URL) for `person` (default "default"). */
  mintToken(person?: string): string;
  /** The reusable demo token. */
  demoToken: string;
  scenario(name: ScenarioName, params?: Record<string, unknown>): void;
  clearScenarios(): void;
  /** Every access issued so far answers 403 from now on (the person revoked Coffer at the Bridge). */
  revokeAllAccess(): void;
  requests: RequestRecord[];
  /** Number of GET /simplefin/accounts received. */
  accountsCalls(): number;
  /** Most GET /simplefin/accounts answered at the same time so far. */
  maxAccountsAtOnce(): number;
  /** Access URLs handed out (tests check they never leak). */
  issuedAccessUrls: string[];
  close(): Promise<void>;
}

const FORBIDDEN_CLAIM = 'Forbidden (was it already claimed?)';
const CAP_WARNING = 'Requested date range exceeds limit of 90 days and was capped.';
const TOO_MANY =
  'Too many requests. SimpleFIN data is only refreshed once every 24 hours. Expected usage of this API is 24 requests per day.';

export interface EmulatorOptions {
  /** Requests per access in 24 h before 429 (the Bridge blocks at about 96). */
  hardBlock?: number;
  /** Seconds added to the real clock. */
  clockOffset?: number;
}

export async function startSimplefinEmulator(options: EmulatorOptions = {}): Promise<SimplefinEmulator> {
  const hardBlock = options.hardBlock ?? 96;
  const now = () => Math.floor(Date.now() / 1000) + (options.clockOffset ?? 0);
  const tokens = new Map<string, { person: string; claimed: boolean }>();
  const credentials = new Map<string, Credential>();
  const scenarios = new Map<ScenarioName, Record<string, unknown>>();
  const calls = new Map<string, number[]>();
  const requests: RequestRecord[] = [];
  const issuedAccessUrls: string[] = [];
  let hugeCache: { day: number; data: EmuData } | undefined;
  let accountsNow = 0;
  let accountsMax = 0;
  let base = '';

  function dataOf(): EmuData {
    const today = Math.floor(now() / DAY);
    if (scenarios.has('huge')) {
      const p = scenarios.get('huge')!;
      if (!hugeCache || hugeCache.day !== today) {
        hugeCache = { day: today, data: hugeData(today, Number(p.accounts ?? 50), Number(p.tx ?? 900)) };
      }
      return hugeCache.data;
    }
    const data = standardData(today);
    if (scenarios.has('sub_unit_amounts')) subUnitAmounts(data, today);
    const unreadable = scenarios.get('unreadable_balance');
    for (const a of data.accounts) if (unreadable && a.id === String(unreadable.account_id ?? 'ACT-ftb-savings')) a.balance = 'n/a';
    const checking = data.accounts[0];
    const card = data.accounts[2];
    const p2p = scenarios.get('pending_to_posted');
    if (p2p) {
      const transacted = (today - 3) * DAY + 15 * 3600;
      if (p2p.stage === 'posted') {
        card.transactions.push({ id: 'TRN-b9', posted: (today - 1) * DAY + 12 * 3600, amount: '-28.75', description: 'TARTINE BAKERY SF', payee: 'Tartine Bakery', transacted_at: transacted });
      } else {
        card.transactions.push({ id: 'TRN-p1', posted: 0, amount: '-25.00', description: 'TARTINE BAKERY SF', payee: 'Tartine Bakery', transacted_at: transacted, pending: true });
      }
    }
    const vanish = scenarios.get('pending_vanishes');
    if (vanish && vanish.stage !== 'gone') {
      card.transactions.push({ id: 'TRN-p2', posted: 0, amount: '-100.00', description: 'GRAND HOTEL DEPOSIT', payee: 'Grand Hotel', transacted_at: (today - 2) * DAY + 20 * 3600, pending: true });
    }
    if (scenarios.has('identical_twins')) {
      const t = (today - 1) * DAY + 9 * 3600;
      checking.transactions.push(
        { id: 'TRN-t1', posted: t, amount: '-4.50', description: 'CITY PARKING METER', payee: 'City Parking', transacted_at: t },
        { id: 'TRN-t2', posted: t, amount: '-4.50', description: 'CITY PARKING METER', payee: 'City Parking', transacted_at: t },
      );
    }
    return data;
  }

  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const json = (res: ServerResponse, status: number, body: unknown) => send(res, status, 'application/json', JSON.stringify(body));

  function authOf(req: IncomingMessage): Credential | undefined {
    const header = req.headers.authorization ?? '';
    const m = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(header);
    if (!m) return undefined;
    const [user, ...rest] = Buffer.from(m[1], 'base64').toString('utf8').split(':');
    const c = credentials.get(user);
    return c && c.pass === rest.join(':') ? c : undefined;
  }

  function mintToken(person = 'default'): string {
    const id = randomBytes(16).toString('hex');
    tokens.set(id, { person, claimed: false });
    return Buffer.from(`${base}/simplefin/claim/${id}`).toString('base64');
  }

  async function claim(id: string, res: ServerResponse): Promise<number> {
    if (scenarios.has('huge_claim')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      await streamFill(res, Number(scenarios.get('huge_claim')!.bytes ?? 300 * MB), Buffer.alloc(64 * 1024, 'x'));
      return 200;
    }
    if (scenarios.has('claim_502')) {
      send(res, 502, 'text/html', '<html>Bad Gateway</html>');
      return 502;
    }
    const token = id === 'demo' ? { person: 'demo', claimed: false } : tokens.get(id);
    if (!token || token.claimed) {
      send(res, 403, 'text/plain', FORBIDDEN_CLAIM);
      return 403;
    }
    if (scenarios.has('claim_forbidden_200')) {
      send(res, 200, 'text/plain', FORBIDDEN_CLAIM);
      return 200;
    }
    if (id !== 'demo') token.claimed = true;
    const user = randomBytes(16).toString('hex');
    const pass = randomBytes(16).toString('hex');
    credentials.set(user, { user, pass, person: token.person, revoked: false });
    const padding = scenarios.has('long_access_url') ? Number(scenarios.get('long_access_url')!.bytes ?? 5 * MB) : 0;
    const accessUrl = `${base.replace('://', `://${user}:${pass}@`)}/simplefin${padding ? `?pad=${'x'.repeat(padding)}` : ''}`;
    issuedAccessUrls.push(accessUrl);
    send(res, 200, 'text/plain', `${accessUrl}\n`);
    return 200;
  }

  function errorEntry(code: string, msg: string, extra: Record<string, string>): Record<string, string> {
    return { code, [scenarios.has('msg_as_message') ? 'message' : 'msg']: msg, ...extra };
  }

  async function accounts(req: IncomingMessage, url: URL, res: ServerResponse, record: RequestRecord): Promise<number> {
    const cred = authOf(req);
    if (cred) record.user = cred.user;
    if (!cred || cred.revoked || scenarios.has('revoked')) {
      send(res, 403, 'text/plain', 'Forbidden');
      return 403;
    }
    if (scenarios.has('payment_required')) {
      send(res, 402, 'text/plain', 'Payment Required');
      return 402;
    }
    const t = now();
    const history = (calls.get(cred.user) ?? []).filter((c) => c > t - DAY);
    history.push(t);
    calls.set(cred.user, history);
    const v2 = url.searchParams.get('version') === '2' && !scenarios.has('v1_only');
    if (history.length > hardBlock || scenarios.has('rate_limited')) {
      json(res, 429, { errors: [TOO_MANY], ...(v2 ? { errlist: [{ code: 'gen.', msg: TOO_MANY }] } : {}) });
      return 429;
    }
    if (scenarios.has('html_502')) {
      send(res, 502, 'text/html', '<html><body><h1>502 Bad Gateway</h1></body></html>');
      return 502;
    }
    if (scenarios.has('accounts_delay')) await new Promise((r) => setTimeout(r, Number(scenarios.get('accounts_delay')!.ms ?? 100)));
    if (scenarios.has('raw_accounts')) {
      send(res, 200, 'application/json', String(scenarios.get('raw_accounts')!.body ?? '{}'));
      return 200;
    }
    if (scenarios.has('huge_accounts')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"accounts":[]');
      await streamFill(res, Number(scenarios.get('huge_accounts')!.bytes ?? 450 * MB), Buffer.alloc(64 * 1024, ' '), '}');
      return 200;
    }
    if (scenarios.has('slow')) {
      await new Promise((r) => setTimeout(r, Number(scenarios.get('slow')!.ms ?? 130_000)));
      if (res.destroyed || req.destroyed) return 524;
      send(res, 524, 'text/plain', 'error code: 524');
      return 524;
    }
    const int = (name: string): number | null | 'bad' => {
      const v = url.searchParams.get(name);
      if (v === null) return null;
      return /^\d+$/.test(v) ? Number(v) : 'bad';
    };
    let start = int('start-date');
    const end = int('end-date');
    if (start === 'bad' || end === 'bad') {
      send(res, 400, 'text/plain', 'Invalid date parameter');
      return 400;
    }
    const errlist: Array<Record<string, string>> = [];
    const v1errors: string[] = [];
    const top: Record<string, unknown> = {};
    const endAt = end ?? t + 1;
    if (start === null) {
      start = t - DAY;
      top['x-api-message'] = ["Provide a 'start-date' parameter to receive transactions prior to yesterday"];
    } else if (endAt - start > 90 * DAY) {
      start = endAt - 90 * DAY;
      errlist.push(errorEntry('gen.api', CAP_WARNING, {}));
    }
    if (scenarios.has('gen_auth')) {
      json(res, 200, { errlist: [errorEntry('gen.auth', 'Access revoked', {})], errors: ['Access revoked'], connections: [], accounts: [] });
      return 200;
    }
    const pending = url.searchParams.get('pending') === '1';
    const balancesOnly = url.searchParams.get('balances-only') === '1';
    const only = url.searchParams.getAll('account');
    const data = dataOf();
    const conAuth = scenarios.get('con_auth');
    const brokenConn = conAuth ? String(conAuth.conn_id ?? 'CON-7f3a') : undefined;
    const weird = scenarios.get('unknown_subcode');
    const weirdConn = weird ? String(weird.conn_id ?? 'CON-91bc') : undefined;
    const actFailed = scenarios.get('act_failed');
    const failedAccount = actFailed ? String(actFailed.account_id ?? 'ACT-ftb-savings') : undefined;
    for (const inst of data.institutions) {
      if (inst.connId === brokenConn) {
        errlist.push(errorEntry('con.auth', `Authentication required for ${inst.name}`, { conn_id: inst.connId }));
        v1errors.push(`Connection to ${inst.name} may need attention`);
      }
      if (inst.connId === weirdConn) {
        errlist.push(errorEntry('con.weird', `Something unusual happened at ${inst.name}`, { conn_id: inst.connId }));
        v1errors.push(`Connection to ${inst.name} may need attention`);
      }
    }
    if (failedAccount) {
      errlist.push(errorEntry('act.failed', 'Failed to get account information. Try again later.', { account_id: failedAccount }));
      v1errors.push('Failed to get account information. Try again later.');
    }
    const selected = data.accounts.filter((a) => only.length === 0 || only.includes(a.id));
    const shaped = selected.map((a) => shapeAccount(a, { start: start as number, end: endAt, pending, balancesOnly, v2, t, stale: a.connId === brokenConn }));
    if (v2) {
      json(res, 200, {
        ...top,
        errlist,
        connections: data.institutions.map((i) => ({ conn_id: i.connId, name: i.name, org_id: i.orgId, org_url: i.orgUrl, sfin_url: `${base}/simplefin` })),
        accounts: shaped,
      });
    } else {
      json(res, 200, { ...top, errors: v1errors, accounts: shaped });
    }
    return 200;

    function shapeAccount(
      a: EmuAccount,
      o: { start: number; end: number; pending: boolean; balancesOnly: boolean; v2: boolean; t: number; stale: boolean },
    ): Record<string, unknown> {
      const inst = data.institutions.find((i) => i.connId === a.connId)!;
      const out: Record<string, unknown> = { id: a.id, name: a.name };
      if (o.v2) out.conn_id = a.connId;
      else out.org = { domain: inst.domain, name: inst.name, 'sfin-url': `${base}/simplefin`, url: inst.orgUrl, id: inst.orgId };
      out.currency = a.currency;
      out.balance = a.balance;
      if (a.availableBalance) out['available-balance'] = a.availableBalance;
      out['balance-date'] = o.stale ? o.t - 5 * DAY : o.t - 600;
      if (!o.balancesOnly) {
        const rows: EmuTransaction[] = o.stale
          ? []
          : a.transactions.filter((x) => {
              if (x.pending && !o.pending) return false;
              const when = x.pending ? (x.transacted_at ?? 0) : x.posted;
              return when >= o.start && when < o.end;
            });
        rows.sort((x, y) => (x.posted || x.transacted_at || 0) - (y.posted || y.transacted_at || 0));
        out.transactions = rows;
      }
      return out;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const query: Record<string, string | string[]> = {};
    for (const k of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(k);
      query[k] = all.length > 1 ? all : all[0];
    }
    const record: RequestRecord = { method: req.method ?? 'GET', path: url.pathname, query, status: 0 };
    const body = await new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString('utf8')));
      req.on('end', () => resolve(text));
    });
    const path = url.pathname;
    let status = 404;
    if (path.startsWith('/__emu/')) {
      control(path, req.method ?? 'GET', body, res);
      return;
    }
    requests.push(record);
    const claimMatch = /^\/simplefin\/claim\/([A-Za-z0-9]+)$/.exec(path);
    if (claimMatch && req.method === 'POST') status = await claim(claimMatch[1], res);
    else if (path === '/simplefin/info' && req.method === 'GET') {
      json(res, 200, { versions: scenarios.has('v1_only') ? ['1.0'] : ['1.0', '2.0'] });
      status = 200;
    } else if (path === '/simplefin/accounts' && req.method === 'GET') {
      accountsMax = Math.max(accountsMax, ++accountsNow);
      try {
        status = await accounts(req, url, res, record);
      } finally {
        accountsNow--;
      }
    }
    else if (path === '/simplefin/create' && req.method === 'GET') {
      const token = mintToken();
      send(res, 200, 'text/html; charset=utf-8', `<!doctype html><title>SimpleFIN emulator</title><h1>Setup token</h1><p>Paste this token in Coffer:</p><pre style="white-space:pre-wrap;word-break:break-all">${token}</pre>`);
      status = 200;
    } else send(res, 404, 'text/plain', 'Not Found');
    record.status = status;
  }

  function control(path: string, method: string, body: string, res: ServerResponse): number {
    let input: Record<string, unknown>;
    try {
      input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      input = {};
    }
    if (path === '/__emu/tokens' && method === 'POST') {
      json(res, 201, { setupToken: mintToken(typeof input.user === 'string' ? input.user : undefined) });
      return 201;
    }
    if (path === '/__emu/scenario' && method === 'POST') {
      scenarios.set(input.name as ScenarioName, (input.params as Record<string, unknown>) ?? {});
      json(res, 200, { scenarios: [...scenarios.keys()] });
      return 200;
    }
    if (path === '/__emu/reset' && method === 'POST') {
      scenarios.clear();
      json(res, 200, {});
      return 200;
    }
    if (path === '/__emu/revoke' && method === 'POST') {
      for (const c of credentials.values()) c.revoked = true;
      json(res, 200, {});
      return 200;
    }
    if (path === '/__emu/requests' && method === 'GET') {
      json(res, 200, { requests });
      return 200;
    }
    send(res, 404, 'text/plain', 'Not Found');
    return 404;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain', String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const demoToken = Buffer.from(`${base}/simplefin/claim/demo`).toString('base64');

  return {
    url: base,
    mintToken,
    demoToken,
    scenario: (name, params = {}) => {
      scenarios.set(name, params);
      if (name === 'huge') dataOf(); // built now, so that its generation is not timed as the Bridge's answer
    },
    clearScenarios: () => scenarios.clear(),
    revokeAllAccess: () => {
      for (const c of credentials.values()) c.revoked = true;
    },
    requests,
    accountsCalls: () => requests.filter((r) => r.path === '/simplefin/accounts').length,
    maxAccountsAtOnce: () => accountsMax,
    issuedAccessUrls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
