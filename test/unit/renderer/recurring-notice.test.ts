import { describe, expect, it } from 'vitest';
import { readAmount } from '../../../src/renderer/src/features/recurring/amount-input';
import { recurringNotice } from '../../../src/renderer/src/lib/recurring-notice';

const payment = {
  name: 'Netflix',
  currency: 'EUR',
  amount: -15.99,
  period: 'MONTHLY',
  next_date: Date.UTC(2026, 11, 3) / 1000,
  price_change: { from: -13.49, to: -15.99, date: Date.UTC(2026, 8, 3) / 1000 },
};

describe('desktop notifications of the recurring-payment events', () => {
  it('says in English and French what came and what to do', () => {
    expect(recurringNotice({ event_type: 'RECURRING_PAYMENT_NEW', recurring_payment: payment }, 'en')).toEqual({
      title: 'Recurring payment found',
      body: 'Netflix: -€15.99 every month. Open Recurring payments to confirm or dismiss it.',
    });
    const fr = recurringNotice({ event_type: 'RECURRING_PAYMENT_PRICE_CHANGE', recurring_payment: payment }, 'fr')!;
    expect(fr.title).toBe('Changement de prix');
    expect(fr.body.replace(/\s/g, ' ')).toBe('Netflix est passé de -13,49 € à -15,99 €.');
    const missed = recurringNotice({ event_type: 'RECURRING_PAYMENT_MISSED', recurring_payment: payment }, 'en')!;
    expect(missed.body).toBe('Netflix was expected on 3 Dec 2026 and has not come. Check with the payee or your bank.');
  });

  it('says nothing for other events or an event without its payment', () => {
    expect(recurringNotice({ event_type: 'SUCCESS' }, 'en')).toBeNull();
    expect(recurringNotice({ event_type: 'SUCCESS', recurring_payment: payment }, 'en')).toBeNull();
    expect(recurringNotice({ event_type: 'RECURRING_PAYMENT_NEW' }, 'en')).toBeNull();
  });
});

describe('the amount a person types for a recurring payment', () => {
  it('reads a dot or a comma, spaces, and keeps the payment sign', () => {
    expect(readAmount('31,99', -1)).toEqual({ kind: 'amount', value: -31.99 });
    expect(readAmount(' 1 234.5 ', 1)).toEqual({ kind: 'amount', value: 1234.5 });
    expect(readAmount('-12', -1)).toEqual({ kind: 'amount', value: -12 });
    expect(readAmount('', -1)).toEqual({ kind: 'empty' });
    for (const bad of ['abc', '0', '1.234', '12,3,4', '--5']) expect(readAmount(bad, -1)).toEqual({ kind: 'invalid' });
  });
});
