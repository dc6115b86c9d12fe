import { describe, expect, it } from 'vitest';
import { channelOwnsAccount, linkAccountToChannel, type LinkableChannel } from '../../../src/main/engine/domain/channel-linking';

const EMBEDDED: LinkableChannel = { channelDefinitionId: '900000', mode: 'EMBEDDED', accountTypes: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'], status: 'SUCCESS' };
const REDIRECT: LinkableChannel = { channelDefinitionId: '900001', mode: 'REDIRECT', accountTypes: ['CHECKINGS', 'CREDIT_CARD'], status: 'SUCCESS' };

describe('channel account linking (docs/api/records.md#channel-linking)', () => {
  it('rule 1: REDIRECT created first: CHECKINGS and CREDIT_CARD link to it and stay when EMBEDDED is added', () => {
    expect(linkAccountToChannel('CHECKINGS', undefined, [REDIRECT])).toBe('900001');
    expect(linkAccountToChannel('CREDIT_CARD', undefined, [REDIRECT])).toBe('900001');
    // EMBEDDED added later, even listed first: the link stays on REDIRECT.
    expect(linkAccountToChannel('CHECKINGS', '900001', [EMBEDDED, REDIRECT])).toBe('900001');
    // Even while the REDIRECT channel fails.
    expect(linkAccountToChannel('CHECKINGS', '900001', [EMBEDDED, { ...REDIRECT, status: 'TOKEN_EXPIRED' }])).toBe('900001');
  });

  it('rule 2: EMBEDDED first: linked to it until a REDIRECT channel exists, then relinked to REDIRECT for good', () => {
    expect(linkAccountToChannel('CHECKINGS', undefined, [EMBEDDED])).toBe('900000');
    expect(linkAccountToChannel('CHECKINGS', '900000', [EMBEDDED, { ...REDIRECT, status: 'EMPTY' }])).toBe('900000');
    expect(linkAccountToChannel('CHECKINGS', '900000', [EMBEDDED, { ...REDIRECT, status: 'NEVER' }])).toBe('900001');
    expect(linkAccountToChannel('CREDIT_CARD', '900000', [EMBEDDED, REDIRECT])).toBe('900001');
  });

  it('rule 3: the current link is kept where nothing better covers the type (SAVINGS and LOAN stay on EMBEDDED)', () => {
    expect(linkAccountToChannel('SAVINGS', '900000', [EMBEDDED, REDIRECT])).toBe('900000');
    expect(linkAccountToChannel('LOAN', undefined, [EMBEDDED, REDIRECT])).toBe('900000');
    // No channel covers the type: the link is left as it was.
    expect(linkAccountToChannel('SAVINGS', undefined, [REDIRECT])).toBeUndefined();
    expect(linkAccountToChannel('SAVINGS', '900000', [REDIRECT])).toBe('900000');
  });

  it('only the linked channel writes an account', () => {
    expect(channelOwnsAccount('900001', '900000')).toBe(false);
    expect(channelOwnsAccount('900001', '900001')).toBe(true);
    expect(channelOwnsAccount(null, '900000')).toBe(true);
  });
});
