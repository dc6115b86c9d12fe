import { describe, expect, it } from 'vitest';
import { adviceFor, problemText, sortReport } from '../../../src/renderer/src/features/connections/document-report';
import type { StatementFile } from '../../../src/renderer/src/lib/api';

const file = (over: Partial<StatementFile>): StatementFile => ({
  name: 'a.ofx',
  source: 'FOLDER',
  file_name: 'a.ofx',
  status: 'IMPORTED',
  size: 10,
  transactions: 0,
  ...over,
});

describe('statement files report (issue 15)', () => {
  it('names an upload by its file name, not its inbox path', () => {
    expect(
      problemText(
        file({
          name: '.upload/u1/bad-amount.csv',
          file_name: 'bad-amount.csv',
          error: '.upload/u1/bad-amount.csv, line 3: malformed amount "12,3x"',
        }),
      ),
    ).toBe('bad-amount.csv, line 3: malformed amount "12,3x"');
    expect(problemText(file({ name: '2024/mars.csv', file_name: 'mars.csv', error: '2024/mars.csv, line 3: x' }))).toBe(
      'mars.csv, line 3: x',
    );
    expect(problemText(file({ error: undefined }))).toBeUndefined();
  });

  it('says what to do for each outcome', () => {
    expect(adviceFor(file({ status: 'FAILED', error: 'x.csv, line 3: malformed amount' }), true)).toBe('docReport.todo.line');
    expect(adviceFor(file({ status: 'FAILED', source: 'UPLOAD', error: 'x.ofx: truncated' }), true)).toBe('docReport.todo.upload');
    expect(adviceFor(file({ status: 'FAILED', error: 'x.ofx: truncated' }), true)).toBe('docReport.todo.folder');
    expect(adviceFor(file({ name: '.', status: 'FAILED', error: 'missing' }), true)).toBe('docReport.todo.missingFolder');
    expect(adviceFor(file({ status: 'PENDING' }), true)).toBe('docReport.todo.pending');
    expect(adviceFor(file({ status: 'PENDING' }), false)).toBeNull();
    expect(adviceFor(file({ status: 'SKIPPED' }), false)).toBe('docReport.todo.skipped');
    expect(adviceFor(file({ status: 'IMPORTED' }), true)).toBeNull();
    expect(adviceFor(file({ status: 'IMPORTED', error: 'x.csv: 1 row could not be read and was left out (line 3: malformed amount)' }), false)).toBe('docReport.todo.rowsLeftOut');
  });

  it('says a file that is no statement is one to download again, and that rows were left out of an imported file', () => {
    const refusals = [
      'v.ofx, line 1: this is an investment account statement (holdings and trades): only bank and credit card statements can be imported; download the statement of a bank or card account instead',
      'e.ofx, line 1: this file is an error reply from the bank (code 2000), not a statement: download the statement again from your bank',
      's.ofx, line 1: this OFX file holds no bank or credit card statement (only the bank’s sign-on or account list): download the statement of your account from your bank',
      'q.qif, line 1: this is an investment account (!Type:Invst): only bank and credit card transactions can be imported; export the bank or card account instead',
      'c.qif, line 1: this QIF file holds no bank or credit card transactions (only categories, classes, securities or a list of accounts): export the account’s transactions instead',
    ];
    for (const error of refusals) {
      expect(adviceFor(file({ status: 'FAILED', error }), true)).toBe('docReport.todo.notStatement');
    }
    const leftOut = 'a.ofx, line 34: transaction without amount (no <TRNAMT>): this transaction was not imported';
    expect(adviceFor(file({ status: 'IMPORTED', error: leftOut }), false)).toBe('docReport.todo.rowsLeftOut');
  });

  it('lists failures first, then waiting, imported and skipped files', () => {
    const sorted = sortReport([
      file({ name: 'b', status: 'IMPORTED' }),
      file({ name: 'c', status: 'SKIPPED' }),
      file({ name: 'd', status: 'PENDING' }),
      file({ name: 'e', status: 'FAILED' }),
      file({ name: 'a', status: 'IMPORTED' }),
    ]);
    expect(sorted.map((f) => f.name)).toEqual(['e', 'd', 'a', 'b', 'c']);
  });
});
