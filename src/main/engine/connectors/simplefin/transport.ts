/**
 * The two HTTP calls of SimpleFIN, on fetch: the claim (POST, empty body) and GET /accounts. Answers are
 * read with a size limit (CLAIM_ANSWER_LIMIT, ACCOUNTS_ANSWER_LIMIT). Redirects are not followed (a
 * redirect would carry the person's credentials to another address). Every failure becomes a
 * ConnectorError with the channel status of docs/api/simplefin.md#failures; no message ever quotes a URL (the access
 * URL is a password and the claim URL a one-time key).
 */
import { AnswerTooLarge, describeBytes, readBoundedText } from '../bounded-read';
import { ConnectorError } from '../types';
import type { AccessPoint } from './urls';

/** SimpleFIN answers can take long for many institutions (research §3.7: allow 120 s and more). */
export const DEFAULT_TIMEOUT_MS = 150_000;

/**
 * Most bytes read of a claim answer: an access URL is a few hundred characters (scheme, user, password,
 * host, path); anything longer is not one, and is neither read further nor kept.
 */
export const CLAIM_ANSWER_LIMIT = 4 * 1024;

/**
 * Most bytes read of one GET /accounts answer (one window of at most 90 days for every account). A real
 * answer is a few megabytes at most (50 accounts × 900 transactions over a whole year is about 6 MB); past
 * this limit the answer is given up, so a hostile or broken bridge cannot fill the engine's memory.
 */
export const ACCOUNTS_ANSWER_LIMIT = 64 * 1024 * 1024;

export function requestTimeoutMs(): number {
  const fromEnv = Number(process.env.COFFER_SIMPLEFIN_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_TIMEOUT_MS;
}

interface Answer {
  status: number;
  /** The body of a 200 answer (read up to the call's limit); empty for any other status, whose body is not read. */
  text: string;
}

interface SendOptions {
  signal: AbortSignal;
  timeoutMs: number;
  /** What the request is, in the error messages. */
  what: string;
  /** Most bytes of a 200 answer's body (AnswerTooLarge past it). */
  limit: number;
}

/**
 * One request; a time-out or a network failure is SERVICE_UNAVAILABLE, a cancellation passes through, a 200
 * body over the limit throws AnswerTooLarge (the connection is closed at once). Other answers' bodies are
 * not read: only their status matters.
 */
async function send(url: string, init: RequestInit, o: SendOptions): Promise<Answer> {
  const timeout = AbortSignal.timeout(o.timeoutMs);
  try {
    const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.any([o.signal, timeout]) });
    if (res.status !== 200) {
      await res.body?.cancel();
      return { status: res.status, text: '' };
    }
    const text = await readBoundedText(res.body, { limit: o.limit, declaredLength: res.headers.get('content-length') });
    return { status: res.status, text };
  } catch (err) {
    if (o.signal.aborted) throw o.signal.reason;
    if (err instanceof AnswerTooLarge) throw err;
    if (timeout.aborted) {
      throw new ConnectorError('SERVICE_UNAVAILABLE', `the SimpleFIN Bridge did not answer ${o.what} within ${Math.round(o.timeoutMs / 1000)} s`);
    }
    const code = (err as { cause?: { code?: string } }).cause?.code;
    throw new ConnectorError('SERVICE_UNAVAILABLE', `the SimpleFIN Bridge could not be reached for ${o.what}${code ? ` (${code})` : ''}`);
  }
}

export type ClaimResult =
  | { kind: 'claimed'; accessUrl: string }
  /** The token was already claimed or is unknown (someone else may hold it). */
  | { kind: 'refused'; reason: string }
  /** The Bridge answered, but not with something that can be an access URL. */
  | { kind: 'unusable'; reason: string };

/**
 * POSTs to the claim URL once. 200 with a URL body (a trailing newline is usual) → the access URL; 403, or
 * a 200 whose body is not a URL (some bridges answer "Forbidden" with 200) → refused: the token was already
 * claimed or is unknown, so someone else may hold it. Anything else is the bridge's transient trouble.
 */
export async function claim(claimUrl: URL, signal: AbortSignal, timeoutMs: number): Promise<ClaimResult> {
  let answer: Answer;
  try {
    answer = await send(
      claimUrl.href,
      { method: 'POST', headers: { 'content-length': '0' }, body: '' },
      { signal, timeoutMs, what: 'the claim of the setup token', limit: CLAIM_ANSWER_LIMIT },
    );
  } catch (err) {
    if (!(err instanceof AnswerTooLarge)) throw err;
    return {
      kind: 'unusable',
      reason: `the SimpleFIN Bridge answered the claim with more than ${describeBytes(CLAIM_ANSWER_LIMIT)}, which is no access address`,
    };
  }
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
  let answer: Answer;
  try {
    answer = await send(
      url,
      { method: 'GET', headers: { authorization: access.authorization, accept: 'application/json' } },
      { signal, timeoutMs, what: 'the account request', limit: ACCOUNTS_ANSWER_LIMIT },
    );
  } catch (err) {
    if (!(err instanceof AnswerTooLarge)) throw err;
    throw new ConnectorError(
      'SERVICE_UNAVAILABLE',
      `the SimpleFIN Bridge's answer was larger than ${describeBytes(ACCOUNTS_ANSWER_LIMIT)}, far more than any bank's data: Coffer stopped reading it and imported nothing from it. If this happens again, the Bridge address you connected is not a real SimpleFIN Bridge: create a new setup token at your Bridge and paste it here`,
    );
  }
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
