import { useEffect, useMemo } from 'react';
import { usePayees } from '../../store/history/payees';

export { usePayees };

/** The payees as choices of the history's filter (loaded once). */
export function usePayeeOptions(): Array<{ value: string; label: string }> {
  const { payees, load } = usePayees();
  useEffect(() => void load(), [load]);
  return useMemo(() => payees.map((p) => ({ value: p.id, label: p.name })), [payees]);
}
