import type { Transaction, TransactionStatus } from './api/types';

/**
 * Every loaded transaction, kept as parallel arrays (one per field) rather than 100 000 objects: compact,
 * fast to scan when filtering, and cheap to sort through an index permutation. Rows are found by id.
 */
export class TxTable {
  ids: string[] = [];
  accountIds: string[] = [];
  amounts: number[] = [];
  currencies: string[] = [];
  dates: number[] = [];
  importDates: number[] = [];
  bookingDates: (number | undefined)[] = [];
  valueDates: (number | undefined)[] = [];
  labels: string[] = [];
  notes: string[] = [];
  counterparties: string[] = [];
  categories: string[] = [];
  statuses: TransactionStatus[] = [];
  types: string[] = [];
  /** Lower-cased label + notes + counterparty, for the free-text search. */
  search: string[] = [];
  /** Label lower-cased, for sorting. */
  sortLabels: string[] = [];
  private index = new Map<string, number>();
  maxImportDate = 0;

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  indexOf(id: string): number {
    return this.index.get(id) ?? -1;
  }

  /** Adds new rows and updates known ones in place; returns how many were new. */
  upsert(rows: readonly Transaction[]): number {
    let added = 0;
    for (const tx of rows) {
      let i = this.index.get(tx.id);
      if (i === undefined) {
        i = this.ids.length;
        this.index.set(tx.id, i);
        this.ids.push(tx.id);
        added++;
      }
      const label = tx.label ?? '';
      const notes = tx.notes ?? '';
      const counterparty = tx.source?.label ?? '';
      this.accountIds[i] = tx.account_id;
      this.amounts[i] = tx.amount;
      this.currencies[i] = tx.currency;
      this.dates[i] = tx.date;
      this.importDates[i] = tx.import_date;
      this.bookingDates[i] = tx.booking_date;
      this.valueDates[i] = tx.value_date;
      this.labels[i] = label;
      this.notes[i] = notes;
      this.counterparties[i] = counterparty;
      this.categories[i] = tx.category_id ?? 'UNCATEGORIZED';
      this.statuses[i] = tx.status;
      this.types[i] = tx.type ?? 'OTHER';
      this.search[i] = `${label}\n${notes}\n${counterparty}`.toLowerCase();
      this.sortLabels[i] = label.toLowerCase();
      if (tx.import_date > this.maxImportDate) this.maxImportDate = tx.import_date;
    }
    return added;
  }

  /** Removes every row of these accounts (a deleted account or connection). Returns how many went. */
  removeAccounts(accountIds: ReadonlySet<string>): number {
    const keep: number[] = [];
    for (let i = 0; i < this.ids.length; i++) if (!accountIds.has(this.accountIds[i])) keep.push(i);
    const removed = this.ids.length - keep.length;
    if (removed === 0) return 0;
    const pick = <T>(arr: T[]) => keep.map((i) => arr[i]);
    this.ids = pick(this.ids);
    this.accountIds = pick(this.accountIds);
    this.amounts = pick(this.amounts);
    this.currencies = pick(this.currencies);
    this.dates = pick(this.dates);
    this.importDates = pick(this.importDates);
    this.bookingDates = pick(this.bookingDates);
    this.valueDates = pick(this.valueDates);
    this.labels = pick(this.labels);
    this.notes = pick(this.notes);
    this.counterparties = pick(this.counterparties);
    this.categories = pick(this.categories);
    this.statuses = pick(this.statuses);
    this.types = pick(this.types);
    this.search = pick(this.search);
    this.sortLabels = pick(this.sortLabels);
    this.index = new Map(this.ids.map((id, i) => [id, i]));
    return removed;
  }

  countForAccounts(accountIds: ReadonlySet<string>): number {
    let n = 0;
    for (let i = 0; i < this.accountIds.length; i++) if (accountIds.has(this.accountIds[i])) n++;
    return n;
  }

  clear(): void {
    this.ids = [];
    this.accountIds = [];
    this.amounts = [];
    this.currencies = [];
    this.dates = [];
    this.importDates = [];
    this.bookingDates = [];
    this.valueDates = [];
    this.labels = [];
    this.notes = [];
    this.counterparties = [];
    this.categories = [];
    this.statuses = [];
    this.types = [];
    this.search = [];
    this.sortLabels = [];
    this.index = new Map();
    this.maxImportDate = 0;
  }
}

/** The one in-memory table of the signed-in user's transactions. */
export const txTable = new TxTable();
