import { collapseSpaces, type LabelCleaner } from './clean-label';
import type { ParsedTransaction, TransactionType } from './types';

export interface TransactionFields {
  providerKey?: string;
  date: number;
  valueDate?: number;
  amount: string;
  /** Info fields, joined with ' ' (empty ones skipped) into rawText. */
  texts: (string | undefined)[];
  /** Text the label is cleaned from; defaults to rawText. */
  labelSource?: string;
  counterparty?: string;
  reference?: string;
  remittanceInformation?: string[];
  type: TransactionType;
  status: 'BOOKED' | 'PENDING';
  location: string;
}

function present(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  return v === '' ? undefined : v;
}

/** Builds a ParsedTransaction without undefined-valued keys. */
export function makeTransaction(f: TransactionFields, labels: Pick<LabelCleaner, 'clean'>): ParsedTransaction {
  let rawText = '';
  for (const t of f.texts) {
    if (t === undefined || t === '') continue;
    const v = collapseSpaces(t);
    if (v !== '') rawText = rawText === '' ? v : `${rawText} ${v}`;
  }
  const tx: ParsedTransaction = {
    date: f.date,
    amount: f.amount,
    rawText,
    label: labels.clean(f.labelSource !== undefined && f.labelSource.trim() !== '' ? f.labelSource : rawText),
    type: f.type,
    status: f.status,
    location: f.location,
  };
  const providerKey = present(f.providerKey);
  if (providerKey !== undefined) tx.providerKey = providerKey;
  if (f.valueDate !== undefined) tx.valueDate = f.valueDate;
  const counterparty = present(f.counterparty);
  if (counterparty !== undefined) tx.counterparty = collapseSpaces(counterparty);
  const reference = present(f.reference);
  if (reference !== undefined) tx.reference = reference;
  if (f.remittanceInformation && f.remittanceInformation.length > 0) tx.remittanceInformation = f.remittanceInformation;
  return tx;
}
