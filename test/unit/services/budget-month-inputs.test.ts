import { describe, expect, it } from 'vitest';
import { parseMonth } from '../../../src/main/engine/domain/budgets/month-key';
import { converterTo, monthSums } from '../../../src/main/engine/services/budgets/month-inputs';
import type { ActivityRow } from '../../../src/main/engine/store/budgets';

const NOV = parseMonth('2026-11')!;
const row = (over: Partial<ActivityRow>): ActivityRow => ({ month: '2026-11', category_id: 'SUPERMARKET', category_type: 'EXPENSE', currency: 'EUR', day: null, amount: -1000, ...over });

describe('a budget month’s inputs from the store’s sums', () => {
  it('converts another currency at its day’s rate, to the cent, and lists a currency without a rate', () => {
    const asked: string[] = [];
    const toEur = converterTo('EUR', (currency, day) => {
      asked.push(`${currency}@${day}`);
      return currency === 'USD' ? 0.5 : currency === 'JPY' ? 0.006 : undefined;
    });
    const sums = monthSums(
      [
        row({}),
        row({ currency: 'USD', day: 20_420, amount: -1001 }), // -10.01 USD × 0.5 = -5.005 EUR, to the cent as Math.round gives it
        row({ currency: 'USD', day: 20_420, amount: -2000 }),
        row({ currency: 'JPY', day: 20_421, amount: -10_000 }), // ¥10,000 (no decimals) × 0.006 = 60.00 EUR
        row({ currency: 'ARS', day: 20_421, amount: -999_999 }),
        row({ category_id: 'SALARY', category_type: 'INCOME', amount: 250_000 }),
        row({ category_id: 'INTERNAL_TRANSFER', category_type: 'TRANSFER', amount: -50_000 }),
      ],
      [{ month: '2026-11', category_id: 'SUPERMARKET', amount: 40_000 }],
      NOV,
      NOV,
      toEur,
    );
    const [nov] = sums.inputs;
    expect(nov!.activity.get('SUPERMARKET')).toBe(-1000 + Math.round(-1001 * 0.5) + -1000 - 6000);
    expect(nov!.income).toBe(250_000);
    expect(nov!.activity.has('INTERNAL_TRANSFER')).toBe(false);
    expect([...sums.missing]).toEqual(['ARS']);
    expect(nov!.assigned.get('SUPERMARKET')).toBe(40_000);
    // Each currency and day is looked up once.
    expect(asked.filter((a) => a === 'USD@20420')).toHaveLength(1);
  });

  it('gives every month of the range, empty ones included, and the spending of each month for targets', () => {
    const sums = monthSums([row({ month: '2026-09', amount: -300 }), row({ month: '2026-11', amount: 100 })], [], NOV - 2, NOV, converterTo('EUR', () => undefined));
    expect(sums.inputs.map((m) => m.month)).toEqual([NOV - 2, NOV - 1, NOV]);
    expect(sums.inputs[1]!.activity.size).toBe(0);
    expect(sums.spending.get(NOV - 2)?.get('SUPERMARKET')).toBe(300);
    expect(sums.spending.get(NOV)?.get('SUPERMARKET')).toBe(-100); // a refund month: less than nothing spent
  });
});
