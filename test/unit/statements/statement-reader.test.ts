import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStatement, type ReadInput } from '../../../src/main/engine/connectors/statements/statement-reader';

const dir = mkdtempSync(join(tmpdir(), 'coffer-reader-'));
const input = (name: string, extra: Partial<ReadInput> = {}): ReadInput => ({
  path: join(dir, name),
  name,
  displayName: name,
  size: 0,
  accountHint: '',
  sniff: false,
  settings: {},
  ...extra,
});

describe('readStatement', () => {
  it('parses a file whole and checks its amounts against the currency', async () => {
    writeFileSync(join(dir, 'ok.csv'), 'Date,Label,Amount\n15/01/2024,COFFEE,-4.50\n16/01/2024,TEA,-1.20\n');
    const ok = await readStatement(input('ok.csv'));
    expect(ok).toMatchObject({
      kind: 'parsed',
      format: 'CSV',
      transactions: 2,
      size: 63,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    writeFileSync(join(dir, 'jpy.csv'), 'Date,Label,Amount\n15/01/2024,RAMEN,-850.5\n16/01/2024,TEA,-120\n');
    const jpy = await readStatement(input('jpy.csv', { settings: { default_currency: 'JPY' } }));
    expect(jpy).toMatchObject({ kind: 'failed', format: 'CSV' });
    expect(jpy.kind === 'failed' && jpy.error).toMatch(/^jpy\.csv, line 2: amount "-850\.5" cannot be kept in JPY/);
  });

  it('names the rows it left out, five at most and how many more, and only those', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => `D01/${String(i + 10)}/2024\nT-1.00\n^`).join('\n');
    const bad = Array.from({ length: 7 }, (_, i) => `D02/${String(30 + (i % 2))}/2024\nT-2.00\n^`).join('\n');
    writeFileSync(join(dir, 'rows.qif'), `!Type:Bank\n${rows}\n${bad}\n`);
    const read = await readStatement(input('rows.qif'));
    expect(read).toMatchObject({ kind: 'parsed', transactions: 7 });
    const lines = [23, 26, 29, 32, 35].map((n) => `line ${n}: malformed or impossible date`);
    expect(read.kind === 'parsed' && read.rowsLeftOut).toBe(
      `rows.qif: 7 rows could not be read and were left out (${lines.join('; ')}; and 2 more); the other rows are imported`,
    );
    const ok = await readStatement(input('ok.csv'));
    expect(ok.kind === 'parsed' && ok.rowsLeftOut).toBeUndefined();
  });

  it('the same bytes as its last import: unchanged (not parsed again)', async () => {
    const first = await readStatement(input('ok.csv'));
    const again = await readStatement(input('ok.csv', { importedSha256: first.sha256 }));
    expect(again).toEqual({ kind: 'unchanged', sha256: first.sha256, size: 63 });
  });

  it('refuses a file larger than the limit without reading it', async () => {
    const big = await readStatement(input('not-even-there.ofx', { size: 2_000_000, maxBytes: 1_000_000 }));
    expect(big).toEqual({
      kind: 'failed',
      sha256: '',
      size: 2_000_000,
      error: 'not-even-there.ofx: file too large (1.9 MB; the limit for one statement file is 976.6 KB)',
    });
  });

  it('a .txt is read only when it is MT940; others are skipped, not failed', async () => {
    writeFileSync(join(dir, 'note.txt'), 'call the bank\n');
    expect(await readStatement(input('note.txt', { sniff: true }))).toMatchObject({
      kind: 'skipped',
      reason: 'not a statement file (text that is not MT940)',
    });
  });

  it('a file that cannot be read fails with its name; one removed meanwhile is skipped', async () => {
    const folderAsFile = await readStatement(input('.', { path: dir, displayName: 'odd.ofx' }));
    expect(folderAsFile).toMatchObject({ kind: 'failed', error: 'odd.ofx: cannot be read (EISDIR)' });
    expect(await readStatement(input('gone.ofx'))).toMatchObject({
      kind: 'skipped',
      reason: 'removed while it was being read',
    });
  });
});
