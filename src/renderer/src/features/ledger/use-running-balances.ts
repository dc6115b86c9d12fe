import { useMemo } from 'react';
import { runningBalances } from '../../lib/running-balance';
import { txTable } from '../../lib/tx-table';
import { useStore } from '../../store';

/**
 * The balance after each row when the history shows one account in date order (by row index of the table),
 * else undefined: across several accounts, or sorted by amount or label, a running balance means nothing.
 * Read again whenever the rows shown or the account's balance change.
 */
export function useRunningBalances(view: Int32Array): { balances: ReadonlyMap<number, number>; currency: string } | undefined {
  const filter = useStore((s) => s.filter);
  const sortKey = useStore((s) => s.sort.key);
  const account = useStore((s) => (s.filter.accounts.length === 1 ? s.accounts.find((a) => a.id === s.filter.accounts[0]) : undefined));
  return useMemo(() => {
    if (!account || sortKey !== 'date' || filter.accounts.length !== 1) return undefined;
    // A closed account shows 0: its history ends at the balance it had when closed.
    const now = account.status === 'CLOSED' ? (account.closing_balance ?? account.balance) : account.balance;
    return { balances: runningBalances(txTable, account.id, now), currency: account.currency };
  }, [view, account, sortKey, filter.accounts]);
}
