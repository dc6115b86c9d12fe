import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  keyOfRecoveryCode,
  RECOVERY_CODE_LENGTH,
  recoveryCodeOf,
  recoveryCodeProblemText,
} from '../../../src/main/engine/domain/recovery-code';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function keyOf(code: string): Uint8Array {
  const read = keyOfRecoveryCode(code);
  if ('problem' in read) throw new Error(recoveryCodeProblemText(read.problem));
  return read.key;
}

describe('recovery code', () => {
  it('writes a key as 14 groups of 4 and reads the same key back', () => {
    for (let i = 0; i < 200; i++) {
      const key = randomBytes(32);
      const code = recoveryCodeOf(key);
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){13}$/);
      expect(Buffer.from(keyOf(code)).equals(key)).toBe(true);
    }
    expect(RECOVERY_CODE_LENGTH).toBe(56);
  });

  it('keys with every bit set or none round trip too', () => {
    for (const key of [Buffer.alloc(32, 0), Buffer.alloc(32, 255)]) {
      expect(Buffer.from(keyOf(recoveryCodeOf(key))).equals(key)).toBe(true);
    }
  });

  it('ignores spaces, dashes, line breaks and case, and reads I, L as 1 and O as 0', () => {
    const key = randomBytes(32);
    const code = recoveryCodeOf(key);
    const loose = code.replace(/-/g, ' ').toLowerCase().replace(/(.{20})/, '$1\n  -');
    expect(Buffer.from(keyOf(loose)).equals(key)).toBe(true);
    const zerosAndOnes = recoveryCodeOf(Buffer.alloc(32, 0)).replace(/0/g, 'o');
    expect(Buffer.from(keyOf(zerosAndOnes)).equals(Buffer.alloc(32, 0))).toBe(true);
    const ones = Buffer.alloc(32, 0x08); // 00001000…: symbols 0, 1, 0, …
    const withL = recoveryCodeOf(ones).replace(/1/g, 'l');
    expect(Buffer.from(keyOf(withL)).equals(ones)).toBe(true);
  });

  it('catches every single mistyped character, anywhere', () => {
    const code = recoveryCodeOf(randomBytes(32)).replace(/-/g, '');
    for (let i = 0; i < code.length; i++) {
      for (const other of ALPHABET) {
        if (other === code[i]) continue;
        const typo = code.slice(0, i) + other + code.slice(i + 1);
        expect(keyOfRecoveryCode(typo), `${other} at ${i + 1}`).toEqual({ problem: { kind: 'check' } });
      }
    }
  });

  it('catches two neighbours swapped', () => {
    const code = recoveryCodeOf(randomBytes(32)).replace(/-/g, '');
    for (let i = 0; i + 1 < code.length; i++) {
      if (code[i] === code[i + 1]) continue;
      const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
      expect(keyOfRecoveryCode(swapped), `swap at ${i + 1}`).toEqual({ problem: { kind: 'check' } });
    }
  });

  it('says what is wrong: a missing group, a foreign character', () => {
    const code = recoveryCodeOf(randomBytes(32));
    const short = code.split('-').slice(1).join('-');
    const missing = keyOfRecoveryCode(short);
    expect(missing).toEqual({ problem: { kind: 'length', found: 52 } });
    expect(recoveryCodeProblemText((missing as { problem: never }).problem)).toContain('has 56 letters and digits, and this one has 52');
    const foreign = keyOfRecoveryCode(`U${code.slice(1)}`);
    expect(foreign).toEqual({ problem: { kind: 'character', character: 'U', position: 1 } });
    expect(recoveryCodeProblemText((foreign as { problem: never }).problem)).toContain('character 1 is "U"');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => recoveryCodeOf(new Uint8Array(16))).toThrow(RangeError);
  });
});
