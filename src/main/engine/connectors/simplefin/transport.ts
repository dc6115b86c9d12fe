/**
 * The two HTTP calls of SimpleFIN, on fetch: the claim (POST, empty body) and GET /accounts. Redirects are
 * not followed (a redirect would carry the person's credentials to another address). Every failure becomes a
 * ConnectorError with the channel status of C15; no message ever quotes a URL (the access URL is a password
 * and the claim URL a one-time key).
 */
import { ConnectorError } from '../types';
import type { AccessPoint } from './urls';

/** SimpleFIN answers can take long for many institutions (research §3.7: allow 120 s and more). */
export const DEFAULT_TIMEOUT_MS = 150_000;

export function requestTimeoutMs(): number {
  const fromEnv = Number(process.env.COFFER_SIMPLEFIN_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_TIMEOUT_MS;
}

interface Answer {
  status: number;
  text: string;
}

/** One request; a time-out or a network failure is SERVICE_UNAVAILABLE, a cancellation passes through. */
async function send(url: string, init: RequestInit, signal: AbortSignal, timeoutMs: number, what: string): Promise<Answer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.any([signal, timeout]) });
    const text = await res.text();
    return { status: res.status, text };
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    if (timeout.aborted) {
      throw new ConnectorError('SERVICE_UNAVAILABLE', `the SimpleFIN Bridge did not answer ${what} within ${Math.round(timeoutMs / 1000)} s`);
    }
    const code = (err as { cause?: { code?: string } }).cause?.code;
    throw new ConnectorError('SERVICE_UNAVAILABLE', `the SimpleFIN Bridge could not be reached for ${what}${code ? ` (${code})` : ''}`);
  }
}

export type ClaimResult = { kind: 'claimed'; accessUrl: string } | { kind: 'refused'; reason: string };

/**
 * POSTs to the claim URL once. 200 with a URL body (a trailing newline is usual) → the access URL; 403, or
 * a 200 whose body is not a URL (some bridges answer "Forbidden" with 200) → refused: the token was already
 * claimed or is unknown, so someone else may hold it. Anything else is the bridge's transient trouble.
 */
export async function claim(claimUrl: URL, signal: AbortSignal, timeoutMs: number): Promise<ClaimResult> {
  const answer = await send(
    claimUrl.href,
    { method: 'POST', headers: { 'content-length': '0' }, body: '' },
    signal,
    timeoutMs,
    'the claim of the setup token',
  );
  if (answer.status === 403) {
    return { kind: 'refused', reason: 'the SimpleFIN Bridge refused the setup token: it was already claimed or is unknown' };
  }
  if (answer.status === 200) {
    const body = answer.text.trim();
    if (/^https?:\/\/\S+$/i.test(body)) return { kind: 'claimed', accessUrl: body };
    return { kind: 'refused', reason: 'the SimpleFIN Bridge did not give an access URL for the setup token (it may have been claimed already)' };
  }
  throw new ConnectorError('SERVICE_UNAVAILABLE', `the SimpleFIN Bridge answered the claim with HTTP ${answer.status}`);
}

export interface AccountsQuery {
  start: number;
  /** Exclusive. */
  end: number;
}

/**
 * GET {root}/accounts?version=2&pending=1&start-date=S&end-date=E and its JSON. 403 → AUTH_FAILED (access
 * revoked), 402 → USER_ACTION_REQUIRED (subscription lapsed), 429 → SERVICE_UNAVAILABLE with `rateLimited`,
 * other non-200, or a body that is not JSON (a Cloudflare 524 page) → SERVICE_UNAVAILABLE.
 */
export async function getAccounts(
  access: AccessPoint,
  query: AccountsQuery,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<unknown> {
  const url = `${access.root}/accounts?version=2&pending=1&start-date=${query.start}&end-date=${query.end}`;
  const answer = await send(url, { method: 'GET', headers: { authorization: access.authorization, accept: 'application/json' } }, signal, timeoutMs, 'the account request');
  if (answer.status === 403) {
    throw new ConnectorError('AUTH_FAILED', 'the SimpleFIN Bridge refused the access (HTTP 403): it was revoked; paste a new setup token');
  }
  if (answer.status === 402) {
    throw new ConnectorError('USER_ACTION_REQUIRED', 'the SimpleFIN Bridge asks for payment (HTTP 402): renew the Bridge subscription');
  }
  if (answer.status === 429) throw new RateLimited();
  if (answer.status !== 200) {
    throw new ConnectorError('SERVICE_UNAVAILABLE', `the SimpleFIN Bridge answered HTTP ${answer.status}; it will be tried again later`);
  }
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    throw new ConnectorError('SERVICE_UNAVAILABLE', 'the SimpleFIN Bridge answered something that is not JSON; it will be tried again later');
  }
}

/** HTTP 429: the Bridge's daily quota is spent (the caller stops all requests until the next day). */
export class RateLimited extends ConnectorError {
  constructor() {
    super('SERVICE_UNAVAILABLE', 'the SimpleFIN Bridge refused more requests today (HTTP 429); synchronization resumes tomorrow');
  }
}
