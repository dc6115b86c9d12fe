import type { AccountStatus, ConnectionStatus } from '../../lib/api';
import type { Tone } from '../../ui';

/** How worrying a status looks. */
export function statusTone(status: ConnectionStatus | string): Tone {
  switch (status) {
    case 'SUCCESS':
      return 'success';
    case 'RUNNING':
      return 'info';
    case 'PARTIAL_SUCCESS':
    case 'CHALLENGE_REQUIRED':
    case 'TOKEN_EXPIRED':
    case 'PASSWORD_CHANGE_REQUIRED':
    case 'USER_ACTION_REQUIRED':
    case 'NEEDS_SECRET':
    case 'SERVICE_UNAVAILABLE':
      return 'warning';
    case 'NEVER':
    case 'NO_ACCOUNT':
    case 'NONE':
    case 'CLOSED':
    case 'EMPTY':
      return 'neutral';
    default:
      return 'danger';
  }
}

export function accountStatusTone(status: AccountStatus | 'NOT_UPDATED'): Tone {
  switch (status) {
    case 'ACTIVE':
    case 'MANUAL':
      return 'success';
    case 'NOT_UPDATED':
    case 'PENDING_CONSENT':
    case 'SUSPENDED':
      return 'warning';
    case 'CLOSED':
    case 'UNAVAILABLE':
      return 'neutral';
    default:
      return 'danger';
  }
}

/** Statuses that need the user to do something (a badge on the navigation). */
export function needsAttention(status: ConnectionStatus): boolean {
  return (
    statusTone(status) === 'danger' ||
    [
      'CHALLENGE_REQUIRED',
      'TOKEN_EXPIRED',
      'PASSWORD_CHANGE_REQUIRED',
      'USER_ACTION_REQUIRED',
      'NEEDS_SECRET',
    ].includes(status)
  );
}
