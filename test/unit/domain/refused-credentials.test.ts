import { describe, expect, it } from 'vitest';
import { skippedUnattended } from '../../../src/main/engine/domain/refused-credentials';

describe('automatic runs and refused credentials (issue 15)', () => {
  it('skips EMBEDDED channels whose password the bank refused or locked, and only those', () => {
    expect(skippedUnattended('EMBEDDED', 'AUTH_FAILED')).toBe(true);
    expect(skippedUnattended('EMBEDDED', 'TOO_MANY_ATTEMPTS')).toBe(true);
    for (const s of ['SUCCESS', 'FAILED', 'SERVICE_UNAVAILABLE', 'PASSWORD_CHANGE_REQUIRED', 'TOKEN_EXPIRED', 'NEVER']) {
      expect(skippedUnattended('EMBEDDED', s)).toBe(false);
    }
  });

  it('retries REDIRECT channels (no password: e.g. an application key fixed in the settings)', () => {
    expect(skippedUnattended('REDIRECT', 'AUTH_FAILED')).toBe(false);
  });
});
