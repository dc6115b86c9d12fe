import { describe, expect, it } from 'vitest';
import { storageProblemOf, storageProblemText } from '../../../src/main/engine/domain/storage-errors';
import { errorText } from '../../../src/main/engine/sync/run-failures';

const withCode = (code: string) => Object.assign(new Error('x'), { code });

describe('storageProblemOf', () => {
  it.each([
    ['SQLITE_FULL', 'disk_full'],
    ['SQLITE_IOERR', 'disk_full'],
    ['SQLITE_IOERR_WRITE', 'disk_full'],
    ['SQLITE_IOERR_FSYNC', 'disk_full'],
    ['ENOSPC', 'disk_full'],
    ['EDQUOT', 'disk_full'],
    ['EFBIG', 'disk_full'],
    ['SQLITE_CORRUPT', 'database_damaged'],
    ['SQLITE_CORRUPT_INDEX', 'database_damaged'],
    ['SQLITE_NOTADB', 'database_damaged'],
  ])('%s is %s', (code, problem) => {
    expect(storageProblemOf(withCode(code))).toBe(problem);
  });

  it.each(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_BUSY', 'ECONNRESET', 'SQLITE_FULLNESS', 'ENOENT'])('%s is not a storage problem', (code) => {
    expect(storageProblemOf(withCode(code))).toBeNull();
  });

  it('errors without a string code, and non-errors, are not storage problems', () => {
    expect(storageProblemOf(new Error('disk full'))).toBeNull();
    expect(storageProblemOf({ code: 28 })).toBeNull();
    expect(storageProblemOf(null)).toBeNull();
    expect(storageProblemOf('SQLITE_FULL')).toBeNull();
  });
});

describe("a synchronization's error text", () => {
  const redact = (t: string) => t;

  it('a full disk is said as such, with what to do, not as the connector failing', () => {
    const text = errorText(withCode('SQLITE_FULL'), redact);
    expect(text).toBe(storageProblemText('disk_full'));
    expect(text).toMatch(/the disk is full.*free some space, then synchronize again/);
  });

  it('a damaged database is said as such', () => {
    expect(errorText(withCode('SQLITE_CORRUPT'), redact)).toMatch(/database is damaged.*restore a backup/);
  });

  it('any other unexpected failure keeps the generic words', () => {
    expect(errorText(new TypeError('boom'), redact)).toBe('the provider connector failed unexpectedly');
  });
});
