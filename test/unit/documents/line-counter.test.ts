import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineCounter } from '../../../src/main/engine/connectors/statements/formats/line-counter';

describe('LineCounter', () => {
  it('agrees with a naive count for queries in any order', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'b') }), fc.array(fc.nat()), (text, queries) => {
        const counter = new LineCounter(text);
        for (const q of queries) {
          const index = q % (text.length + 1);
          expect(counter.lineAt(index)).toBe(text.slice(0, index).split('\n').length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
