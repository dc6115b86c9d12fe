import { api } from './client';
import type { FxRate, RatesRefresh, Summary } from './types';

/** The user property holding the currency totals are shown in. */
const REPORTING = 'reporting_currency';

/** Exchange rates and totals in one currency (extensions of the API). */
export const currenciesApi = {
  summary: () => api.get<Summary>('/summary'),
  /** The euro's rate in dollars today: its day is the latest publication day held (404 when none). */
  latestRate: () => api.get<FxRate>('/fx_rates', { query: { from: 'EUR', to: 'USD' } }),
  reportingCurrency: async (): Promise<string | null> =>
    (await api.get<Record<string, string>>('/users/me/properties'))[REPORTING] ?? null,
  /** Sets (or, with null, clears) the reporting currency; the other properties stay as they are. */
  async setReportingCurrency(currency: string | null): Promise<void> {
    const properties = { ...(await api.get<Record<string, string>>('/users/me/properties')) };
    if (currency === null) delete properties[REPORTING];
    else properties[REPORTING] = currency;
    await api.put('/users/me/properties', properties);
  },
  /** Fetches the ECB's rates now (the owner's admin token). */
  refresh: () => api.post<RatesRefresh>('/admin/fx_rates/refresh', {}, { auth: 'admin' }).then((r) => r.data),
};
