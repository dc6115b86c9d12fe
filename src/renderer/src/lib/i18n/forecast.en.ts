/** English messages of the forecast on the account page (issue 24); spread into en.ts. */
export const forecastEn = {
  'forecast.label': 'Forecast',
  'forecast.belowZero': 'At this pace, {account} goes below zero on {date}.',
  'forecast.belowZeroNow': '{account} is below zero today and, at this pace, stays there for the next {days} days.',
  'forecast.belowZeroNowBack': '{account} is below zero today; at this pace it is back above zero on {date}.',
  'forecast.stays': 'At this pace, {account} stays above zero for the next {days} days.',
  'forecast.basis': 'From the recurring payments you confirmed and your budget.',
  'forecast.noBasis': 'Confirm your recurring payments (rent, salary, subscriptions) to see where this account is heading.',
  'forecast.failed': 'The forecast could not be computed: {reason} Try again later.',
} as const;
