import type { ChannelStatus } from './values';

/**
 * An automatic synchronization (the schedule, docs/api/synchronization.md#schedule) never sends credentials the bank
 * refused: banks lock a login after a few refusals in a row (the test bank after five,
 * docs/api/providers-and-test-bank.md#test-bank), so retrying a refused password every 12 hours would lock it within
 * days with nobody watching (issue 15). Such a channel waits for new credentials (PUT /connections/{id}/credentials) or
 * for a synchronization the person asks for (the app warns before it). Only EMBEDDED channels carry a password: a
 * REDIRECT channel in AUTH_FAILED (e.g. an Enable Banking application key refused, fixed in the settings) is retried as
 * before.
 */
export function skippedUnattended(mode: string, status: ChannelStatus | string): boolean {
  return mode === 'EMBEDDED' && (status === 'AUTH_FAILED' || status === 'TOO_MANY_ATTEMPTS');
}
