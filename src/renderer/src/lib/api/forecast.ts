import { api } from './client';
import type { Forecast } from './types';

/** The forecast (extension, docs/forecast.md): read with accounts_read. */
export const forecastApi = {
  /** Every everyday and savings account's next days, one point per day. */
  get: (days = 90) => api.get<Forecast>('/forecast', { query: { days } }),
};
