/** English messages of totals in one currency and Settings → Currencies (issue 23); spread into en.ts. */
export const currenciesEn = {
  'currencies.totalIn': 'Everything in {currency}',
  'currencies.ratesOf': 'At the rates of {date}',
  'currencies.rateHint': '1 {from} = {rate} {to}, rate of {date}',
  'currencies.ownRate': 'your own rate',
  'currencies.noRate':
    'No exchange rate for {currency}: its accounts are left out of this total. Refresh the rates in Settings → Currencies, or give a rate of your own.',
  'settings.currencies': 'Currencies',
  'currencies.totals': 'Totals in one currency',
  'currencies.reporting': 'Show totals in',
  'currencies.reportingHint': 'Each account keeps its own currency; totals add them up at the exchange rate of the day.',
  'currencies.automatic': 'Automatically: the currency holding most of your money',
  'currencies.saved': 'Totals are now shown in {currency}.',
  'currencies.savedAutomatic': 'Totals now follow the currency holding most of your money.',
  'currencies.rates': 'Exchange rates',
  'currencies.ratesIntro':
    'Coffer converts with the euro reference rates of the European Central Bank, fetched once a day after they are published (16:00, Central European Time) and kept on this computer, so totals work offline.',
  'currencies.ratesAge': 'Rates of {date} ({age}).',
  'currencies.noRates': 'No exchange rates yet: Coffer fetches them as soon as this computer is online.',
  'currencies.refresh': 'Refresh rates now',
  'currencies.refreshed': 'Exchange rates updated: rates of {date}.',
  'currencies.refreshFailed':
    'Coffer could not fetch the exchange rates: the European Central Bank did not answer as expected. The rates you had are kept, and Coffer tries again by itself; you can also try again later.',
} as const;
