/**
 * Reading the address a bank's consent page sends the browser back to (OAuth-style redirect,
 * docs/api/request-bodies.md#authorize-url and docs/api/enablebanking.md#consent): `<redirect_uri>?code=…&state=…` when
 * the person approved, `<redirect_uri>?error=…&state=…` when they refused or something failed. Used by the desktop
 * shell (the consent window catches the navigation) and by the page (the person pastes the address they landed on).
 * Pure: no DOM, no Node.
 */

export type ConsentRedirect =
  | { kind: 'code'; code: string; state: string }
  | { kind: 'error'; error: string; description?: string; state?: string };

/** Why a pasted text is not a usable answer from the bank. */
export type ConsentRedirectProblem =
  /** Not an absolute http(s) address at all. */
  | 'not_a_url'
  /** An address, but not the registered redirect URL (another site, another path). */
  | 'wrong_address'
  /** The redirect URL, but with neither `code` nor `error` (the bank has not answered yet). */
  | 'no_answer'
  /** `state` differs from the one this attempt sent: an answer to another attempt, or forged. */
  | 'state_mismatch';

export type ConsentRedirectResult = ConsentRedirect | { kind: 'problem'; problem: ConsentRedirectProblem };

/** Longest value accepted for code, state and error (far above what banks send, far below abuse). */
const MAX_VALUE = 4096;

function parseUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * True when `candidate` is the registered redirect URL: same scheme, host, port and path (the query and the
 * fragment carry the answer, so they are not compared). A trailing slash on the path is not significant.
 */
export function isRedirectTarget(candidate: string, redirectUri: string): boolean {
  const a = parseUrl(candidate);
  const b = parseUrl(redirectUri);
  if (!a || !b) return false;
  const path = (u: URL) => u.pathname.replace(/\/+$/, '') || '/';
  return a.origin === b.origin && path(a) === path(b);
}

/**
 * The bank's answer in `url`, read from the query (some banks put it in the fragment, as the OAuth implicit
 * flow does: read there when the query has neither code nor error). `null` when the address carries no answer.
 */
export function readConsentAnswer(url: string): ConsentRedirect | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  const fromQuery = answerIn(parsed.searchParams);
  if (fromQuery) return fromQuery;
  return parsed.hash.length > 1 ? answerIn(new URLSearchParams(parsed.hash.slice(1))) : null;
}

function answerIn(params: URLSearchParams): ConsentRedirect | null {
  const value = (name: string) => {
    const v = params.get(name);
    return v !== null && v.length > 0 && v.length <= MAX_VALUE ? v : undefined;
  };
  const state = value('state');
  const error = value('error');
  if (error) {
    const description = value('error_description');
    return { kind: 'error', error, ...(description && { description }), ...(state && { state }) };
  }
  const code = value('code');
  if (code && state) return { kind: 'code', code, state };
  // A code without a state cannot be tied to this attempt: treat it as no answer (the caller says why).
  return null;
}

/**
 * Checks a pasted address against the attempt in progress: it must be the registered redirect URL, carry an
 * answer, and (for a code) carry the state this attempt sent. An error answer is returned even without a
 * state: the person should learn that the bank refused, whatever the state says.
 */
export function checkConsentRedirect(
  pasted: string,
  expected: { redirectUri: string; state: string },
): ConsentRedirectResult {
  if (!parseUrl(pasted)) return { kind: 'problem', problem: 'not_a_url' };
  if (!isRedirectTarget(pasted, expected.redirectUri)) return { kind: 'problem', problem: 'wrong_address' };
  const answer = readConsentAnswer(pasted);
  if (!answer) return { kind: 'problem', problem: 'no_answer' };
  if (answer.kind === 'code' && answer.state !== expected.state) return { kind: 'problem', problem: 'state_mismatch' };
  return answer;
}

/** The error codes of RFC 6749 §4.1.2.1 that mean "the person said no" rather than "something broke". */
export function isRefusal(error: string): boolean {
  return (
    error === 'access_denied' ||
    error === 'consent_required' ||
    error === 'login_required' ||
    error === 'interaction_required'
  );
}

/**
 * What an error answer of a consent or sign-in page (RFC 6749 §4.1.2.1) means for the person, so that a
 * screen can say it in words and offer the next step instead of showing the code:
 * - `refused`: the person said no (try again if they did not mean it, or leave);
 * - `unavailable`: the other side is down or overloaded (try again later);
 * - `rejected`: the request itself was refused (start again; a repeat means it cannot work as it is);
 * - `unknown`: any other code (shown quoted inside a sentence, never alone).
 */
export type ConsentErrorKind = 'refused' | 'unavailable' | 'rejected' | 'unknown';

const UNAVAILABLE = new Set(['server_error', 'temporarily_unavailable']);
const REJECTED = new Set([
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
  'invalid_client',
  'invalid_grant',
  'invalid_request_uri',
  'invalid_request_object',
  'request_not_supported',
]);

export function consentErrorKind(error: string | null | undefined): ConsentErrorKind {
  if (!error) return 'unknown';
  if (isRefusal(error)) return 'refused';
  if (UNAVAILABLE.has(error)) return 'unavailable';
  if (REJECTED.has(error)) return 'rejected';
  return 'unknown';
}
