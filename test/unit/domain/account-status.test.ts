import { describe, expect, it } from 'vitest';
import { accountStatusAfterSync, accountStatusForManualConnection, accountStatusOnPut } from '../../../src/main/engine/domain/account-status';
import { accountStatusOnReopen } from '../../../src/main/engine/domain/close-reopen';
import { accountStatusOnConsent, isAccountSynchronized, listedAccountAddition } from '../../../src/main/engine/domain/consent';
import { accountDeletionEffects } from '../../../src/main/engine/domain/deletion';
import { FAILED_STATUSES } from '../../../src/main/engine/domain/values';

// One test per rule of docs/api/records.md#account-status.
describe('account status table', () => {
  it('row 1: an account of a manual connection (status NONE, no channel) is MANUAL', () => {
    expect(accountStatusForManualConnection()).toBe('MANUAL');
  });

  it('row 2: the channel ended SUCCESS, PARTIAL_SUCCESS (account synchronized) or NEVER → ACTIVE, from any status that synchronizes', () => {
    for (const from of ['ACTIVE', 'ERROR', 'NOT_FOUND', undefined] as const) {
      expect(accountStatusAfterSync('SUCCESS', 'SYNCED', from)).toBe('ACTIVE');
      expect(accountStatusAfterSync('PARTIAL_SUCCESS', 'SYNCED', from)).toBe('ACTIVE');
      expect(accountStatusAfterSync('NEVER', 'SYNCED', from)).toBe('ACTIVE');
    }
  });

  it('row 3: the channel ended with a failure status, or PARTIAL_SUCCESS and this account failed → ERROR', () => {
    expect(FAILED_STATUSES).toHaveLength(11);
    for (const status of FAILED_STATUSES) {
      expect(accountStatusAfterSync(status, 'SYNCED', 'ACTIVE'), status).toBe('ERROR');
    }
    expect(accountStatusAfterSync('PARTIAL_SUCCESS', 'FAILED', 'ACTIVE')).toBe('ERROR');
  });

  it('row 4: the channel is PARTIAL_SUCCESS and this account was not found → NOT_FOUND', () => {
    expect(accountStatusAfterSync('PARTIAL_SUCCESS', 'NOT_FOUND', 'ACTIVE')).toBe('NOT_FOUND');
    expect(accountStatusAfterSync('PARTIAL_SUCCESS', 'NOT_FOUND', 'ERROR')).toBe('NOT_FOUND');
  });

  it('row 5: PUT status CLOSED from any status except CLOSED → CLOSED (balance to 0, no more sync)', () => {
    for (const from of ['MANUAL', 'ACTIVE', 'ERROR', 'NOT_FOUND', 'SUSPENDED', 'PENDING_CONSENT', 'UNAVAILABLE'] as const) {
      expect(accountStatusOnPut(from, 'CLOSED'), from).toEqual({ status: 'CLOSED', closed: true, reopened: false });
    }
    expect(accountStatusOnPut('CLOSED', 'CLOSED')).toEqual({ status: 'CLOSED', closed: false, reopened: false });
    expect(isAccountSynchronized('CLOSED')).toBe(false);
    expect(accountStatusAfterSync('SUCCESS', 'SYNCED', 'CLOSED')).toBe('CLOSED');
  });

  it('row 6: PUT status ACTIVE on a CLOSED account → ACTIVE and a synchronization is scheduled; other statuses stay', () => {
    expect(accountStatusOnPut('CLOSED', 'ACTIVE')).toEqual({ status: 'ACTIVE', closed: false, reopened: true });
    expect(accountStatusOnPut('ERROR', 'ACTIVE')).toEqual({ status: 'ERROR', closed: false, reopened: false });
  });

  it('row 7: the connection is closed → every account CLOSED; reopening restores ACTIVE (gated statuses kept)', () => {
    // Closing is a SQL update of every account (connections/lifecycle.ts); reopening uses this rule.
    expect(accountStatusOnReopen('ACTIVE')).toBe('ACTIVE');
    expect(accountStatusOnReopen('ERROR')).toBe('ACTIVE');
    expect(accountStatusOnReopen('NOT_FOUND')).toBe('ACTIVE');
    expect(accountStatusOnReopen(null)).toBe('ACTIVE');
    expect(accountStatusOnReopen('PENDING_CONSENT')).toBe('PENDING_CONSENT');
    expect(accountStatusOnReopen('SUSPENDED')).toBe('SUSPENDED');
    expect(accountStatusOnReopen('CLOSED')).toBe('CLOSED');
  });

  it('row 8: a SUSPENDED (professional) account is not synchronized and a run does not change it', () => {
    expect(isAccountSynchronized('SUSPENDED')).toBe(false);
    expect(accountStatusAfterSync('SUCCESS', 'SYNCED', 'SUSPENDED')).toBe('SUSPENDED');
    expect(accountStatusAfterSync('FAILED', 'SYNCED', 'SUSPENDED')).toBe('SUSPENDED');
  });

  it('row 9: LIST_ACCOUNTS with consent_per_account → added PENDING_CONSENT, no synchronization', () => {
    expect(listedAccountAddition(true)).toEqual({ status: 'PENDING_CONSENT', syncAllAfterwards: false });
    expect(isAccountSynchronized('PENDING_CONSENT')).toBe(false);
  });

  it('row 10: LIST_ACCOUNTS without consent_per_account → added, then a synchronization of type ALL', () => {
    expect(listedAccountAddition(false)).toEqual({ status: 'ACTIVE', syncAllAfterwards: true });
  });

  it('row 11: POST /accounts of an account listed NEW → created ACTIVE (tested through HTTP in accounts.test.ts)', () => {
    expect(isAccountSynchronized('ACTIVE')).toBe(true);
  });

  it('row 12: PENDING_CONSENT with consent granted → synchronized (ACTIVE)', () => {
    expect(accountStatusOnConsent('PENDING_CONSENT')).toBe('ACTIVE');
    expect(accountStatusOnConsent('CLOSED')).toBe('CLOSED');
  });

  it('row 13: DELETE of the last account of a channel empties the channel; of the last channel removes the connection', () => {
    const channels = [
      { channelDefinitionId: '900000', status: 'SUCCESS' as const },
      { channelDefinitionId: '900001', status: 'SUCCESS' as const },
    ];
    expect(accountDeletionEffects({ channelDefinitionId: '900000', remainingOnChannel: 2, channels })).toEqual({
      emptyChannel: null,
      removeConnection: false,
    });
    expect(accountDeletionEffects({ channelDefinitionId: '900000', remainingOnChannel: 0, channels })).toEqual({
      emptyChannel: '900000',
      removeConnection: false,
    });
    expect(
      accountDeletionEffects({
        channelDefinitionId: '900000',
        remainingOnChannel: 0,
        channels: [channels[0], { channelDefinitionId: '900001', status: 'EMPTY' }],
      }),
    ).toEqual({ emptyChannel: '900000', removeConnection: true });
    // A manual account (no channel) never removes anything.
    expect(accountDeletionEffects({ channelDefinitionId: null, remainingOnChannel: 0, channels: [] })).toEqual({
      emptyChannel: null,
      removeConnection: false,
    });
  });

  it('row 14: roll-out step 2 makes PSD2 accounts UNAVAILABLE; a run does not change an UNAVAILABLE account', () => {
    expect(isAccountSynchronized('UNAVAILABLE')).toBe(false);
    expect(accountStatusAfterSync('SUCCESS', 'SYNCED', 'UNAVAILABLE')).toBe('UNAVAILABLE');
  });

  it('statuses that are not the end of a run change nothing', () => {
    for (const s of ['RUNNING', 'EMPTY', 'CLOSED', 'NEEDS_SECRET'] as const) {
      expect(accountStatusAfterSync(s, 'SYNCED', 'ERROR'), s).toBe('ERROR');
    }
  });
});
