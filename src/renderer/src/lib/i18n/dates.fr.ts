import type { datesEn } from './dates.en';

/** Messages des dates saisies (ui/DateField). */
export const datesFr: Record<keyof typeof datesEn, string> = {
  'history.until': 'Jusqu’au',
  'date.invalid': 'Date invalide : tapez-la sous la forme jj/mm/aaaa.',
};
