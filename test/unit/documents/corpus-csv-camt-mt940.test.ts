import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DocumentSettings } from '../../../src/main/engine/connectors/statements/document-settings';
import type { ParsedAccount } from '../../../src/main/engine/connectors/statements/formats';
import { readStatement } from '../../../src/main/engine/connectors/statements/statement-reader';
import { day } from './helpers';

/**
 * Real banks' CSV, CAMT and MT940 files from public parsers' test suites (test/fixtures/statements-corpus,
 * origin and licence of each in the folder's SOURCES.md), read by the engine's own statement reader and
 * checked against the facts those projects' tests assert or, where they assert none, counted from the file
 * (expectations.json says which).
 */

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/statements-corpus');

interface BalanceFact {
  amount: string;
  date: string;
}

interface FileFacts {
  file: string;
  bank: string;
  format: string;
  transactions: number;
  sum: string;
  firstDate?: string | null;
  lastDate?: string | null;
  firstValueDate?: string | null;
  lastValueDate?: string | null;
  accounts?: string[];
  account?: string | null;
  currency?: string;
  openingBalance?: BalanceFact;
  closingBalance?: BalanceFact;
  pending?: number;
  settings?: DocumentSettings;
}

interface RefusedFile {
  file: string;
  /** Words the refusal must contain. */
  message: string;
}

interface Expectations {
  files: FileFacts[];
  refused: RefusedFile[];
}

function expectations(folder: string): Expectations {
  return JSON.parse(readFileSync(join(CORPUS, folder, 'expectations.json'), 'utf8')) as Expectations;
}

/** Exact decimal text → hundred-thousandths, as a BigInt (sums of thousands of amounts stay exact). */
function units(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{0,5}))?$/.exec(amount);
  if (!m) throw new Error(`not a decimal: ${amount}`);
  const value = BigInt(m[2]) * 100000n + BigInt((m[3] ?? '').padEnd(5, '0'));
  return m[1] === '-' ? -value : value;
}

function sumOf(accounts: ParsedAccount[]): bigint {
  return accounts.flatMap((a) => a.transactions).reduce((total, tx) => total + units(tx.amount), 0n);
}

async function read(folder: string, file: string, settings: DocumentSettings = {}) {
  const path = join(CORPUS, folder, file);
  return readStatement({
    path,
    name: file,
    displayName: file,
    size: statSync(path).size,
    accountHint: '',
    sniff: false,
    settings,
  });
}

function checkDates(accounts: ParsedAccount[], facts: FileFacts): void {
  const txs = accounts.flatMap((a) => a.transactions);
  if (facts.firstDate) {
    const dates = txs.map((t) => t.date);
    expect(Math.min(...dates), 'first booking date').toBe(day(facts.firstDate));
    expect(Math.max(...dates), 'last booking date').toBe(day(facts.lastDate!));
  }
  if (facts.firstValueDate) {
    const dates = txs.map((t) => t.valueDate ?? t.date);
    expect(Math.min(...dates), 'first value date').toBe(day(facts.firstValueDate));
    expect(Math.max(...dates), 'last value date').toBe(day(facts.lastValueDate!));
  }
}

function checkBalances(account: ParsedAccount, facts: FileFacts): void {
  if (facts.openingBalance) {
    expect(units(account.openingBalance!.amount), 'opening balance').toBe(units(facts.openingBalance.amount));
    expect(account.openingBalance!.date, 'opening balance date').toBe(day(facts.openingBalance.date));
  }
  if (facts.closingBalance) {
    expect(units(account.closingBalance!.amount), 'closing balance').toBe(units(facts.closingBalance.amount));
    expect(account.closingBalance!.date, 'closing balance date').toBe(day(facts.closingBalance.date));
  }
}

function accountKeys(account: ParsedAccount): string[] {
  return [account.identifier, account.iban, account.accountNumber].filter((k): k is string => !!k);
}

for (const folder of ['mt940', 'camt', 'csv']) {
  const { files, refused } = expectations(folder);

  describe(`statements corpus — ${folder}`, () => {
    it.each(files.map((f) => [f.file, f] as const))('%s reads as its bank wrote it', async (_name, facts) => {
      const outcome = await read(folder, facts.file, facts.settings);
      if (outcome.kind !== 'parsed') throw new Error(`${facts.file} not imported: ${JSON.stringify(outcome)}`);
      const { accounts } = outcome.file;
      expect(outcome.format).toBe(facts.format);
      expect(outcome.transactions, 'transactions').toBe(facts.transactions);
      expect(sumOf(accounts), 'sum of the amounts').toBe(units(facts.sum));
      checkDates(accounts, facts);
      // IBANs are kept in capitals without spaces: compare the identifiers the same way
      const key = (text: string) => text.replace(/\s+/g, '').toUpperCase();
      for (const expected of facts.accounts ?? (facts.account ? [facts.account] : [])) {
        const found = accounts.some((a) => accountKeys(a).some((k) => key(k) === key(expected)));
        expect(found, `account ${expected} among ${accounts.map((a) => a.identifier).join(', ')}`).toBe(true);
      }
      if (facts.currency) for (const a of accounts) expect(a.currency, 'currency').toBe(facts.currency);
      if (accounts.length === 1) checkBalances(accounts[0], facts);
      // every text decoded: no replacement character where the encoding was guessed wrong
      const undecoded = accounts.flatMap((a) => a.transactions).filter((t) => t.rawText.includes('\ufffd'));
      expect(undecoded.map((t) => t.location)).toEqual([]);
      if (facts.pending !== undefined) {
        const pending = accounts.flatMap((a) => a.transactions).filter((t) => t.status === 'PENDING');
        expect(pending, 'pending transactions').toHaveLength(facts.pending);
      }
    });

    if (refused.length > 0) {
      it.each(refused.map((f) => [f.file, f] as const))('%s is refused, saying why', async (_name, facts) => {
        const outcome = await read(folder, facts.file);
        expect(outcome.kind).toBe('failed');
        if (outcome.kind === 'failed') expect(outcome.error).toContain(facts.message);
      });
    }
  });
}
