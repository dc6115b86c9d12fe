import { api } from './client';
import type { Report } from './types';

export type ReportKind = Report['kind'];

/** The reports of the history (an extension of the API): one currency, each amount at its day's rate. */
export const reportsApi = {
  /** `from` and `to` (YYYY-MM-DD) both included; the currency by default the person's reporting currency. */
  get: (kind: ReportKind, period: { from: string; to: string }, limit?: number) =>
    api.get<Report>(`/reports/${kind}`, { query: { from: period.from, to: period.to, ...(limit ? { limit } : {}) } }),
};
