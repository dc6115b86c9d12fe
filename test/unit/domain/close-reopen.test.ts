import { describe, expect, it } from 'vitest';
import { channelStatusOnReopen } from '../../../src/main/engine/domain/close-reopen';
import { firstSyncType } from '../../../src/main/engine/domain/consent';
import { maskCredential } from '../../../src/main/engine/domain/credential-mask';

describe('channelStatusOnReopen', () => {
  it.each([
    ['SUCCESS', 'SUCCESS'],
    ['AUTH_FAILED', 'AUTH_FAILED'],
    ['EMPTY', 'EMPTY'],
    ['NEVER', 'NEVER'],
    ['RUNNING', 'NEVER'],
    ['CLOSED', 'NEVER'],
    [null, 'NEVER'],
  ] as const)('%s → %s', (before, after) => {
    expect(channelStatusOnReopen(before)).toBe(after);
  });
});

describe('firstSyncType', () => {
  it('lists accounts first when consent is per account', () => {
    expect(firstSyncType(true)).toBe('LIST_ACCOUNTS');
    expect(firstSyncType(false)).toBe('ALL');
  });
});

describe('maskCredential', () => {
  it.each([
    ['TEXT', 'user_ok', false, 'us****ok'],
    ['TEXT', 'alice.martin@example.com', false, 'al****om'],
    ['TEXT', 'user1', false, 'u****1'],
    ['TEXT', 'abcd', false, 'a****d'],
    ['TEXT', 'abc', false, '****'],
    ['TEXT', '', false, '****'],
    ['TEXT', 'élodie', false, 'él****ie'],
    ['TEXT', 'secret-but-encrypted', true, '********'],
    ['PWD', 'pass_ok', true, '********'],
    ['PWD', 'x', false, '********'],
    ['AUTHORIZATION_CODE', 'abc', false, '********'],
    ['STATE', 'xyz', false, '********'],
  ] as const)('%s %j (encrypted %s) → %s', (type, value, encrypted, masked) => {
    expect(maskCredential(type, value, encrypted)).toBe(masked);
  });
});
