import { foldText } from '../../../../shared/text-fold';
import type { Account, Connection } from '../../lib/api';

/**
 * How an account is named on every screen and in the CSV (issue 15): banks give many accounts the same name
 * ("Compte Courant" at five banks), so a name that is not unique among the person's accounts is followed by
 * its masked number and its bank (the connection's name): "Compte Courant ••4521 — Coffer Test Bank". The
 * number comes first because it tells apart even two accounts of the same bank, and a narrow table column
 * that cuts the label's end then cuts the bank, not the number. A name that is unique stays as it is (short
 * in tables). Renaming an account (PUT /accounts/{id}) changes the name used here.
 */

/** The last four digits or letters of the IBAN, else of the account number, as "••4521" (never the whole number). */
export function maskedAccountNumber(account: Pick<Account, 'iban' | 'account_number'>): string | undefined {
  const raw = account.iban || account.account_number;
  if (!raw) return undefined;
  const chars = raw.replace(/[^0-9A-Za-z]/g, '');
  if (chars.length < 4) return undefined;
  return `••${chars.slice(-4)}`;
}

/** Names compared without case, accents or extra spaces ("Compte courant" and "Compte  Courant" collide). */
export const nameKey = (name: string): string => foldText(name);

/** "Coffer Test Bank ••4521": where the account is (its connection) and which one (masked number). */
export function accountOrigin(
  account: Pick<Account, 'iban' | 'account_number'>,
  connectionName: string | undefined,
): string {
  return [connectionName, maskedAccountNumber(account)].filter(Boolean).join(' ');
}

export type LabelledAccount = Pick<Account, 'id' | 'name' | 'connection_id' | 'iban' | 'account_number'>;

/** The display name of each account (by id), telling apart accounts that share a name. */
export function accountLabels(
  accounts: readonly LabelledAccount[],
  connections: ReadonlyArray<Pick<Connection, 'id' | 'name'>>,
): Map<string, string> {
  const connectionName = new Map(connections.map((c) => [c.id, c.name]));
  const uses = new Map<string, number>();
  for (const a of accounts) uses.set(nameKey(a.name), (uses.get(nameKey(a.name)) ?? 0) + 1);
  const labels = new Map<string, string>();
  for (const a of accounts) {
    if ((uses.get(nameKey(a.name)) ?? 0) < 2) {
      labels.set(a.id, a.name);
      continue;
    }
    const number = maskedAccountNumber(a);
    const bank = connectionName.get(a.connection_id);
    labels.set(a.id, [number ? `${a.name} ${number}` : a.name, bank].filter(Boolean).join(' — '));
  }
  return labels;
}
