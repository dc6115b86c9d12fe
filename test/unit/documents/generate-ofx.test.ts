import { parse as ofxJsParse } from 'ofx-js';
import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../src/main/engine/connectors/statements/formats/index';
import { generateOfx } from '../../helpers/generate-ofx';

describe('generateOfx', () => {
  it('is deterministic and valid for both versions', async () => {
    for (const version of [1, 2] as const) {
      const text = generateOfx({ transactions: 500, seed: 7, version });
      expect(generateOfx({ transactions: 500, seed: 7, version })).toBe(text);
      expect(generateOfx({ transactions: 500, seed: 8, version })).not.toBe(text);
      const parsed = parseStatement(new TextEncoder().encode(text), { fileName: 'gen.ofx' });
      expect(parsed.format).toBe(version === 1 ? 'OFX1' : 'OFX2');
      const account = parsed.accounts[0];
      expect(account.transactions).toHaveLength(500);
      const cents = account.transactions.reduce((sum, t) => sum + Math.round(Number(t.amount) * 100), 250_000);
      expect(account.closingBalance?.amount).toBe((cents / 100).toFixed(2));
      expect(new Set(account.transactions.map((t) => t.providerKey)).size).toBe(500);
      const other = await ofxJsParse(text);
      expect(other.OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS.BANKTRANLIST.STMTTRN).toHaveLength(500);
    }
  });

  // How fast this parse is belongs to `npm run bench -- documents` (the same 100,000-transaction file).
  it('parses 100,000 OFX 1 transactions (~21 MB) and 50,000 OFX 2 ones, every one distinct', () => {
    for (const [version, count] of [
      [1, 100_000],
      [2, 50_000],
    ] as const) {
      const bytes = new TextEncoder().encode(generateOfx({ transactions: count, seed: 42, version }));
      const parsed = parseStatement(bytes, { fileName: 'big.ofx' });
      expect(parsed.accounts[0].transactions).toHaveLength(count);
      expect(new Set(parsed.accounts[0].transactions.map((t) => t.providerKey)).size).toBe(count);
    }
  });
});
