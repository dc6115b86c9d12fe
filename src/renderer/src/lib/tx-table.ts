import type { Transaction, TransactionStatus } from './api/types';
import { foldLabel, foldSearchText, labelRanks } from './label-order';

/** Who filed a transaction under its category (left out by the engine when the automatic categorizer did). */
export type CategorySource = 'USER' | 'RULE' | 'LEARNED' | '';

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
  /** The person's own note (extension `user_note`), '' when none. */
  userNotes: string[] = [];
  /** The person's tags (extension `tags`). */
  tags: string[][] = [];
  categorySources: CategorySource[] = [];
  /** The rule that filed the row when its category source is RULE, else ''. */
  categoryRuleIds: string[] = [];
  /** Label, notes, counterparty, own note and tags folded (no accents, lower-case), for the free-text search. */
  search: string[] = [];
  /** Label folded, for sorting (see label-order.ts). */
  sortLabels: string[] = [];
  private index = new Map<string, number>();
  maxImportDate = 0;
  /** Bumped at every change, so what is derived from the rows (label ranks) knows when to be redone. */
  private version = 0;
  private ranks: { version: number; locale: string; ranks: Int32Array } | null = null;

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
      const userNote = tx.user_note ?? '';
      const tags = tx.tags ?? NO_TAGS;
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
      this.userNotes[i] = userNote;
      this.tags[i] = tags;
      this.categorySources[i] = tx.category_source ?? '';
      this.categoryRuleIds[i] = tx.category_rule_id ?? '';
      this.search[i] = searchText(label, notes, counterparty, userNote, tags);
      this.sortLabels[i] = foldLabel(label);
      if (tx.import_date > this.maxImportDate) this.maxImportDate = tx.import_date;
    }
    this.version++;
    return added;
  }

  /**
   * The person's edit of one row (PUT /transactions/{id} answered 204), applied in place so the history
   * shows it without reloading every row. Fields left out stay.
   */
  applyEdit(id: string, edit: { category_id?: string; user_note?: string | null; tags?: string[] }): boolean {
    const i = this.index.get(id);
    if (i === undefined) return false;
    if (edit.category_id !== undefined) {
      this.categories[i] = edit.category_id;
      this.categorySources[i] = 'USER';
      this.categoryRuleIds[i] = '';
    }
    if (edit.user_note !== undefined) this.userNotes[i] = edit.user_note?.trim() ?? '';
    if (edit.tags !== undefined) this.tags[i] = edit.tags;
    this.search[i] = searchText(this.labels[i], this.notes[i], this.counterparties[i], this.userNotes[i], this.tags[i]);
    this.version++;
    return true;
  }

  /** Each row's rank in the label order of this language (computed once per change of the rows). */
  labelRanks(locale: string): Int32Array {
    if (!this.ranks || this.ranks.version !== this.version || this.ranks.locale !== locale) {
      this.ranks = { version: this.version, locale, ranks: labelRanks(this.sortLabels, locale) };
    }
    return this.ranks.ranks;
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
    this.userNotes = pick(this.userNotes);
    this.tags = pick(this.tags);
    this.categorySources = pick(this.categorySources);
    this.categoryRuleIds = pick(this.categoryRuleIds);
    this.search = pick(this.search);
    this.sortLabels = pick(this.sortLabels);
    this.index = new Map(this.ids.map((id, i) => [id, i]));
    this.version++;
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
    this.userNotes = [];
    this.tags = [];
    this.categorySources = [];
    this.categoryRuleIds = [];
    this.search = [];
    this.sortLabels = [];
    this.index = new Map();
    this.maxImportDate = 0;
    this.version++;
  }
}

/** Shared by every row without tags (most of them): one array, not 100,000. */
// eslint-disable-next-line coffer/no-module-state -- one empty array never written to, shared by the rows without tags
const NO_TAGS: string[] = [];

function searchText(label: string, notes: string, counterparty: string, userNote: string, tags: string[]): string {
  const own = userNote || tags.length ? `\n${userNote}\n${tags.join('\n')}` : '';
  return foldSearchText(`${label}\n${notes}\n${counterparty}${own}`);
}

/** The one in-memory table of the signed-in user's transactions. */
export const txTable = new TxTable();
