import type { Transaction, TransactionStatus, Transfer } from './api/types';
import { foldLabel, foldSearchText, labelRanks } from './label-order';

/** A part of a split transaction (extension `splits`): amount in the row's currency. */
export type SplitPart = NonNullable<Transaction['splits']>[number];

/** The transfer a row is one side of (extension `transfer`): the link, the other side, confirmed by hand or not. */
export interface TxTransfer {
  id: string;
  other: string;
  confirmed: boolean;
}

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
  /** The parts the person split the row into, null when not split (reports count the parts). */
  splits: (SplitPart[] | null)[] = [];
  /** The transfer between the person's accounts the row is one side of, null when none (neither spending nor income). */
  transfers: (TxTransfer | null)[] = [];
  /** The payee the person gave the row (extension `payee`), '' when none; shown instead of the bank's label. */
  payeeIds: string[] = [];
  payeeNames: string[] = [];
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
      this.splits[i] = tx.splits?.length ? tx.splits : null;
      this.transfers[i] = tx.transfer ? { id: tx.transfer.id, other: tx.transfer.transaction_id, confirmed: tx.transfer.confirmed } : null;
      this.payeeIds[i] = tx.payee?.id ?? '';
      this.payeeNames[i] = tx.payee?.name ?? '';
      this.search[i] = searchText(label, notes, counterparty, userNote, tags, this.payeeNames[i]);
      this.sortLabels[i] = foldLabel(this.payeeNames[i] || label);
      if (tx.import_date > this.maxImportDate) this.maxImportDate = tx.import_date;
    }
    this.version++;
    return added;
  }

  /**
   * The person's edit of one row (PUT /transactions/{id} answered 204), applied in place so the history
   * shows it without reloading every row. Fields left out stay.
   */
  applyEdit(id: string, edit: { category_id?: string; user_note?: string | null; tags?: string[] }, payee?: { id: string; name: string } | null): boolean {
    const i = this.index.get(id);
    if (i === undefined) return false;
    if (edit.category_id !== undefined) {
      this.categories[i] = edit.category_id;
      this.categorySources[i] = 'USER';
      this.categoryRuleIds[i] = '';
    }
    if (edit.user_note !== undefined) this.userNotes[i] = edit.user_note?.trim() ?? '';
    if (edit.tags !== undefined) this.tags[i] = edit.tags;
    if (payee !== undefined) {
      this.payeeIds[i] = payee?.id ?? '';
      this.payeeNames[i] = payee?.name ?? '';
    }
    this.refreshText(i);
    this.version++;
    return true;
  }

  /** The parts saved for a row (PUT /transactions/{id}/splits answered 204); [] removes its split. */
  applySplits(id: string, parts: SplitPart[]): void {
    const i = this.index.get(id);
    if (i === undefined) return;
    this.splits[i] = parts.length ? parts : null;
    this.version++;
  }

  /**
   * Every transfer link of the person (GET /transfers, read after each synchronization: links found then
   * may concern rows loaded long before), replacing what the rows held.
   */
  applyTransfers(links: readonly Transfer[]): void {
    this.transfers = this.ids.map(() => null);
    for (const link of links) {
      const debit = this.index.get(link.debit_transaction_id);
      const credit = this.index.get(link.credit_transaction_id);
      if (debit !== undefined) this.transfers[debit] = { id: link.id, other: link.credit_transaction_id, confirmed: link.confirmed };
      if (credit !== undefined) this.transfers[credit] = { id: link.id, other: link.debit_transaction_id, confirmed: link.confirmed };
    }
    this.version++;
  }

  /** The label shown for a row: the person's payee when set, else the bank's label. */
  displayLabel(i: number): string {
    return this.payeeNames[i] || this.labels[i];
  }

  /**
   * A change the engine made to many rows at once without a new import date (a payee renamed, merged or
   * deleted; a category merged), applied in place: `payee` maps the payee ids to change to their new id and
   * name (null: no payee any more), `category` the category ids to their new id.
   */
  applyBulk(change: { payee?: { from: string; to: { id: string; name: string } | null }; category?: { from: string; to: string } }): number {
    let changed = 0;
    for (let i = 0; i < this.ids.length; i++) {
      if (change.category && this.categories[i] === change.category.from) {
        this.categories[i] = change.category.to;
        changed++;
      }
      if (change.payee && this.payeeIds[i] === change.payee.from) {
        this.payeeIds[i] = change.payee.to?.id ?? '';
        this.payeeNames[i] = change.payee.to?.name ?? '';
        this.refreshText(i);
        changed++;
      }
    }
    if (changed) this.version++;
    return changed;
  }

  private refreshText(i: number): void {
    this.search[i] = searchText(this.labels[i], this.notes[i], this.counterparties[i], this.userNotes[i], this.tags[i], this.payeeNames[i]);
    this.sortLabels[i] = foldLabel(this.payeeNames[i] || this.labels[i]);
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
    this.splits = pick(this.splits);
    this.transfers = pick(this.transfers);
    this.payeeIds = pick(this.payeeIds);
    this.payeeNames = pick(this.payeeNames);
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
    this.splits = [];
    this.transfers = [];
    this.payeeIds = [];
    this.payeeNames = [];
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

function searchText(label: string, notes: string, counterparty: string, userNote: string, tags: string[], payee: string): string {
  const own = userNote || tags.length || payee ? `\n${userNote}\n${tags.join('\n')}\n${payee}` : '';
  return foldSearchText(`${label}\n${notes}\n${counterparty}${own}`);
}

/** The one in-memory table of the signed-in user's transactions. */
export const txTable = new TxTable();
