import { NotFound, InvalidInput } from '../../domain/errors';
import { parseEnumList, type PageLimit } from '../../domain/list-input';
import { parseId } from '../../domain/record';
import { searchWords } from '../../domain/text-fold';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, ACCOUNT_USAGES, type AccountUsage } from '../../domain/values';
import type { AccountFilters, AccountRow } from '../../store/accounts';
import type { ServiceDeps } from '../deps';
import { createListedAccount, deleteAccount, putAccount } from './lifecycle';
import { accountRecord, type AccountRecord } from './record';

export interface AccountListQuery extends PageLimit {
  type?: string;
  q?: string;
  status?: string;
  connection_id?: string;
  usage?: string;
  sort?: string;
}

/** Checks the filters of GET /accounts (InvalidInput naming the parameter). */
export function accountFilters(query: AccountListQuery): AccountFilters {
  const filters: AccountFilters = {};
  if (query.type !== undefined) filters.types = parseEnumList('type', query.type, ACCOUNT_TYPES);
  if (query.status !== undefined) {
    const [status] = parseEnumList('status', query.status, ACCOUNT_STATUSES);
    if (query.status.includes(',')) throw new InvalidInput('query parameter status takes one account status');
    filters.status = status;
  }
  if (query.usage !== undefined) {
    if (!(ACCOUNT_USAGES as readonly string[]).includes(query.usage)) {
      throw new InvalidInput(`query parameter usage must be one of ${ACCOUNT_USAGES.join(', ')}`);
    }
    filters.usage = query.usage as AccountUsage;
  }
  // Ids are opaque: one that is not ours matches nothing rather than failing.
  if (query.connection_id !== undefined) filters.connectionId = parseId(query.connection_id) ?? -1;
  if (query.q !== undefined) filters.words = searchWords(query.q);
  return filters;
}

/** The account use cases (routes/accounts.ts, routes/professional-accounts.ts), bound to the engine's dependencies. */
export function createAccountService(deps: ServiceDeps) {
  const { store } = deps;
  /** The caller's account by its id as given in a path; NotFound when it is not one of theirs. */
  function owned(userId: number, idText: string): AccountRow {
    const account = store.accounts.findOwned(userId, parseId(idText));
    if (!account) throw NotFound.of('account', idText);
    return account;
  }
  return {
    owned,
    /** GET /accounts: the caller's accounts matching the filters, one page, and the total count. */
    list(userId: number, query: AccountListQuery): { records: AccountRecord[]; total: number } {
      const { rows, total } = store.accounts.list(userId, accountFilters(query), query.sort, query);
      return { records: rows.map(accountRecord), total };
    },
    /** POST /accounts: adds an account listed NEW; answers its record. */
    createListed(userId: number, connectionIdText: string, reference: string): { id: number; created: boolean; record: AccountRecord } {
      const { id, created } = createListedAccount(deps, userId, connectionIdText, reference);
      return { id, created, record: accountRecord(store.accounts.findOwned(userId, id)!) };
    },
    put: (account: AccountRow, body: { name: string; status: 'ACTIVE' | 'CLOSED' }) => putAccount(deps, account, body),
    delete: (account: AccountRow) => deleteAccount(deps, account),
    /** PUT /accounts/{id}/preferences (extension): hiding from totals changes nothing else (it still synchronizes). */
    setPreferences: (account: AccountRow, preferences: { hidden_from_totals: boolean }): void =>
      store.accounts.setHiddenFromTotals(account.id, preferences.hidden_from_totals),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
