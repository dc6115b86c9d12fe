import type { Connection } from '../../lib/api';
import { SIMPLEFIN_PROVIDER_ID } from './simplefin/strings';

/**
 * After a refused password the way out is new credentials, not a retry (issue 15): a synchronization sends the
 * password kept for the channel again, and banks lock a login after a few refusals in a row (the test bank
 * after five, docs/api/providers-and-test-bank.md#test-bank). These rules say when the app leads with "Update
 * credentials" and asks before "Sync now".
 */

/** What retrying an EMBEDDED channel would risk: `refused` (the bank said the password is wrong), `locked`. */
export type RetryRisk = 'refused' | 'locked' | null;

export function retryRisk(connection: Pick<Connection, 'channels' | 'provider_id'>): RetryRisk {
  // A SimpleFIN access token is revoked, not guessed: a retry locks nothing (its own help says what to do).
  if (connection.provider_id === SIMPLEFIN_PROVIDER_ID) return null;
  const embedded = connection.channels.filter((c) => c.mode === 'EMBEDDED');
  if (embedded.some((c) => c.status === 'TOO_MANY_ATTEMPTS')) return 'locked';
  if (embedded.some((c) => c.status === 'AUTH_FAILED')) return 'refused';
  return null;
}

/** Channel statuses that new credentials fix: the main action of the connection becomes "Update credentials". */
export const CREDENTIAL_STATUSES: readonly string[] = [
  'AUTH_FAILED',
  'TOO_MANY_ATTEMPTS',
  'NEEDS_SECRET',
  'PASSWORD_CHANGE_REQUIRED',
];

/**
 * The credentials kept as they are when new ones are typed: the non-secret ones (TEXT, e.g. the login) of a
 * channel that already has credentials. The person types only the password; the engine keeps the stored
 * login (PUT /connections/{id}/credentials completes missing values from the channel's,
 * docs/api/request-bodies.md#credentials).
 */
export function keptCredentialIds(
  definitions: ReadonlyArray<{ id: string; type: string }>,
  masked: ReadonlyArray<{ id: string; masked_value: string }>,
): Set<string> {
  const known = new Set(masked.map((m) => m.id));
  return new Set(definitions.filter((d) => d.type === 'TEXT' && known.has(d.id)).map((d) => d.id));
}
