/** How the widget reads a connection's status once a synchronization has ended. */
import type { ConnectionStatus } from './types';

export type Outcome =
  /** Data retrieved (possibly partly). */
  | 'success'
  /** The credentials or the code were refused: the user can fix them here. */
  | 'fixable'
  /** The user has something to do at the bank first (or must wait): nothing to fix here. */
  | 'blocked'
  /** The bank or the service failed: try again later. */
  | 'failed';

const FIXABLE = new Set<string>([
  'AUTH_FAILED',
  'CHALLENGE_FAILED',
  'CHALLENGE_TIMED_OUT',
  'CHALLENGE_CANCELLED',
  'NEEDS_SECRET',
  'TOKEN_EXPIRED',
]);
const BLOCKED = new Set<string>(['TOO_MANY_ATTEMPTS', 'PASSWORD_CHANGE_REQUIRED', 'USER_ACTION_REQUIRED']);

export function outcomeOf(status: ConnectionStatus | string): Outcome {
  if (status === 'SUCCESS' || status === 'PARTIAL_SUCCESS' || status === 'NEVER' || status === 'NONE') return 'success';
  if (FIXABLE.has(status)) return 'fixable';
  if (BLOCKED.has(status)) return 'blocked';
  return 'failed';
}

/** Statuses that end a synchronization of a channel (the queue's event named after them). */
export function isFinalStatus(status: string): boolean {
  return !['RUNNING', 'CHALLENGE_REQUIRED', 'LIST_ACCOUNTS_SUCCESS', 'CONSENT_REQUIRED', 'DELETED'].includes(status);
}

/** The `error` value of a result for a connection status (lower-case status, e.g. auth_failed). */
export const errorCodeOf = (status: string) => status.toLowerCase();
