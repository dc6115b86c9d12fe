import { useEffect, useState } from 'react';
import { reportsApi, type ReportKind } from '../../lib/api';
import type { Report } from '../../lib/api/types';

export type ReportState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; report: Report };

/** Every report of a period, each read on its own (one slow or failed report does not hold the others). */
export function useReports(
  kinds: readonly ReportKind[],
  from: string,
  to: string,
  version: number,
): Record<string, ReportState> {
  const [states, setStates] = useState<Record<string, ReportState>>({});
  useEffect(() => {
    let live = true;
    setStates(Object.fromEntries(kinds.map((k) => [k, { status: 'loading' }])));
    for (const kind of kinds) {
      reportsApi.get(kind, { from, to }).then(
        (report) => live && setStates((s) => ({ ...s, [kind]: { status: 'ready', report } })),
        (error: unknown) => live && setStates((s) => ({ ...s, [kind]: { status: 'error', error } })),
      );
    }
    return () => {
      live = false;
    };
  }, [kinds, from, to, version]);
  return states;
}
