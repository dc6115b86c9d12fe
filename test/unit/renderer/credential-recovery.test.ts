import { describe, expect, it } from 'vitest';
import { keptCredentialIds, retryRisk } from '../../../src/renderer/src/features/connections/credential-recovery';

const connection = (provider_id: string, ...channels: Array<{ mode: string; status: string }>) =>
  ({ provider_id, channels }) as unknown as Parameters<typeof retryRisk>[0];

describe('after a refused password (issue 15)', () => {
  it('warns before a retry of a refused or locked password, not otherwise', () => {
    expect(retryRisk(connection('9000', { mode: 'EMBEDDED', status: 'AUTH_FAILED' }))).toBe('refused');
    expect(retryRisk(connection('9000', { mode: 'EMBEDDED', status: 'TOO_MANY_ATTEMPTS' }))).toBe('locked');
    expect(retryRisk(connection('9000', { mode: 'EMBEDDED', status: 'SERVICE_UNAVAILABLE' }))).toBeNull();
    expect(retryRisk(connection('9000', { mode: 'REDIRECT', status: 'AUTH_FAILED' }))).toBeNull();
    expect(retryRisk(connection('9600', { mode: 'EMBEDDED', status: 'AUTH_FAILED' }))).toBeNull();
  });

  it('keeps the login (TEXT credentials already set) and asks the password again', () => {
    const definitions = [
      { id: 'login', type: 'TEXT' },
      { id: 'password', type: 'PWD' },
    ];
    expect([...keptCredentialIds(definitions, [{ id: 'login', masked_value: 'so****ne' }, { id: 'password', masked_value: '********' }])]).toEqual(['login']);
    expect([...keptCredentialIds(definitions, [])]).toEqual([]);
  });
});
