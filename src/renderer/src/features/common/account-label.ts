import { foldText } from '../../../../shared/text-fold';
import type { Account } from '../../lib/api';
import { connectionLabelParts, type LabelledConnection } from './connection-label';
import { groupBy, labelText, numberLookAlikes, type LabelPart, type LabelParts } from './label-parts';

/**
 * How an account is named on every screen and in the CSV (issue 15): banks give many accounts the same name
 * ("Compte Courant" at five banks), so a name that is not unique among the person's accounts is followed by
 * its masked number and its bank (the connection's label, features/common/connection-label: its name, with the
 * masked login when several connections share that name): "Compte Courant ••4521 — Coffer Test Bank", or
 * "Compte Courant ••5306 — Coffer Test Bank · al****in" when one person has several logins at that bank.
 * The number comes first because it tells apart even two accounts of the same bank. A name that is unique
 * stays as it is (short in tables). Renaming an account (PUT /accounts/{id}) changes the name used here.
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

/** "Coffer Test Bank ••4521": where the account is (its connection's label) and which one (masked number). */
export function accountOriginParts(
  account: Pick<Account, 'iban' | 'account_number'>,
  connection: LabelParts | undefined,
): LabelPart[] {
  const number = maskedAccountNumber(account);
  const parts: LabelPart[] = [...(connection ?? [])];
  if (number) parts.push({ text: parts.length ? ` ${number}` : number, keep: true });
  return parts;
}

/** The same as one line of text. */
export function accountOrigin(
  account: Pick<Account, 'iban' | 'account_number'>,
  connectionName: string | undefined,
): string {
  return labelText(accountOriginParts(account, connectionName ? [{ text: connectionName }] : undefined));
}

export type LabelledAccount = Pick<Account, 'id' | 'name' | 'connection_id' | 'iban' | 'account_number'>;

/**
 * The display name of each account (by id) in parts, telling apart accounts that share a name: the masked
 * number and what tells their connections apart are the parts a narrow place keeps; accounts still alike
 * are numbered.
 */
export function accountLabelParts(
  accounts: readonly LabelledAccount[],
  connections: readonly LabelledConnection[],
): Map<string, LabelPart[]> {
  const connectionParts = connectionLabelParts(connections);
  const labels = new Map<string, LabelPart[]>();
  for (const group of groupBy(accounts, (a) => nameKey(a.name)).values()) {
    for (const a of group) {
      const parts: LabelPart[] = [{ text: a.name }];
      const number = group.length > 1 ? maskedAccountNumber(a) : undefined;
      const bank = group.length > 1 ? connectionParts.get(a.connection_id) : undefined;
      if (number) parts.push({ text: ` ${number}`, keep: true });
      if (bank) parts.push({ text: ' — ', keep: true }, ...bank);
      labels.set(a.id, parts);
    }
  }
  numberLookAlikes(accounts, labels, nameKey);
  return labels;
}

/** The display name of each account (by id) as one line of text (filters, the CSV, titles). */
export function accountLabels(
  accounts: readonly LabelledAccount[],
  connections: readonly LabelledConnection[],
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, parts] of accountLabelParts(accounts, connections)) out.set(id, labelText(parts));
  return out;
}
