import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto). The stored string describes itself so the cost can be raised
 * later without breaking existing hashes: `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>`.
 */
const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r bytes; leave head room over node's 32 MiB default.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, LOG_N, R, P);
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password and for anything that is not a hash this module wrote. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Spend the same time as a real check so an unusable hash does not tell itself apart.
    await derive(password, DUMMY_SALT, LOG_N, R, P);
    return false;
  }
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) {
    return false;
  }
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await derive(password, Buffer.from(parts[4], 'base64url'), logN, r, p);
  return expected.length === key.length && timingSafeEqual(expected, key);
}

const DUMMY_SALT = randomBytes(SALT_BYTES);

/** Runs a verification against nothing: used for unknown e-mails so that they take as long as known ones. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await derive(password, DUMMY_SALT, LOG_N, R, P);
}
