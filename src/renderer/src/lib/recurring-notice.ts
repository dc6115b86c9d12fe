/**
 * The desktop notification of a recurring-payment event of the queue (a new one found, a price change, a
 * payment that did not come), in the person's language; null for any other event.
 */
import type { RecurringPayment } from './api/types';
import type { MessageKey } from './i18n/en';
// Not through lib/i18n/index.ts, which reads the store: the store's event handling calls this.
import { formatDay, formatMoney, translate, type Language } from './i18n/translate';

export function recurringNotice(event: { event_type: string; recurring_payment?: unknown }, lang: Language): { title: string; body: string } | null {
  const p = event.recurring_payment as RecurringPayment | undefined;
  if (!p || typeof p !== 'object') return null;
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const amount = (n: number) => formatMoney(lang, n, p.currency);
  const day = (s: number) => formatDay(lang, s);
  switch (event.event_type) {
    case 'RECURRING_PAYMENT_NEW':
      return {
        title: t('recurring.notify.new'),
        body: t('recurring.notify.newText', { name: p.name, amount: amount(p.amount), period: t(`recurring.period.${p.period}` as MessageKey) }),
      };
    case 'RECURRING_PAYMENT_PRICE_CHANGE':
      if (!p.price_change) return null;
      return { title: t('recurring.notify.price'), body: t('recurring.notify.priceText', { name: p.name, from: amount(p.price_change.from), to: amount(p.price_change.to) }) };
    case 'RECURRING_PAYMENT_MISSED':
      return { title: t('recurring.notify.missed'), body: t('recurring.notify.missedText', { name: p.name, date: day(p.next_date) }) };
    default:
      return null;
  }
}
