import type { AccountStatus, ChannelStatus } from './values';

// POST /connections/{id}/close makes every channel and account CLOSED and keeps the statuses they had
// (status_before_close) so that a reopening can restore them.

/**
 * POST /connections/{id}/reopen: a channel goes back to the status it had before the closing, or NEVER
 * when that status meant nothing any more (it was running, or it is unknown).
 */
export function channelStatusOnReopen(before: ChannelStatus | null | undefined): ChannelStatus {
  if (!before || before === 'RUNNING' || before === 'CLOSED') return 'NEVER';
  return before;
}

/**
 * Accounts become ACTIVE again on reopening (the synchronization that starts sets their real status), except
 * those whose status gates synchronization: an account the user closed on its own stays CLOSED, one waiting
 * for consent stays PENDING_CONSENT, a suspended professional account stays SUSPENDED.
 */
export function accountStatusOnReopen(before: AccountStatus | null | undefined): AccountStatus {
  if (before === 'CLOSED' || before === 'PENDING_CONSENT' || before === 'SUSPENDED' || before === 'MANUAL') return before;
  return 'ACTIVE';
}
