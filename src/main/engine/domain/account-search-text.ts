import { foldText } from './text-fold';

export interface AccountTextFields {
  name: string;
  reference: string;
  currency: string;
  type: string;
  usage?: string | null;
  iban?: string | null;
  account_number?: string | null;
  owner_name?: string | null;
}

/**
 * The `search_text` of an account (GET /accounts `q`): every text field of its record, folded. The IBAN is
 * also kept without spaces so that both "FR76 3000…" and "FR763000…" match. The status is left out (it has
 * its own filter and changes at every synchronization).
 */
export function accountSearchText(a: AccountTextFields): string {
  const parts = [a.name, a.reference, a.currency, a.type, a.usage, a.iban, a.iban?.replace(/\s+/g, ''), a.account_number, a.owner_name];
  return foldText(parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' '));
}
