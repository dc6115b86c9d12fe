/**
 * The amount a person types for a recurring payment: digits with a dot or a comma, at most two decimals,
 * spaces ignored ("1 234,50"). The sign is the payment's own (money going out stays negative), so a person
 * writes what they pay without thinking of signs. Empty means "the amount found".
 */
export type AmountInput = { kind: 'empty' } | { kind: 'amount'; value: number } | { kind: 'invalid' };

export function readAmount(text: string, sign: number): AmountInput {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (compact === '') return { kind: 'empty' };
  const m = /^[+-]?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!m) return { kind: 'invalid' };
  const value = Number(`${m[1]}.${m[2] ?? '0'}`);
  if (value === 0) return { kind: 'invalid' };
  return { kind: 'amount', value: sign < 0 ? -value : value };
}
