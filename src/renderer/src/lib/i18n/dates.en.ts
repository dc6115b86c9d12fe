/** English messages of the typed dates (ui/DateField); spread into en.ts. */
export const datesEn = {
  'history.until': 'Until',
  'date.invalid': 'Not a date: type it as dd/mm/yyyy.',
} as const;
