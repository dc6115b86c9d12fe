/**
 * After a real synchronization of a Test Bank user, no file of the data folder (the database, its WAL and
 * SHM, the logs, anything else there) holds a transaction label, an IBAN, an account number, an account
 * name or the owner's name in clear — looked for while the engine runs (the WAL full) and after it stopped.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileOf } from '../../../src/main/engine/connectors/testbank/profiles';
import { startTestEngine, type TestEngine } from '../../helpers/engine';
import { accountsOf, connectEmbedded, newCaller, transactionsOf, waitSettled } from '../sync/sync-helpers';

let engine: TestEngine | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'coffer-at-rest-'));
const needles = new Set<string>();

beforeAll(async () => {
  engine = await startTestEngine({ dataDir, logLevel: 'debug' });
  const caller = newCaller(engine);
  const connectionId = await connectEmbedded(caller, 'user_ok');
  const settled = await waitSettled(caller, connectionId);
  expect(settled.state ?? null).toBeNull();
  const profile = profileOf('user_ok');
  needles.add(profile.owner);
  for (const spec of profile.accounts) {
    needles.add(spec.name);
    if (spec.iban) needles.add(spec.iban);
    if (spec.account_number) needles.add(spec.account_number);
    needles.add(spec.owner.name);
  }
  for (const account of await accountsOf(caller, connectionId)) {
    for (const value of [account.name, account.iban, account.number, account.original_name]) if (typeof value === 'string') needles.add(value);
    for (const tx of await transactionsOf(caller, String(account.id))) {
      for (const value of [tx.label, tx.source?.label, tx.remittance_information]) if (typeof value === 'string') needles.add(value);
    }
  }
  // Short or generic strings (a two-letter wording) would match encrypted bytes by chance: only telling ones.
  for (const n of needles) if (n.trim().length < 8) needles.delete(n);
}, 120_000);

afterAll(async () => {
  await engine?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function clearFinds(dir: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const bytes = readFileSync(file);
    for (const needle of needles) if (bytes.includes(Buffer.from(needle, 'utf8'))) found.push(`${file}: ${needle}`);
  }
  return found;
}

describe('no personal data in clear in the data folder', () => {
  it('finds no label, IBAN, account number, account name or owner name in any file', async () => {
    expect(needles.size).toBeGreaterThan(20);
    expect([...needles].some((n) => /^FR\d{2}/.test(n.replace(/\s/g, '')))).toBe(true);
    const files = filesUnder(dataDir).map((f) => f.slice(dataDir.length + 1));
    expect(files).toEqual(expect.arrayContaining(['coffer.db', 'coffer.db-wal', 'coffer.db-shm', join('logs', 'coffer.log')]));
    expect(statSync(join(dataDir, 'coffer.db-wal')).size).toBeGreaterThan(0);
    expect(clearFinds(dataDir)).toEqual([]);
    await engine?.stop();
    engine = undefined;
    expect(clearFinds(dataDir)).toEqual([]);
  });
});
