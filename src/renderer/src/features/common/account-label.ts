import { foldText } from '../../../../shared/text-fold';
import type { Account } from '../../lib/api';
import { connectionLabelParts, type LabelledConnection } from '../../../core/labels/connection-label';
import { groupBy, labelText, numberLookAlikes, type LabelPart, type LabelParts } from '../../../core/labels/label-parts';

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

/** What, among accounts of one name, tells each apart on its own (the first that does, in this order). */
type Telling = 'number' | 'bank' | 'login' | null;

function tellingPart(
  group: readonly LabelledAccount[],
  connectionName: (id: string) => string | undefined,
  connectionLabel: (id: string) => string,
): Telling {
  const unique = (value: (a: LabelledAccount) => string | undefined) => {
    const values = group.map(value);
    return values.every(Boolean) && new Set(values).size === values.length;
  };
  if (unique((a) => maskedAccountNumber(a))) return 'number';
  if (unique((a) => nameKey(connectionName(a.connection_id) ?? ''))) return 'bank';
  if (unique((a) => nameKey(connectionLabel(a.connection_id)))) return 'login';
  return null;
}

/**
 * The parts after the name of an account of a shared name: its number, then its connection's label (the
 * bank's name, then what tells that connection apart). What tells the account apart is kept; the rest is
 * extra when something else already does.
 */
function suffixParts(number: string | undefined, bank: LabelParts, telling: Telling): LabelPart[] {
  const extra = (text: string): LabelPart => ({ text, extra: true });
  const parts: LabelPart[] = [];
  if (number)
    parts.push(telling === 'number' || telling === null ? { text: ` ${number}`, keep: true } : extra(` ${number}`));
  if (bank.length === 0) return parts;
  const [bankName, ...rest] = bank;
  if (telling === 'number') return [...parts, extra(` — ${bankName.text}`), ...rest.map((p) => extra(p.text))];
  parts.push({ text: ' — ', keep: true });
  if (telling === 'bank') return [...parts, { text: bankName.text, keep: true }, ...rest.map((p) => extra(p.text))];
  if (telling === 'login') return [...parts, extra(bankName.text), ...rest];
  return [...parts, ...bank];
}

/**
 * The display name of each account (by id) in parts, telling apart accounts that share a name. The part that
 * tells them apart on its own is the one a narrow place keeps: the masked number when each has its own, else
 * the bank when each is at another, else the connection's login; when none does alone, all of them are kept.
 * Accounts still alike are numbered.
 */
export function accountLabelParts(
  accounts: readonly LabelledAccount[],
  connections: readonly LabelledConnection[],
): Map<string, LabelPart[]> {
  const connectionParts = connectionLabelParts(connections);
  const names = new Map(connections.map((c) => [c.id, c.name]));
  const bankOf = (id: string): LabelParts => connectionParts.get(id) ?? [];
  const labels = new Map<string, LabelPart[]>();
  for (const group of groupBy(accounts, (a) => nameKey(a.name)).values()) {
    const telling =
      group.length > 1
        ? tellingPart(
            group,
            (id) => names.get(id),
            (id) => labelText(bankOf(id)),
          )
        : null;
    for (const a of group) {
      const suffix = group.length > 1 ? suffixParts(maskedAccountNumber(a), bankOf(a.connection_id), telling) : [];
      labels.set(a.id, [{ text: a.name }, ...suffix]);
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
