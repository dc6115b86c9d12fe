import { describe, expect, it } from 'vitest';
import {
  channelSyncState,
  connectionSyncState,
  shownAccountStatus,
} from '../../../src/renderer/src/features/connections/connection-state';
import type { Channel, Connection } from '../../../src/renderer/src/lib/api';

const channel = (over: Partial<Channel>): Channel => ({
  channel_definition_id: '900000',
  mode: 'EMBEDDED',
  status: 'SUCCESS',
  credentials: [],
  account_types: ['CHECKINGS'],
  channel_definition_unavailable: false,
  ...over,
});
const connection = (status: Connection['status'], ...channels: Channel[]) => ({ status, channels });
const idle = { running: false, accountCount: 2 };

describe('a connection’s synchronization state (one source for every screen)', () => {
  it('a cancelled code on a never-synchronized connection: never synchronized, the attempt shown apart', () => {
    const c = connection('CHALLENGE_CANCELLED', channel({ status: 'CHALLENGE_CANCELLED', last_end_date: 1000 }));
    expect(connectionSyncState(c, { running: false, accountCount: 0 })).toEqual({
      status: 'CHALLENGE_CANCELLED',
      failedAttempt: { status: 'CHALLENGE_CANCELLED', date: 1000 },
    });
  });

  it('a failure after a success: the last success stays the success, the failure is the attempt', () => {
    for (const failure of ['CHALLENGE_FAILED', 'CHALLENGE_TIMED_OUT', 'AUTH_FAILED', 'FAILED'] as const) {
      const c = connection(failure, channel({ status: failure, last_success_date: 500, last_end_date: 900 }));
      expect(connectionSyncState(c, idle)).toEqual({
        status: failure,
        lastSuccess: 500,
        failedAttempt: { status: failure, date: 900 },
      });
    }
  });

  it('a success (full or partial): its date, and no failed attempt', () => {
    const ok = connection('SUCCESS', channel({ last_success_date: 700, last_end_date: 700 }));
    expect(connectionSyncState(ok, idle)).toEqual({ status: 'SUCCESS', lastSuccess: 700 });
    const partial = connection(
      'PARTIAL_SUCCESS',
      channel({ status: 'PARTIAL_SUCCESS', last_success_date: 800, last_end_date: 800 }),
    );
    expect(connectionSyncState(partial, idle)).toEqual({ status: 'PARTIAL_SUCCESS', lastSuccess: 800 });
  });

  it('a run cut short without an end date: the failure is still told, without a time', () => {
    const c = connection('FAILED', channel({ status: 'FAILED' }));
    expect(connectionSyncState(c, idle)).toEqual({ status: 'FAILED', failedAttempt: { status: 'FAILED' } });
  });

  it('the latest failure among channels, the latest success among channels', () => {
    const c = connection(
      'AUTH_FAILED',
      channel({ status: 'AUTH_FAILED', last_success_date: 100, last_end_date: 300 }),
      channel({ channel_definition_id: '900001', mode: 'REDIRECT', status: 'SUCCESS', last_success_date: 400, last_end_date: 400 }),
    );
    expect(connectionSyncState(c, idle)).toEqual({
      status: 'AUTH_FAILED',
      lastSuccess: 400,
      failedAttempt: { status: 'AUTH_FAILED', date: 300 },
    });
  });

  it('while the app follows a run: synchronizing (or waiting for the code), whatever the record still says', () => {
    const stale = connection('SUCCESS', channel({ last_success_date: 700, last_end_date: 700 }));
    expect(connectionSyncState(stale, { running: true })).toEqual({ status: 'RUNNING', lastSuccess: 700 });
    expect(connectionSyncState(stale, { running: true, awaitingCode: true }).status).toBe('AWAITING_CODE');
    const failed = connection('AUTH_FAILED', channel({ status: 'AUTH_FAILED', last_end_date: 9 }));
    expect(connectionSyncState(failed, { running: true }).failedAttempt).toBeUndefined();
  });

  it('a success without any account is not "up to date"', () => {
    const c = connection('SUCCESS', channel({ last_success_date: 700, last_end_date: 700 }));
    expect(connectionSyncState(c, { running: false, accountCount: 0 }).status).toBe('NO_ACCOUNT');
    expect(connectionSyncState(c, { running: false }).status).toBe('SUCCESS');
  });

  it('a channel row: running while its connection runs, even on a stale record; only the running ones when the record tells', () => {
    const embedded = channel({ status: 'SUCCESS', last_success_date: 5, last_end_date: 5 });
    const unused = channel({ channel_definition_id: '900001', status: 'EMPTY' });
    expect(channelSyncState(embedded, [embedded, unused], true)).toEqual({ status: 'RUNNING', lastSuccess: 5 });
    expect(channelSyncState(unused, [embedded, unused], true).status).toBe('EMPTY');
    const other = channel({ channel_definition_id: '900001', status: 'RUNNING' });
    expect(channelSyncState(embedded, [embedded, other], true).status).toBe('SUCCESS');
    expect(channelSyncState(embedded, [embedded], false).status).toBe('SUCCESS');
    const cancelled = channel({ status: 'CHALLENGE_CANCELLED', last_end_date: 50 });
    expect(channelSyncState(cancelled, [cancelled], false)).toEqual({
      status: 'CHALLENGE_CANCELLED',
      failedAttempt: { status: 'CHALLENGE_CANCELLED', date: 50 },
    });
    expect(channelSyncState(undefined, [], false).status).toBe('EMPTY');
  });

  it('accounts: "not updated" when the whole channel failed, an error only when the account failed on its own', () => {
    const account = { status: 'ERROR' as const, last_channel_definition_id: '900000' };
    const failed = connection('AUTH_FAILED', channel({ status: 'AUTH_FAILED' }));
    expect(shownAccountStatus(account, failed)).toBe('NOT_UPDATED');
    const partial = connection('PARTIAL_SUCCESS', channel({ status: 'PARTIAL_SUCCESS' }));
    expect(shownAccountStatus(account, partial)).toBe('ERROR');
    expect(shownAccountStatus({ ...account, status: 'ACTIVE' }, failed)).toBe('ACTIVE');
    expect(shownAccountStatus(account, undefined)).toBe('ERROR');
    // Its channel succeeded since: the ERROR is the account's own.
    expect(shownAccountStatus(account, connection('SUCCESS', channel({})))).toBe('ERROR');
  });
});
