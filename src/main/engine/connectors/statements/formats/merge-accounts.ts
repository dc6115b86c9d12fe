import type { ParsedAccount } from './types';

/**
 * Statements of the same account (same identifier and currency) found several times in one file —
 * daily CAMT statements, MT940 pages, repeated OFX STMTRS — become one account: transactions in
 * file order, the earliest opening balance and the latest closing balance.
 */
export function mergeAccounts(accounts: ParsedAccount[]): ParsedAccount[] {
  const byKey = new Map<string, ParsedAccount>();
  const result: ParsedAccount[] = [];
  for (const account of accounts) {
    const key = `${account.identifier}\u0000${account.currency}`;
    const existing = byKey.get(key);
    if (!existing) {
      const copy = { ...account, transactions: account.transactions.slice() };
      byKey.set(key, copy);
      result.push(copy);
      continue;
    }
    for (const tx of account.transactions) existing.transactions.push(tx);
    for (const key of ['iban', 'accountNumber', 'bankId', 'name'] as const) {
      if (existing[key] === undefined && account[key] !== undefined) existing[key] = account[key];
    }
    if (
      account.openingBalance &&
      (!existing.openingBalance || account.openingBalance.date < existing.openingBalance.date)
    ) {
      existing.openingBalance = account.openingBalance;
    }
    if (
      account.closingBalance &&
      (!existing.closingBalance || account.closingBalance.date >= existing.closingBalance.date)
    ) {
      existing.closingBalance = account.closingBalance;
    }
  }
  return result;
}
