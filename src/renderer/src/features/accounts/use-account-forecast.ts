import { useEffect, useState } from 'react';
import { forecastApi, type Forecast } from '../../lib/api';

export type AccountForecast = Forecast['accounts'][number];

export const FORECAST_DAYS = 90;

/** A forecast day "YYYY-MM-DD" as UTC seconds (the app's days are UTC midnights). */
export const forecastDay = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 1000;

/**
 * This account's forecast for the next 90 days: undefined while it loads, null when the account has none
 * (a loan, a card); `error` when the engine could not answer. Asked again when the history changes.
 */
export function useAccountForecast(accountId: string, version: number): { forecast: AccountForecast | null | undefined; error: unknown } {
  const [state, setState] = useState<{ forecast: AccountForecast | null | undefined; error: unknown }>({ forecast: undefined, error: null });
  useEffect(() => {
    let live = true;
    forecastApi
      .get(FORECAST_DAYS)
      .then((f) => live && setState({ forecast: f.accounts.find((a) => a.id === accountId) ?? null, error: null }))
      .catch((error: unknown) => live && setState({ forecast: null, error }));
    return () => {
      live = false;
    };
  }, [accountId, version]);
  return state;
}
