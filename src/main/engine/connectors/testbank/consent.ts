/**
 * The test bank's PSD2 side (REDIRECT channel 900001).
 *
 * The engine serves the consent page (at the `consentPageUrl` given to `authorizeUrl`), through the
 * connector's `consentPage` hooks. The page asks for a login, shows `consentAccounts(login)` to choose
 * from, and on approval calls `mintConsentCode(...)` and redirects to `redirect_uri?code=<code>&state=<state>` (on refusal it redirects with
 * `error=access_denied` and mints nothing). The client then posts the code as the AUTHORIZATION_CODE
 * credential, and the engine calls `exchangeCode`, which turns it into a grant valid 90 days.
 *
 * Codes and tokens are self-contained (payload + HMAC with a fixed, public key: this is a simulation, not
 * security), so they work in any process; codes live 60 s and are single use (spent codes are remembered
 * in process memory until they expire).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConnectorError, type AccountType, type ConsentGrant, type ConsentPageAccount } from '../types';
import { profileOf } from './profiles';

export const CODE_LIFETIME = 60;
export const CONSENT_LIFETIME = 90 * 86_400;
const REDIRECT_TYPES: AccountType[] = ['CHECKINGS', 'CREDIT_CARD'];
const KEY = 'coffer-test-bank/simulated-psd2-signing-key';

interface CodePayload {
  t: 'code';
  login: string;
  accounts?: string[];
  approved: boolean;
  exp: number;
  nonce: string;
}

interface TokenPayload {
  t: 'token';
  login: string;
  accounts?: string[];
  iat: number;
  exp: number;
  nonce: string;
}

function sign(body: string): string {
  return createHmac('sha256', KEY).update(body).digest('base64url');
}

function seal(prefix: string, payload: CodePayload | TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${prefix}.${body}.${sign(body)}`;
}

function unseal(prefix: string, sealed: string): unknown {
  const parts = sealed.split('.');
  if (parts.length !== 3 || parts[0] !== prefix) return undefined;
  const [, body, signature] = parts;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The accounts the consent page offers for a login (those the REDIRECT channel covers). */
export function consentAccounts(login: string): ConsentPageAccount[] {
  return profileOf(login)
    .accounts.filter((a) => REDIRECT_TYPES.includes(a.type))
    .map(({ reference, name, type, currency }) => ({ reference, name, type, currency }));
}

export interface MintConsentCodeArgs {
  login: string;
  /** References chosen on the page (from consentAccounts); absent or empty ⇒ all of them. */
  accounts?: string[];
  /** false: a code that exchangeCode rejects (AUTH_FAILED); prefer redirecting with error=access_denied. */
  approved?: boolean;
  /** UTC seconds; defaults to the system clock. */
  now?: number;
}

/** An opaque one-time authorization code, valid CODE_LIFETIME seconds. */
export function mintConsentCode(args: MintConsentCodeArgs): string {
  const login = args.login;
  if (typeof login !== 'string' || login.length === 0 || login.length > 64) throw new RangeError('login must be 1 to 64 characters');
  let accounts: string[] | undefined;
  if (args.accounts && args.accounts.length > 0) {
    const known = new Set(consentAccounts(login).map((a) => a.reference));
    const unknown = args.accounts.filter((ref) => !known.has(ref));
    if (unknown.length) throw new RangeError(`not an account of this login: ${unknown.join(', ')}`);
    accounts = [...new Set(args.accounts)];
  }
  const payload: CodePayload = {
    t: 'code',
    login,
    ...(accounts ? { accounts } : {}),
    approved: args.approved ?? true,
    exp: (args.now ?? nowSeconds()) + CODE_LIFETIME,
    nonce: randomBytes(12).toString('base64url'),
  };
  return seal('tbc', payload);
}

// eslint-disable-next-line coffer/no-module-state -- the simulated bank's own server memory: engines of one process reach the same test bank, as they would one real bank
const spentCodes = new Map<string, number>();

function isCode(p: unknown): p is CodePayload {
  const c = p as CodePayload;
  return !!c && c.t === 'code' && typeof c.login === 'string' && typeof c.exp === 'number' && typeof c.nonce === 'string';
}

/** Spends a code and returns the grant it stands for (AUTH_FAILED when invalid, expired, spent or refused). */
export function redeemConsentCode(code: string, now: number): ConsentGrant {
  for (const [nonce, exp] of spentCodes) if (exp < now) spentCodes.delete(nonce);
  const payload = unseal('tbc', code);
  if (!isCode(payload)) throw new ConnectorError('AUTH_FAILED', 'Unknown authorization code');
  if (payload.exp < now) throw new ConnectorError('AUTH_FAILED', 'The authorization code has expired');
  if (spentCodes.has(payload.nonce)) throw new ConnectorError('AUTH_FAILED', 'The authorization code was already used');
  spentCodes.set(payload.nonce, payload.exp);
  if (!payload.approved) throw new ConnectorError('AUTH_FAILED', 'The user refused the consent');
  const token: TokenPayload = {
    t: 'token',
    login: payload.login,
    ...(payload.accounts ? { accounts: payload.accounts } : {}),
    iat: now,
    exp: now + CONSENT_LIFETIME,
    nonce: randomBytes(12).toString('base64url'),
  };
  return { access_token: seal('tbt', token), expires: token.exp, ...(payload.accounts ? { accounts: [...payload.accounts] } : {}) };
}

/** The consent an access token stands for, or undefined when it is not one of the bank's tokens. */
export function readAccessToken(token: string): { login: string; accounts?: string[]; exp: number } | undefined {
  const p = unseal('tbt', token) as TokenPayload | undefined;
  if (!p || p.t !== 'token' || typeof p.login !== 'string' || typeof p.exp !== 'number') return undefined;
  return { login: p.login, ...(Array.isArray(p.accounts) ? { accounts: p.accounts } : {}), exp: p.exp };
}
