/**
 * Writes the records of an import: new ids, and the links between records (an account's connection, a
 * transaction's account and rule) following the new ids. Connections come without credentials: their
 * channels start NEEDS_SECRET, so the person gives their credentials again before the next synchronization.
 * The caller runs each call of `write` in a transaction; lists come in the documented order.
 */
import { customCategoryId, customCategoryRowId } from '../../domain/own-categories';
import { connectionStatusFromChannels } from '../../domain/connection-status';
import type { KnownIds } from '../../domain/export-check';
import { MANUAL_PROVIDER_ID } from '../../domain/manual-ledger';
import { EXPORT_LISTS, importedChannelStatus, storedRow, type ExportList, type ExportedRecord } from '../../domain/export-document';
import type { ChannelStatus } from '../../domain/values';
import type { Store } from '../../store';

export type ImportCounts = Record<ExportList, number>;

export const USER_HAS_DATA =
  'this profile already has data (connections, rules or learnt categories): an import only goes into an empty profile. ' +
  'Export this profile if it is to be kept, delete it, create a new one, then import the file there.';

/** The providers, channels and categories this engine knows, which imported records may name. */
export function knownIds(store: Store): KnownIds {
  const providers = store.providers.all();
  const categories = new Map<unknown, boolean>();
  return {
    // The catalogue leaves out the provider of manual connections (nothing to connect to); their records name it.
    providers: new Set([...providers.map((p) => p.id), MANUAL_PROVIDER_ID]),
    channelDefinitions: new Set(providers.flatMap((p) => p.channel_definitions.map((d) => d.id))),
    categories: {
      has(id) {
        if (typeof id !== 'string') return false;
        let known = categories.get(id);
        if (known === undefined) categories.set(id, (known = store.categories.exists(id)));
        return known;
      },
    },
  };
}

export class RecordWriter {
  private readonly connections = new Map<unknown, number>();
  private readonly accounts = new Map<unknown, number>();
  private readonly rules = new Map<unknown, number>();
  private readonly ownCategories = new Map<number, number>();
  private readonly payees = new Map<unknown, number>();
  private readonly base: { user_id: number; now: number };

  constructor(private readonly store: Store, userId: number, now: number) {
    this.base = { user_id: userId, now };
  }

  write(list: ExportList, records: readonly ExportedRecord[]): void {
    for (const r of records) this.writeOne(list, r, storedRow(r, EXPORT_LISTS[list]));
  }

  /** A rule's conditions with the accounts it names given their new ids (a rule never files another account). */
  private importedConditions(stored: string | number | null | undefined): string | null {
    if (typeof stored !== 'string') return null;
    const conditions = JSON.parse(stored) as { account_ids?: unknown[] };
    if (Array.isArray(conditions.account_ids))
      conditions.account_ids = conditions.account_ids.map((old) => String(this.accounts.get(Number(old)) ?? 0));
    return JSON.stringify(conditions);
  }

  /** A category id of the document as stored here: a person's own category gets the id it was given now. */
  private category(id: string): string {
    const own = customCategoryRowId(id);
    return own === null ? id : customCategoryId(this.ownCategories.get(own)!);
  }

  private writeOne(list: ExportList, r: ExportedRecord, row: ReturnType<typeof storedRow>): void {
    const data = this.store.userData;
    switch (list) {
      case 'connections':
        // NONE until its channels arrive (a manual connection has none); each channel then sets it.
        this.connections.set(r.id, data.insertConnection({ ...row, ...this.base, status: 'NONE' }));
        return;
      case 'channels': {
        const connectionId = this.connections.get(r.connection_id)!;
        data.insertChannel({ ...row, connection_id: connectionId, status: importedChannelStatus(r.status as string) });
        const statuses = data.channelStatuses(connectionId) as ChannelStatus[];
        data.setConnectionStatus(connectionId, connectionStatusFromChannels(statuses));
        return;
      }
      case 'deleted_accounts':
        data.insertDeletedAccount({ ...row, connection_id: this.connections.get(r.connection_id)! });
        return;
      case 'accounts':
        this.accounts.set(r.id, data.insertAccount({ ...row, ...this.base, connection_id: this.connections.get(r.connection_id)! }));
        return;
      case 'balance_history':
        data.insertBalance({ ...row, account_id: this.accounts.get(r.account_id)! });
        return;
      case 'own_categories':
        this.ownCategories.set(r.id as number, data.insertOwnCategory({ ...row, ...this.base }));
        return;
      case 'payees':
        this.payees.set(r.id, data.insertPayee({ ...row, ...this.base }));
        return;
      case 'rules':
        this.rules.set(
          r.id,
          data.insertRule({ ...row, ...this.base, conditions: this.importedConditions(row.conditions), category_id: this.category(r.category_id as string) }),
        );
        return;
      case 'category_corrections':
        data.insertCorrection({ ...row, ...this.base, category_id: this.category(r.category_id as string) });
        return;
      case 'transactions': {
        const ruleId = r.category_rule_id === null || r.category_rule_id === undefined ? null : this.rules.get(r.category_rule_id)!;
        const payeeId = r.payee_id === null || r.payee_id === undefined ? null : this.payees.get(r.payee_id)!;
        const links = { account_id: this.accounts.get(r.account_id)!, category_rule_id: ruleId, payee_id: payeeId };
        data.insertTransaction({ ...row, ...this.base, ...links, category_id: this.category(r.category_id as string) });
        return;
      }
      default:
        this.writeLedgerLink(list, row);
    }
  }

  /**
   * A split's part, a transfer link or an unlinked pair: its transactions found by their new account and
   * provider key. A record whose transaction is not in the file names nothing and is not written (an
   * export made by Coffer always holds both).
   */
  private writeLedgerLink(list: ExportList, row: ReturnType<typeof storedRow>): void {
    const data = this.store.userData;
    const find = (account: unknown, key: unknown) => {
      const accountId = this.accounts.get(account);
      return accountId === undefined ? undefined : data.transactionIdByKey(accountId, key as string);
    };
    if (list === 'transaction_splits') {
      const transactionId = find(row.account_id, row.provider_key);
      if (transactionId !== undefined) data.insertSplit({ ...row, transaction_id: transactionId, category_id: this.category(row.category_id as string) });
      return;
    }
    const debitId = find(row.debit_account_id, row.debit_provider_key);
    const creditId = find(row.credit_account_id, row.credit_provider_key);
    if (debitId === undefined || creditId === undefined) return;
    if (list === 'transfer_links') data.insertTransferLink({ ...row, ...this.base, debit_id: debitId, credit_id: creditId });
    else if (list === 'transfer_refusals') data.insertTransferRefusal({ debit_id: debitId, credit_id: creditId });
  }
}
