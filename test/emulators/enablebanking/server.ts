/**
 * A loopback emulator of Enable Banking's API (research/connectors.md §5.2), plain node:http on 127.0.0.1:
 * JWT checks on every API call, /application, /aspsps, /auth with an emulated bank page, single-use codes,
 * sessions whose account uids change per session (identification_hash stays), balances, transactions in
 * pages with continuation_key, the error bodies {message, code, error, detail}, the PSD2 budget of unattended
 * reads, and failure scenarios driven by the test through this object (not through HTTP).
 */
import { createHash, createPublicKey, randomUUID, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { streamFill } from '../../../src/main/simplefin-emulator/stream-fill';

const DAY = 86_400;

export interface EmuApp {
  application_id: string;
  public_key_pem: string;
  name?: string;
  redirect_urls: string[];
  countries?: string[];
  active?: boolean;
}

export interface EmuAspsp {
  name: string;
  country: string;
  approach: 'REDIRECT' | 'DECOUPLED';
  maximum_consent_validity: number;
  required_psu_headers?: string[];
  nullEntryReference?: boolean;
}

export interface EmuRow {
  entry_reference: string | null;
  amount: string;
  indicator: 'CRDT' | 'DBIT';
  status: 'BOOK' | 'PDNG' | 'HOLD' | 'CNCL' | 'RJCT';
  /** YYYY-MM-DD */
  date: string;
  counterpart: string;
  remittance: string;
}

export interface EmuAccount {
  hash: string;
  iban: string;
  name: string;
  cash_account_type: string;
  currency: string;
  balance: string;
  rows: EmuRow[];
}

export interface FailRule {
  path: RegExp;
  status: number;
  error?: string;
  html?: boolean;
  count?: number;
  /** Answer 200 with a JSON body padded to this many bytes, streamed (a hostile or broken server). */
  hugeBytes?: number;
}

interface Session {
  id: string;
  appId: string;
  aspsp: EmuAspsp;
  uids: Map<string, string>;
  validUntil: number;
  authorized: number;
  status: 'AUTHORIZED' | 'REVOKED' | 'CLOSED';
}

export interface RequestLog {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  status: number;
}

export const ASPSPS: EmuAspsp[] = [
  { name: 'Mock Banque FR', country: 'FR', approach: 'REDIRECT', maximum_consent_validity: 180 * DAY, required_psu_headers: ['Psu-Ip-Address', 'Psu-User-Agent'] },
  { name: 'Mock Decoupled Bank', country: 'FR', approach: 'DECOUPLED', maximum_consent_validity: 90 * DAY },
  { name: 'Mock NullRef Bank', country: 'DE', approach: 'REDIRECT', maximum_consent_validity: 180 * DAY, nullEntryReference: true },
  { name: 'Mock Redirect Bank', country: 'FI', approach: 'REDIRECT', maximum_consent_validity: 90 * DAY },
];

const NAMES = ['CARREFOUR CITY', 'RATP', 'SNCF', 'BOULANGERIE PAUL', 'FNAC', 'EDF', 'ORANGE', 'AMAZON EU', 'PHARMACIE', 'MONOPRIX'];

const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
const dayOf = (text: string) => Date.parse(`${text}T00:00:00Z`) / 1000;

/** Deterministic rows, newest first, one every `spacingDays` (fractional allowed) back from `today`. */
export function makeRows(seed: string, count: number, today: number, nullRefs = false, spacingDays = 2): EmuRow[] {
  const rows: EmuRow[] = [];
  for (let i = 0; i < count; i++) {
    const h = createHash('sha256').update(`${seed}:${i}`).digest();
    const credit = i % 15 === 7;
    const cents = credit ? 150000 + h.readUInt16BE(0) : 100 + (h.readUInt16BE(2) % 20000);
    rows.push({
      entry_reference: nullRefs ? null : `${seed.slice(0, 6)}-${String(i).padStart(6, '0')}`,
      amount: (cents / 100).toFixed(2),
      indicator: credit ? 'CRDT' : 'DBIT',
      status: 'BOOK',
      date: iso(today - Math.floor(i * spacingDays) * DAY),
      counterpart: credit ? 'ACME SAS' : NAMES[h[4] % NAMES.length],
      remittance: credit ? 'SALAIRE' : `CB ${NAMES[h[4] % NAMES.length]} ${i}`,
    });
  }
  return rows;
}

export interface EmulatorOptions {
  /** Rows per account (default 60). */
  rowsPerAccount?: number;
  /** Accounts of Mock Redirect Bank (default 2; the benchmark uses 10). */
  redirectBankAccounts?: number;
  pageSize?: number;
  spacingDays?: number;
  now?: () => number;
}

export class EnableBankingEmulator {
  url = '';
  readonly apps = new Map<string, { app: EmuApp; key: KeyObject }>();
  readonly accounts = new Map<string, EmuAccount[]>();
  readonly sessions = new Map<string, Session>();
  readonly log: RequestLog[] = [];
  readonly failRules: FailRule[] = [];
  readonly gone = new Set<string>();
  /** Refuses (WRONG_TRANSACTIONS_PERIOD) any date_from older than this many days, whatever the strategy. */
  refuseOlderThanDays: number | null = null;
  /** Deepest history served with strategy=longest (older date_from are clamped). */
  maxHistoryDays = 730;
  /** What the emulated bank page does when the test does not say. */
  consentAction: 'approve' | 'deny' | 'no_accounts' = 'approve';
  unattendedLimit = 4;
  pageSize: number;
  now: () => number;
  private server: Server | null = null;
  private auths = new Map<string, { appId: string; aspsp: EmuAspsp; state: string; redirect: string; validUntil: number; language?: string }>();
  private codes = new Map<string, { authId: string; created: number; used: boolean; noAccounts: boolean }>();
  private reads = new Map<string, number[]>();

  constructor(options: EmulatorOptions = {}) {
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.pageSize = options.pageSize ?? 50;
    const today = Math.floor(this.now() / DAY) * DAY;
    const count = options.rowsPerAccount ?? 60;
    const spacing = options.spacingDays ?? 2;
    for (const a of ASPSPS) {
      const n = a.name === 'Mock Redirect Bank' ? (options.redirectBankAccounts ?? 2) : 2;
      const list: EmuAccount[] = [];
      for (let i = 0; i < n; i++) {
        const iban = `${a.country}76${String(3000600001 + i).padStart(10, '0')}${a.name.length}${i}`;
        const hash = createHash('sha256').update(`${a.name}:${iban}`).digest('base64');
        list.push({
          hash,
          iban,
          name: i === 1 ? 'Carte Visa' : `Compte ${i + 1}`,
          cash_account_type: i === 1 && n === 2 ? 'CARD' : 'CACC',
          currency: 'EUR',
          balance: (1523.4 + i).toFixed(2),
          rows: makeRows(iban, count, today, a.nullEntryReference, spacing),
        });
      }
      this.accounts.set(a.name, list);
    }
    // Every row's JSON is made now, before any request: a page answer is then a few string joins (the
    // benchmark's emulator must answer well under 1 ms).
    for (const list of this.accounts.values()) for (const a of list) for (const r of a.rows) this.rowText(r);
  }

  registerApp(app: EmuApp): void {
    this.apps.set(app.application_id, { app, key: createPublicKey(app.public_key_pem) });
  }

  accountsOf(aspsp: string): EmuAccount[] {
    return this.accounts.get(aspsp)!;
  }

  failNext(rule: FailRule): void {
    this.failRules.push({ count: 1, ...rule });
  }

  /** Session ids issued (tests check they never reach Coffer's database, logs or answers). */
  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** Codes the bank page handed out and nobody exchanged yet (codes are single-use). */
  openCodes(): number {
    return [...this.codes.values()].filter((c) => !c.used).length;
  }

  expireSessions(): void {
    for (const s of this.sessions.values()) s.validUntil = this.now() - 1;
  }

  revokeSessions(): void {
    for (const s of this.sessions.values()) if (s.status === 'AUTHORIZED') s.status = 'REVOKED';
  }

  requests(filter?: RegExp): RequestLog[] {
    return filter ? this.log.filter((r) => filter.test(r.path)) : this.log;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => this.send(req, res, 500, { message: String(err), code: 500, error: 'ASPSP_ERROR', detail: null }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const addr = this.server.address();
    this.url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    return this.url;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private send(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, html = false): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = k === 'authorization' ? '[redacted]' : v;
    this.log.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers, status });
    if (html) {
      res.writeHead(status, { 'content-type': 'text/html' }).end(String(body));
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private error(req: IncomingMessage, res: ServerResponse, status: number, error: string, message: string): void {
    this.send(req, res, status, { message, code: status, error, detail: null });
  }

  /**
   * Tokens whose signature was verified, with their claims: a client reuses one token for many calls, so the
   * RSA check runs once per token; the time claims (and the application still being registered with the
   * same key) are checked at every call.
   */
  private verifiedTokens = new Map<string, { kid: string; key: KeyObject; claims: { iss?: string; aud?: string; iat?: number; exp?: number } }>();

  private checkJwt(req: IncomingMessage): string | null {
    const auth = req.headers.authorization ?? '';
    const known = this.verifiedTokens.get(auth);
    if (known) return this.apps.get(known.kid)?.key === known.key ? this.checkClaims(known.kid, known.claims) : null;
    const m = /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(auth);
    if (!m) return null;
    try {
      const header = JSON.parse(Buffer.from(m[1], 'base64url').toString()) as { alg?: string; kid?: string };
      const claims = JSON.parse(Buffer.from(m[2], 'base64url').toString()) as { iss?: string; aud?: string; iat?: number; exp?: number };
      if (header.alg !== 'RS256' || !header.kid) return null;
      const app = this.apps.get(header.kid);
      if (!app) return null;
      if (!verify('sha256', Buffer.from(`${m[1]}.${m[2]}`), app.key, Buffer.from(m[3], 'base64url'))) return null;
      if (this.verifiedTokens.size > 1000) this.verifiedTokens.clear();
      this.verifiedTokens.set(auth, { kid: header.kid, key: app.key, claims });
      return this.checkClaims(header.kid, claims);
    } catch {
      return null;
    }
  }

  private checkClaims(kid: string, claims: { iss?: string; aud?: string; iat?: number; exp?: number }): string | null {
    const now = this.now();
    if (claims.iss !== 'enablebanking.com' || claims.aud !== 'api.enablebanking.com') return null;
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number') return null;
    if (claims.iat > now + 60 || claims.exp <= now || claims.exp - claims.iat > DAY) return null;
    return kid;
  }

  private async body(req: IncomingMessage): Promise<any> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString() || '{}');
    } catch {
      return {};
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (path === '/__bank/consent') return this.bankPage(req, res, url);

    const appId = this.checkJwt(req);
    if (!appId) return this.error(req, res, 401, 'UNAUTHORIZED_ACCESS', 'Unauthorized access');
    const { app } = this.apps.get(appId)!;

    const rule = this.failRules.find((r) => r.path.test(path) && (r.count ?? 1) > 0);
    if (rule) {
      rule.count = (rule.count ?? 1) - 1;
      if (rule.hugeBytes !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"transactions":[]');
        await streamFill(res, rule.hugeBytes, Buffer.alloc(64 * 1024, ' '), '}');
        return;
      }
      if (rule.html) return this.send(req, res, rule.status, '<html><body>502 Bad Gateway</body></html>', true);
      return this.error(req, res, rule.status, rule.error ?? 'ASPSP_ERROR', `emulated failure ${rule.error ?? rule.status}`);
    }

    if (method === 'GET' && path === '/application') {
      return this.send(req, res, 200, {
        name: app.name ?? 'My Coffer',
        description: null,
        kid: app.application_id,
        environment: 'PRODUCTION',
        redirect_urls: app.redirect_urls,
        active: app.active ?? true,
        countries: app.countries ?? ['FR', 'DE', 'FI'],
        services: ['AIS'],
      });
    }
    if (method === 'GET' && path === '/aspsps') {
      const country = url.searchParams.get('country');
      const list = ASPSPS.filter((a) => !country || a.country === country).map((a) => ({
        name: a.name,
        country: a.country,
        logo: `${this.url}/__bank/logo/${encodeURIComponent(a.name)}`,
        psu_types: ['personal'],
        auth_methods: [{ name: 'login', psu_type: 'personal', approach: a.approach, hidden_method: false }],
        maximum_consent_validity: a.maximum_consent_validity,
        beta: false,
        ...(a.required_psu_headers ? { required_psu_headers: a.required_psu_headers } : {}),
      }));
      return this.send(req, res, 200, { aspsps: list });
    }
    if (method === 'POST' && path === '/auth') return this.auth(req, res, app, await this.body(req));
    if (method === 'POST' && path === '/sessions') return this.createSession(req, res, appId, await this.body(req));
    const sessionPath = /^\/sessions\/([^/]+)$/.exec(path);
    if (sessionPath) {
      const s = this.sessions.get(decodeURIComponent(sessionPath[1]));
      if (!s || s.appId !== appId) return this.error(req, res, 404, 'SESSION_DOES_NOT_EXIST', 'Session does not exist');
      if (method === 'DELETE') {
        s.status = 'CLOSED';
        return this.send(req, res, 200, { message: 'OK' });
      }
      return this.send(req, res, 200, { status: this.statusOf(s), accounts: [...s.uids.values()] });
    }
    const acct = /^\/accounts\/([^/]+)\/(balances|transactions)$/.exec(path);
    if (acct && method === 'GET') return this.accountCall(req, res, url, appId, decodeURIComponent(acct[1]), acct[2] as 'balances' | 'transactions');
    return this.error(req, res, 404, 'WRONG_REQUEST_PARAMETERS', `no route ${method} ${path}`);
  }

  private sorted = new WeakMap<EmuAccount, { rows: EmuRow[]; length: number; first: EmuRow | undefined; from: number; out: EmuRow[] }>();

  /** The account's rows from `from`, newest first; cached while the test leaves the rows as they are (pages stay fast). */
  private sortedFrom(account: EmuAccount, from: number): EmuRow[] {
    const c = this.sorted.get(account);
    if (c && c.rows === account.rows && c.length === account.rows.length && c.first === account.rows[0] && c.from === from) return c.out;
    const out = account.rows.filter((r) => dayOf(r.date) >= from).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
    this.sorted.set(account, { rows: account.rows, length: account.rows.length, first: account.rows[0], from, out });
    return out;
  }

  private statusOf(s: Session): string {
    if (s.status !== 'AUTHORIZED') return s.status;
    return this.now() > s.validUntil ? 'EXPIRED' : 'AUTHORIZED';
  }

  private auth(req: IncomingMessage, res: ServerResponse, app: EmuApp, body: any): void {
    const aspsp = ASPSPS.find((a) => a.name === body?.aspsp?.name && a.country === body?.aspsp?.country);
    const validUntil = Date.parse(body?.access?.valid_until ?? '') / 1000;
    if (!body?.state || !body?.redirect_url || !Number.isFinite(validUntil)) {
      return this.error(req, res, 422, 'WRONG_REQUEST_PARAMETERS', 'Wrong request parameters');
    }
    if (!aspsp) return this.error(req, res, 404, 'WRONG_ASPSP_PROVIDED', 'Wrong ASPSP provided');
    if (!app.redirect_urls.includes(body.redirect_url)) return this.error(req, res, 400, 'REDIRECT_URI_NOT_ALLOWED', 'Redirect URI not allowed');
    if (validUntil > this.now() + aspsp.maximum_consent_validity) {
      return this.error(req, res, 422, 'WRONG_REQUEST_PARAMETERS', 'valid_until exceeds maximum consent validity');
    }
    // `language` (optional, two-letter ISO 639-1) is the language of the bank's pages.
    if (body.language !== undefined && (typeof body.language !== 'string' || !/^[a-z]{2}$/.test(body.language))) {
      return this.error(req, res, 422, 'WRONG_REQUEST_PARAMETERS', 'Wrong request parameters');
    }
    const id = randomUUID();
    this.auths.set(id, { appId: app.application_id, aspsp, state: body.state, redirect: body.redirect_url, validUntil, language: body.language });
    this.send(req, res, 200, { url: `${this.url}/__bank/consent?authorization_id=${id}`, authorization_id: id, psu_id_hash: 'psu' });
  }

  /** The language each authorization asked the bank's pages to speak (undefined: none asked), oldest first. */
  authLanguages(): (string | undefined)[] {
    return [...this.auths.values()].map((a) => a.language);
  }

  private bankPage(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const auth = this.auths.get(url.searchParams.get('authorization_id') ?? '');
    if (!auth) return this.send(req, res, 404, 'unknown authorization', true);
    const action = (url.searchParams.get('action') as typeof this.consentAction | null) ?? this.consentAction;
    const back = new URL(auth.redirect);
    if (action === 'deny') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'User cancelled');
    } else {
      const code = randomUUID();
      this.codes.set(code, { authId: url.searchParams.get('authorization_id')!, created: this.now(), used: false, noAccounts: action === 'no_accounts' });
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', auth.state);
    this.log.push({ method: 'GET', path: '/__bank/consent', query: {}, headers: {}, status: 302 });
    res.writeHead(302, { location: back.toString() }).end();
  }

  private createSession(req: IncomingMessage, res: ServerResponse, appId: string, body: any): void {
    const code = this.codes.get(String(body?.code ?? ''));
    if (!code) return this.error(req, res, 400, 'WRONG_AUTHORIZATION_CODE', 'Wrong authorization code');
    if (code.used) return this.error(req, res, 400, 'ALREADY_AUTHORIZED', 'Already authorized');
    if (this.now() - code.created > 600) return this.error(req, res, 400, 'EXPIRED_AUTHORIZATION_CODE', 'Expired authorization code');
    code.used = true;
    const auth = this.auths.get(code.authId)!;
    if (code.noAccounts) return this.error(req, res, 422, 'NO_ACCOUNTS_ADDED', 'No accounts added');
    const s: Session = { id: randomUUID(), appId, aspsp: auth.aspsp, uids: new Map(), validUntil: auth.validUntil, authorized: this.now(), status: 'AUTHORIZED' };
    for (const a of this.accountsOf(auth.aspsp.name)) s.uids.set(randomUUID(), a.hash);
    this.sessions.set(s.id, s);
    this.send(req, res, 200, {
      session_id: s.id,
      aspsp: { name: auth.aspsp.name, country: auth.aspsp.country },
      psu_type: 'personal',
      access: { valid_until: new Date(s.validUntil * 1000).toISOString(), balances: true, transactions: true, accounts: null },
      accounts: [...s.uids].map(([uid, hash]) => {
        const a = this.accountsOf(auth.aspsp.name).find((x) => x.hash === hash)!;
        return {
          account_id: { iban: a.iban },
          name: a.name,
          cash_account_type: a.cash_account_type,
          currency: a.currency,
          product: 'Compte',
          uid,
          identification_hash: a.hash,
          identification_hashes: [a.hash],
        };
      }),
    });
  }

  private accountCall(req: IncomingMessage, res: ServerResponse, url: URL, appId: string, uid: string, endpoint: 'balances' | 'transactions'): void {
    const s = [...this.sessions.values()].find((x) => x.uids.has(uid) && x.appId === appId);
    if (!s) return this.error(req, res, 422, 'INVALID_ACCOUNT_ID', 'Invalid account id');
    const status = this.statusOf(s);
    if (status === 'EXPIRED') return this.error(req, res, 401, 'EXPIRED_SESSION', 'Session expired');
    if (status === 'REVOKED') return this.error(req, res, 401, 'REVOKED_SESSION', 'Session revoked');
    if (status === 'CLOSED') return this.error(req, res, 401, 'CLOSED_SESSION', 'Session closed');
    const hash = s.uids.get(uid)!;
    if (this.gone.has(hash)) return this.error(req, res, 404, 'ACCOUNT_DOES_NOT_EXIST', 'Account does not exist');
    const account = this.accountsOf(s.aspsp.name).find((a) => a.hash === hash)!;

    const required = s.aspsp.required_psu_headers ?? [];
    const given = required.filter((h) => req.headers[h.toLowerCase()] !== undefined);
    if (given.length > 0 && given.length < required.length) return this.error(req, res, 422, 'PSU_HEADER_NOT_PROVIDED', 'PSU header not provided');
    // The PSD2 budget is enforced by the banks that list PSU headers: a read without them is unattended.
    const unattended = required.length > 0 && given.length === 0;
    const continuation = url.searchParams.get('continuation_key');
    if (unattended && !continuation) {
      const key = `${hash}|${endpoint}`;
      const now = this.now();
      const recent = (this.reads.get(key) ?? []).filter((t) => t > now - DAY);
      if (recent.length >= this.unattendedLimit) return this.error(req, res, 429, 'ASPSP_RATE_LIMIT_EXCEEDED', 'ASPSP rate limit exceeded');
      recent.push(now);
      this.reads.set(key, recent);
    }

    if (endpoint === 'balances') {
      return this.send(req, res, 200, {
        balances: [
          { name: 'Available', balance_amount: { currency: 'EUR', amount: (Number(account.balance) - 25).toFixed(2) }, balance_type: 'ITAV' },
          { name: 'Booked balance', balance_amount: { currency: 'EUR', amount: account.balance }, balance_type: 'CLBD', reference_date: iso(this.now()) },
          { name: 'Expected', balance_amount: { currency: 'EUR', amount: '0.00' }, balance_type: 'XPCD' },
        ],
      });
    }

    const today = Math.floor(this.now() / DAY) * DAY;
    let from: number;
    let offset = 0;
    if (continuation) {
      try {
        const k = JSON.parse(Buffer.from(continuation, 'base64url').toString()) as { s: string; u: string; o: number; f: number };
        if (k.s !== s.id || k.u !== uid) throw new Error('foreign');
        from = k.f;
        offset = k.o;
      } catch {
        return this.error(req, res, 422, 'WRONG_CONTINUATION_KEY', 'Wrong continuation key');
      }
    } else {
      const fromText = url.searchParams.get('date_from');
      if (!fromText) return this.error(req, res, 422, 'WRONG_REQUEST_PARAMETERS', 'date_from missing');
      from = dayOf(fromText);
      if (from > today) return this.error(req, res, 422, 'DATE_FROM_IN_FUTURE', 'date_from in future');
      const ageDays = (today - from) / DAY;
      if (this.refuseOlderThanDays !== null && ageDays > this.refuseOlderThanDays) {
        return this.error(req, res, 422, 'WRONG_TRANSACTIONS_PERIOD', 'Wrong transactions period');
      }
      if (ageDays > this.maxHistoryDays) {
        if (url.searchParams.get('strategy') !== 'longest') return this.error(req, res, 422, 'WRONG_TRANSACTIONS_PERIOD', 'Wrong transactions period');
        from = today - this.maxHistoryDays * DAY;
      }
    }
    const rows = this.sortedFrom(account, from);
    const next = offset + this.pageSize < rows.length ? Buffer.from(JSON.stringify({ s: s.id, u: uid, o: offset + this.pageSize, f: from })).toString('base64url') : null;
    // The page is served from its pre-serialised text; only the transaction_id values are new at each read
    // (Enable Banking's change between reads: that is why Coffer never keys on them).
    const parts = this.pageParts(rows, offset);
    const read = randomUUID();
    let text = parts[0];
    for (let i = 1; i < parts.length; i++) text += `${read}-${i}${parts[i]}`;
    text += next ? `,"continuation_key":"${next}"}` : '}';
    this.log.push({ method: 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: this.loggedHeaders(req), status: 200 });
    res.writeHead(200, { 'content-type': 'application/json' }).end(text);
  }

  /** A row as JSON, split where its transaction_id goes (cached per row object: a test replaces rows, never edits them). */
  private rowTexts = new WeakMap<EmuRow, [string, string]>();
  /** A page's text split where the transaction_ids go, per sorted row list and offset. */
  private pageTexts = new WeakMap<EmuRow[], Map<number, string[]>>();

  private rowText(r: EmuRow): [string, string] {
    let t = this.rowTexts.get(r);
    if (!t) {
      const json = JSON.stringify({
        entry_reference: r.entry_reference,
        transaction_id: '\u0000',
        transaction_amount: { currency: 'EUR', amount: r.amount },
        credit_debit_indicator: r.indicator,
        status: r.status,
        ...(r.status === 'BOOK' ? { booking_date: r.date, value_date: r.date } : {}),
        transaction_date: r.date,
        ...(r.indicator === 'DBIT' ? { creditor: { name: r.counterpart } } : { debtor: { name: r.counterpart } }),
        remittance_information: [r.remittance],
      });
      const at = json.indexOf('"\\u0000"');
      t = [json.slice(0, at + 1), json.slice(at + 7)];
      this.rowTexts.set(r, t);
    }
    return t;
  }

  /** `{"transactions":[` … with the text between successive transaction_id values; the caller closes the object. */
  private pageParts(rows: EmuRow[], offset: number): string[] {
    let pages = this.pageTexts.get(rows);
    if (!pages) this.pageTexts.set(rows, (pages = new Map()));
    let parts = pages.get(offset);
    if (!parts) {
      parts = ['{"transactions":['];
      rows.slice(offset, offset + this.pageSize).forEach((r, i) => {
        const [before, after] = this.rowText(r);
        parts![parts!.length - 1] += (i ? ',' : '') + before;
        parts!.push(after);
      });
      parts[parts.length - 1] += ']';
      pages.set(offset, parts);
    }
    return parts;
  }

  private loggedHeaders(req: IncomingMessage): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = k === 'authorization' ? '[redacted]' : v;
    return headers;
  }
}
