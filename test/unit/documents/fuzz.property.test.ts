import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStatement, StatementError, type ParseOptions } from '../../../src/main/engine/connectors/statements/formats/index';
import { SAMPLES, sampleBytes, utf8 } from './helpers';

/**
 * Whatever the bytes, parseStatement either returns or throws a StatementError — never another
 * error type, never a hang (a hang fails the test on its time-out).
 */

const RUNS = Number(process.env.DOC_FUZZ_RUNS ?? 250);

function attempt(bytes: Uint8Array, options: ParseOptions = {}): void {
  try {
    parseStatement(bytes, { fileName: 'fuzz.dat', ...options });
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    expect(error.message.startsWith('fuzz.dat')).toBe(true);
  }
}

const samples = readdirSync(SAMPLES)
  .filter((name) => name.includes('.'))
  .map((name) => ({ name, bytes: sampleBytes(name) }));

type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; flips: [number, number][] }
  | { kind: 'insert'; at: number; chunk: Uint8Array }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'duplicate'; at: number; length: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('flip' as const),
    flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    chunk: fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 16 }),
      fc
        .constantFrom(
          '<',
          '</',
          '>',
          '&',
          '&#0;',
          '&#x110000;',
          '\n',
          ':61:',
          ':86:?20',
          '^\n',
          ';',
          '"',
          '\u0000',
          '<!--',
          ']]>',
          '<![CDATA[',
        )
        .map(utf8),
    ),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 400 }) }),
);

function mutate(bytes: Uint8Array, m: Mutation): Uint8Array {
  const n = bytes.length;
  switch (m.kind) {
    case 'truncate':
      return bytes.slice(0, m.at % (n + 1));
    case 'flip': {
      const out = bytes.slice();
      for (const [at, value] of m.flips) out[at % n] = value;
      return out;
    }
    case 'insert': {
      const at = m.at % (n + 1);
      return new Uint8Array([...bytes.subarray(0, at), ...m.chunk, ...bytes.subarray(at)]);
    }
    case 'delete': {
      const at = m.at % (n + 1);
      return new Uint8Array([...bytes.subarray(0, at), ...bytes.subarray(at + m.length)]);
    }
    case 'duplicate': {
      const at = m.at % (n + 1);
      const piece = bytes.subarray(at, at + m.length);
      return new Uint8Array([...bytes.subarray(0, at), ...piece, ...piece, ...bytes.subarray(at + m.length)]);
    }
  }
}

describe('fuzzing parseStatement', () => {
  it('random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (bytes) => attempt(bytes)),
      { numRuns: RUNS },
    );
  });

  it('random text behind each format header', () => {
    const headers = [
      'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST><STMTTRN>',
      '<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS>',
      '!Type:Bank\nD',
      '!Type:CCard\n',
      '{1:F01X}{2:O940}{4:\n:20:X\n:25:DE89370400440532013000\n:60F:C240101EUR1,00\n:61:',
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>X</IBAN></Id></Acct><Ntry>',
      '<Document><BkToCstmrAcctRpt><Rpt>',
      'Date;Date de valeur;Libellé;Montant\n01/02/2024;',
      'Posted Date,Description,Debit,Credit\n',
    ];
    const noise = fc.string({
      unit: fc.constantFrom(...'<>/&;:?^\n\r\t "\'abcXYZ019.,-+DTNPMC!{}[]=#'),
      maxLength: 300,
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...headers),
        noise,
        fc.constantFrom<ParseOptions>({}, { dateOrder: 'DMY' }, { dateOrder: 'MDY' }),
        (header, tail, options) => attempt(utf8(header + tail), options),
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('mutations of every valid sample (truncation, byte flips, insertions, deletions, duplications)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (sample, mutations) => {
          let bytes = sample.bytes;
          for (const m of mutations) bytes = mutate(bytes, m);
          attempt(bytes);
        },
      ),
      { numRuns: RUNS * 4 },
    );
  });

  it('every truncation of the OFX, MT940 and CAMT samples fails as a whole or parses', () => {
    for (const name of ['ofx1-bank-fr-cp1252.ofx', 'ofx2-bank-us.ofx', 'mt940-de-2-statements.sta', 'camt052-de.xml']) {
      const bytes = sampleBytes(name);
      const full = parseStatement(bytes, { fileName: name });
      for (let cut = 0; cut < bytes.length - 2; cut += 7) {
        let result;
        try {
          result = parseStatement(bytes.subarray(0, cut), { fileName: name });
        } catch (error) {
          expect(error).toBeInstanceOf(StatementError);
          continue;
        }
        // a cut that still parses can only have dropped trailing whitespace or an envelope end
        expect(result).toStrictEqual(full);
      }
    }
  });
});
