import { FAILED_STATUSES, type ChannelStatus, type ConnectionStatus } from './values';

/**
 * Among failures, the one reported for the connection when channels fail differently: the ones the user
 * must act on first (credentials, consent, challenge), the provider's own trouble last.
 */
const FAILURE_PRECEDENCE: readonly ConnectionStatus[] = [
  'NEEDS_SECRET',
  'AUTH_FAILED',
  'TOO_MANY_ATTEMPTS',
  'PASSWORD_CHANGE_REQUIRED',
  'USER_ACTION_REQUIRED',
  'TOKEN_EXPIRED',
  'CHALLENGE_REQUIRED',
  'CHALLENGE_FAILED',
  'CHALLENGE_TIMED_OUT',
  'CHALLENGE_CANCELLED',
  'SERVICE_UNAVAILABLE',
  'FAILED',
];

const FAILED_LIKE: ReadonlySet<string> = new Set<string>([...FAILED_STATUSES, 'NEEDS_SECRET']);

/**
 * The connection status from its channels' statuses (see docs/api/synchronization.md#status): RUNNING while any channel
 * runs; otherwise the worst channel wins — a failure beats PARTIAL_SUCCESS, which beats SUCCESS. EMPTY channels
 * (definitions not used) do not count; NEVER counts only when no channel has a result yet. No counted channel → NONE (a
 * manual connection); every counted channel CLOSED → CLOSED.
 */
export function connectionStatusFromChannels(statuses: readonly ChannelStatus[]): ConnectionStatus {
  const used = statuses.filter((s) => s !== 'EMPTY');
  if (used.length === 0) return 'NONE';
  if (used.includes('RUNNING')) return 'RUNNING';
  const open = used.filter((s) => s !== 'CLOSED');
  if (open.length === 0) return 'CLOSED';
  const failures: string[] = open.filter((s) => FAILED_LIKE.has(s));
  if (failures.length > 0) {
    return FAILURE_PRECEDENCE.find((f) => failures.includes(f)) ?? 'FAILED';
  }
  if (open.includes('PARTIAL_SUCCESS')) return 'PARTIAL_SUCCESS';
  if (open.includes('SUCCESS')) return 'SUCCESS';
  return 'NEVER';
}

export function isFailedStatus(status: string): boolean {
  return FAILED_LIKE.has(status);
}
