import { createPublicKey, randomUUID, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A small stand-in for Enable Banking's API on 127.0.0.1, enough for the app's journey in Chromium (settings,
 * catalogue, consent, first synchronization). It checks each request's RS256 token against the registered
 * application's public key (401 UNAUTHORIZED_ACCESS otherwise), issues single-use codes and answers the
 * shapes of research §2.2. The full emulator (every C16 scenario) lives in test/emulators/enablebanking/
 * (engine side); this one only has to make the app's screens real.
 */
export const STANDIN_REDIRECT = 'https://coffer.invalid/enablebanking/callback';

interface StandIn {
  url: string;
  close(): Promise<void>;
  /** Codes handed out and not yet exchanged. */
  openCodes(): number;
  /** Every session made so far expires now (account calls answer 401 EXPIRED_SESSION). */
  expireSessions(): void;
}

const ASPSPS: Record<string, Array<{ name: string; country: string }>> = {
  FR: [
    { name: 'Mock Banque FR', country: 'FR' },
    { name: 'Mock Crédit Mutuel', country: 'FR' },
  ],
  DE: [{ name: 'Mock Sparkasse DE', country: 'DE' }],
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const failure = (res: ServerResponse, status: number, error: string, message: string) =>
  send(res, status, { message, code: status, error, detail: null });

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return {};
  }
}

function tokenValid(header: string | undefined, applicationId: string, key: KeyObject): boolean {
  const m = /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(header ?? '');
  if (!m) return false;
  try {
    const head = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8'));
    const claims = JSON.parse(Buffer.from(m[2], 'base64url').toString('utf8'));
    if (head.alg !== 'RS256' || head.kid !== applicationId) return false;
    if (claims.iss !== 'enablebanking.com' || claims.aud !== 'api.enablebanking.com') return false;
    const now = Date.now() / 1000;
    if (!(claims.exp > now) || claims.exp - claims.iat > 86_400) return false;
    return verify('RSA-SHA256', Buffer.from(`${m[1]}.${m[2]}`), key, Buffer.from(m[3], 'base64url'));
  } catch {
    return false;
  }
}

export async function startEnableBankingStandIn(app: {
  applicationId: string;
  publicKeyPem: string;
  name?: string;
}): Promise<StandIn> {
  const key = createPublicKey(app.publicKeyPem);
  const auths = new Map<string, { state: string; redirect: string }>();
  const codes = new Map<string, string>();
  const sessions = new Map<string, { uids: string[]; expired: boolean }>();
  let base = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      // The bank's page (no token): approves, or denies with ?action=deny.
      if (url.pathname === '/__bank/consent') {
        const auth = auths.get(url.searchParams.get('authorization_id') ?? '');
        if (!auth) return failure(res, 404, 'WRONG_REQUEST_PARAMETERS', 'unknown authorization');
        const target = new URL(auth.redirect);
        if (url.searchParams.get('action') === 'deny') {
          target.searchParams.set('error', 'access_denied');
          target.searchParams.set('error_description', 'User cancelled');
        } else {
          const code = randomUUID();
          codes.set(code, url.searchParams.get('authorization_id')!);
          target.searchParams.set('code', code);
        }
        target.searchParams.set('state', auth.state);
        res.writeHead(302, { location: target.toString() });
        return res.end();
      }
      if (!tokenValid(req.headers.authorization, app.applicationId, key))
        return failure(res, 401, 'UNAUTHORIZED_ACCESS', 'Unauthorized access');

      if (req.method === 'GET' && url.pathname === '/application')
        return send(res, 200, {
          name: app.name ?? 'My Coffer',
          description: null,
          kid: app.applicationId,
          environment: 'PRODUCTION',
          redirect_urls: [STANDIN_REDIRECT],
          active: true,
          countries: ['FR', 'DE'],
          services: ['AIS'],
        });
      if (req.method === 'GET' && url.pathname === '/aspsps') {
        const list = ASPSPS[url.searchParams.get('country') ?? ''] ?? [];
        return send(res, 200, {
          aspsps: list.map((a) => ({
            ...a,
            logo: `${base}/__bank/logo.png`,
            psu_types: ['personal'],
            auth_methods: [{ name: 'redirect', psu_type: 'personal', approach: 'REDIRECT', hidden_method: false }],
            maximum_consent_validity: 15_552_000,
            beta: false,
          })),
        });
      }
      if (req.method === 'POST' && url.pathname === '/auth') {
        const body = await bodyOf(req);
        if (body.redirect_url !== STANDIN_REDIRECT)
          return failure(res, 400, 'REDIRECT_URI_NOT_ALLOWED', 'Redirect URI not allowed');
        const id = randomUUID();
        auths.set(id, { state: String(body.state), redirect: String(body.redirect_url) });
        return send(res, 200, {
          url: `${base}/__bank/consent?authorization_id=${id}`,
          authorization_id: id,
          psu_id_hash: 'h',
        });
      }
      if (req.method === 'POST' && url.pathname === '/sessions') {
        const body = await bodyOf(req);
        const code = String(body.code ?? '');
        if (!codes.has(code)) return failure(res, 400, 'WRONG_AUTHORIZATION_CODE', 'Wrong authorization code');
        codes.delete(code);
        const sessionId = randomUUID();
        const uids = [randomUUID(), randomUUID()];
        sessions.set(sessionId, { uids, expired: false });
        return send(res, 200, {
          session_id: sessionId,
          aspsp: { name: 'Mock Banque FR', country: 'FR' },
          psu_type: 'personal',
          access: {
            valid_until: new Date(Date.now() + 170 * 86_400_000).toISOString(),
            balances: true,
            transactions: true,
          },
          accounts: [
            {
              account_id: { iban: 'FR7630006000011234567890189' },
              name: 'Compte courant',
              cash_account_type: 'CACC',
              currency: 'EUR',
              uid: uids[0],
              identification_hash: 'hash-current',
            },
            {
              account_id: { iban: 'FR7630006000019876543210155' },
              name: 'Livret A',
              cash_account_type: 'SVGS',
              currency: 'EUR',
              uid: uids[1],
              identification_hash: 'hash-savings',
            },
          ],
        });
      }
      const account = /^\/accounts\/([^/]+)\/(balances|transactions)$/.exec(url.pathname);
      if (req.method === 'GET' && account) {
        const session = [...sessions.values()].find((s) => s.uids.includes(account[1]));
        if (!session) return failure(res, 422, 'INVALID_ACCOUNT_ID', 'Invalid account id');
        if (session.expired) return failure(res, 401, 'EXPIRED_SESSION', 'Session expired');
        if (account[2] === 'balances')
          return send(res, 200, {
            balances: [
              {
                name: 'Booked',
                balance_amount: { currency: 'EUR', amount: '1523.40' },
                balance_type: 'CLBD',
                reference_date: new Date().toISOString().slice(0, 10),
              },
            ],
          });
        const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
        return send(res, 200, {
          transactions: [
            {
              entry_reference: `${account[1]}-1`,
              transaction_amount: { currency: 'EUR', amount: '42.17' },
              credit_debit_indicator: 'DBIT',
              status: 'BOOK',
              booking_date: day(2),
              creditor: { name: 'CARREFOUR CITY' },
              remittance_information: ['CB CARREFOUR CITY PARIS'],
            },
            {
              entry_reference: `${account[1]}-2`,
              transaction_amount: { currency: 'EUR', amount: '2450.00' },
              credit_debit_indicator: 'CRDT',
              status: 'BOOK',
              booking_date: day(10),
              debtor: { name: 'ACME SAS' },
              remittance_information: ['SALAIRE'],
            },
          ],
          continuation_key: null,
        });
      }
      if (req.method === 'DELETE' && url.pathname.startsWith('/sessions/')) return send(res, 200, { message: 'OK' });
      return failure(res, 404, 'WRONG_REQUEST_PARAMETERS', `no route ${req.method} ${url.pathname}`);
    })().catch((err: unknown) => failure(res, 500, 'ASPSP_ERROR', String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url: base,
    openCodes: () => codes.size,
    expireSessions: () => {
      for (const s of sessions.values()) s.expired = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
