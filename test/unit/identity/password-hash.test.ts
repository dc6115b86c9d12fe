import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../src/main/engine/identity/password-hash';

describe('password hashing', () => {
  it('writes a self-describing scrypt string with a per-user salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password only', async () => {
    const h = await hashPassword('pässwörd-1');
    expect(await verifyPassword('pässwörd-1', h)).toBe(true);
    expect(await verifyPassword('pässwörd-2', h)).toBe(false);
    expect(await verifyPassword('', h)).toBe(false);
    // NFC and NFD spellings of the same text are the same password.
    expect(await verifyPassword('pässwörd-1'.normalize('NFD'), h)).toBe(true);
  });

  it.each(['', 'test-only-no-password', 'scrypt$15$8$1$abc', 'scrypt$99$8$1$AAAA$AAAA', 'bcrypt$1$2$3$4$5'])(
    'refuses the unusable stored value %j',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
    },
  );
});
