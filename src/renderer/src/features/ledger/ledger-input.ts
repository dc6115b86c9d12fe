import { TYPE_ORDER } from '../../lib/analytics';
import type { Account, AccountType, Connection } from '../../lib/api';

/**
 * An amount as a person types it ("12,30", "-1 200.5", "12.30 €" is not one) as the API's decimal text
 * ("12.30"), or null when it is not an amount with at most `decimals` decimals. A comma is the decimal
 * separator as well as a dot; spaces between digit groups are ignored.
 */
export function typedAmount(text: string, decimals = 2): string | null {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m || (m[3] ?? '').length > decimals) return null;
  return `${m[1] === '-' ? '-' : ''}${m[2]}${m[3] ? `.${m[3]}` : ''}`;
}

/** UTC seconds of an ISO day (its midnight), the date the API keeps for a transaction of that day. */
export const daySeconds = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 1000;

export interface ConnectionGroup {
  connection: Connection | undefined;
  connectionId: string;
  types: Array<{ type: AccountType; accounts: Account[] }>;
  /** Sum of the balances per currency, in the order the currencies first appear. */
  totals: Array<{ currency: string; amount: number }>;
}

/**
 * Every account, grouped by connection (in the connections' order, accounts whose connection is unknown
 * last) and then by type (checking, savings, cards, loans), each group's accounts by name.
 */
export function accountsByConnection(accounts: readonly Account[], connections: readonly Connection[]): ConnectionGroup[] {
  const order = new Map(connections.map((c, i) => [c.id, i]));
  const ids = [...new Set(accounts.map((a) => a.connection_id))].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
  return ids.map((id) => {
    const mine = accounts.filter((a) => a.connection_id === id);
    const totals = new Map<string, number>();
    for (const a of mine) totals.set(a.currency, (totals.get(a.currency) ?? 0) + a.balance);
    return {
      connectionId: id,
      connection: connections.find((c) => c.id === id),
      types: TYPE_ORDER.map((type) => ({
        type,
        accounts: mine.filter((a) => a.type === type).sort((a, b) => a.name.localeCompare(b.name)),
      })).filter((g) => g.accounts.length > 0),
      // Rounded to cents: the sum of binary amounts (0.1 + 0.2) must not show as 0.30000000000000004.
      totals: [...totals].map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 })),
    };
  });
}

/** The person's manual connection, if they have one: where a new account kept by hand goes. */
export const manualConnectionOf = (connections: readonly Connection[]) => connections.find((c) => c.provider_id === 'manual');
