import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  parseStatement,
  type DateOrder,
  type ParsedAccount,
} from '../../../src/main/engine/connectors/statements/formats/index';
import { statementError } from './helpers';

/**
 * Real banks' OFX, QFX and QIF files from the test suites of other open-source readers (see
 * test/fixtures/statements-corpus/ofx/SOURCES.md and qif/SOURCES.md), read by the engine's reader and
 * checked against facts counted from the files and asserted by those projects' own tests.
 */

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/statements-corpus');

interface ExpectedAccount {
  id: string;
  currency: string;
  transactions: number;
  sum: string;
  first?: string;
  last?: string;
  closingBalance?: { amount: string; date: string };
}

interface Expectation {
  file: string;
  bank: string;
  format?: string;
  options?: { dateOrder?: DateOrder };
  accounts?: ExpectedAccount[];
  warnings?: string[];
  refused?: { location: string; message: string };
}

const { files } = JSON.parse(readFileSync(join(CORPUS, 'expectations.json'), 'utf8')) as { files: Expectation[] };

/** Cents of a decimal text ("-12.3" → -1230); every currency of the corpus has two decimals. */
function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function facts(account: ParsedAccount): ExpectedAccount {
  const days = account.transactions.map((t) => isoDay(t.date)).sort();
  const total = account.transactions.reduce((sum, t) => sum + cents(t.amount), 0);
  const out: ExpectedAccount = {
    id: account.identifier,
    currency: account.currency,
    transactions: account.transactions.length,
    sum: (total / 100).toFixed(2),
  };
  if (days.length > 0) {
    out.first = days[0];
    out.last = days[days.length - 1];
  }
  if (account.closingBalance) {
    out.closingBalance = {
      amount: (cents(account.closingBalance.amount) / 100).toFixed(2),
      date: isoDay(account.closingBalance.date),
    };
  }
  return out;
}

function normalised(expected: ExpectedAccount): ExpectedAccount {
  const out = { ...expected, sum: (cents(expected.sum) / 100).toFixed(2) };
  if (expected.closingBalance) {
    out.closingBalance = {
      ...expected.closingBalance,
      amount: (cents(expected.closingBalance.amount) / 100).toFixed(2),
    };
  }
  return out;
}

function read(entry: Expectation) {
  const bytes = new Uint8Array(readFileSync(join(CORPUS, entry.file)));
  return () => parseStatement(bytes, { fileName: entry.file.split('/').pop(), ...entry.options });
}

const imported = files.filter((f) => !f.refused);
const refused = files.filter((f) => f.refused);

describe('corpus of real OFX, QFX and QIF files', () => {
  it('holds at least 40 files, OFX statements from at least 20 banks, in the three formats', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
    // one bank per name before its parenthesised detail; specification samples and server replies are no bank
    const banks = imported
      .filter((f) => f.file.startsWith('ofx/') && !/sample|reply/.test(f.bank))
      .map((f) => f.bank.split(' (')[0]);
    expect(new Set(banks).size).toBeGreaterThanOrEqual(20);
    expect(new Set(imported.map((f) => f.format))).toStrictEqual(new Set(['OFX1', 'OFX2', 'QFX', 'QIF']));
  });

  it.each(imported.map((f) => [f.file, f] as const))('%s imports with the expected facts', (_name, entry) => {
    const parsed = read(entry)();
    expect(parsed.format).toBe(entry.format);
    expect(parsed.accounts.map(facts)).toStrictEqual((entry.accounts ?? []).map(normalised));
    expect(parsed.warnings.filter((w) => !w.startsWith('declared charset'))).toStrictEqual(entry.warnings ?? []);
  });

  it.each(refused.map((f) => [f.file, f] as const))('%s is refused, saying why', (_name, entry) => {
    const error = statementError(read(entry));
    expect([error.location, error.detail]).toStrictEqual([entry.refused?.location, entry.refused?.message]);
  });
});
