/**
 * Writes the result of one channel run in ONE database transaction (see docs/api/synchronization.md#one-transaction):
 * accounts added or refreshed, balances, transactions, balance history, statuses, the LIST_ACCOUNTS listing, the
 * channel and run rows, the connection status and the run's events. Either all of it lands or none of it (a crash, a
 * kill or an error mid-write leaves the previous data intact). Nothing is written once the run was cancelled.
 */
import { ledgerAfterResults } from './ledger-after-results';
import type { CatalogueProvider } from '../catalogue/providers';
import type { ProviderAccount } from '../connectors/types';
import { currencyExponent, minorToDecimal, minorToNumber } from '../domain/money';
import type { EventWriter } from '../events/emit';
import type { PublishedEvent } from '../events/engine-events';
import { accountSearchText } from '../domain/account-search-text';
import type { ConnectionRow } from '../store/connections';
import { accountStatusAfterSync } from '../domain/account-status';
import type { AccountStatus, ChannelStatus } from '../domain/values';
import type { Settings } from '../settings';
import type { Store } from '../store';
import type { SyncedAccountRow } from '../store/account-sync';
import { accountsOfFailedRun, type AccountOutcome, type PlannedAccount } from './account-plan';
import { listEntry, missingEntryPayload, storedAsListEntry } from './list-entries';
import type { CheckedAccount, PreparedFetch } from './provider-data';
import { readPlanBasis, revalidatePlan, type PlanBasis, type PlanScope, type RunPlan } from './run-plan';
import { refreshConnectionStatus } from './statuses';

export interface ChannelResults {
  connectionId: number;
  channelId: number;
  channelDefinitionId: string;
  runId: number;
  type: 'ALL' | 'LIST_ACCOUNTS';
  /** The run's time: import_date of new transactions, last_end_date… */
  runTime: number;
  status: ChannelStatus;
  error?: string;
  accountIds?: ReadonlySet<number>;
  /** What the provider listed (runs that got that far), with the run's plan made from it. */
  listed?: CheckedAccount[];
  planned?: RunPlan;
  fetched: ReadonlyMap<string, PreparedFetch>;
  outcomes: ReadonlyMap<string, AccountOutcome>;
  /** Saved only when the run succeeded (SUCCESS, PARTIAL_SUCCESS). */
  connectorState?: Record<string, unknown>;
  /** REDIRECT consent end. */
  expires?: number;
  /** A LIST_ACCOUNTS run followed at once by an ALL run of the same channel: the channel stays RUNNING. */
  followedByAll: boolean;
  /** Only `aborted` is read (once, at the start of the transaction): the results writer thread sees a copy. */
  signal: { readonly aborted: boolean };
  /**
   * More writes that belong with the results: a settings row (the provider's bank state), as data so that
   * the results can be written on another thread (results-writer.ts).
   */
  alsoWrite?: SettingWrite;
}

/** One row of the `settings` table to write with the results. */
export interface SettingWrite {
  key: string;
  value: unknown;
}

export interface WrittenResults {
  newTransactions: number;
  accountCount: number;
  /** Accounts of the connection waiting for consent after this run. */
  pendingConsent: number;
  events: PublishedEvent[];
  connectionStatus: string;
}

export interface ResultsDeps {
  store: Pick<Store, 'syncRuns' | 'accountSync' | 'transactionWrites' | 'settings' | 'transferLinks' | 'transactionSplits' | 'fxRates' | 'transaction'>;
  eventWriter: EventWriter;
  settings: Pick<Settings, 'get'>;
  now(): number;
  /** The catalogue entry of a provider (its channel definitions' account types). */
  catalogueProvider(providerId: string): CatalogueProvider | undefined;
}

const SUCCEEDED: ReadonlySet<string> = new Set(['SUCCESS', 'PARTIAL_SUCCESS']);
const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);

/** What the account writes of one run add up to. */
interface AccountWrites {
  newTransactions: number;
  addedForConsent: number;
  ownerName?: string;
  toSettle: Array<{ id: number; fetched: PreparedFetch }>;
}

/** Writes everything; null when nothing was written (run cancelled, connection gone or closed meanwhile). */
export function writeChannelResults(deps: ResultsDeps, r: ChannelResults): WrittenResults | null {
  let rows = 0;
  for (const f of r.fetched.values()) rows += f.transactions.length;
  const writes = deps.store.transactionWrites;
  return writes.withBoundedPageCache(rows, () => deps.store.syncRuns.atomically(() => writeAll(deps, r, rows)));
}

function writeAll(deps: ResultsDeps, r: ChannelResults, rows: number): WrittenResults | null {
  const connection = liveTarget(deps, r);
  if (!connection) return null;
  const basis = readPlanBasis(
    deps.store,
    deps.catalogueProvider(connection.provider_id),
    connection.id,
    connection.consent_per_account === 1,
  );
  const writes: AccountWrites = { newTransactions: 0, addedForConsent: 0, toSettle: [] };
  let listEntries: Record<string, unknown>[] = [];
  if (r.listed) {
    const plan = currentPlan(r, basis);
    deps.store.transactionWrites.withBulkLoad(rows, () => writeAccounts(deps, r, connection, basis, plan, writes));
    for (const { id, fetched } of writes.toSettle)
      deps.store.transactionWrites.settle({ id, userId: connection.user_id }, fetched, r.runTime);
    // The person's ledger follows what was written: transfers linked, splits refitted.
    ledgerAfterResults(deps, connection.user_id, r.runTime, deps.now());
    if (r.type === 'LIST_ACCOUNTS') listEntries = writeListing(deps, r, basis, plan);
  } else {
    markAccountsOfFailedRun(deps, r, basis);
  }
  const connectionStatus = endChannelAndRun(deps, r, connection, writes);
  if (r.alsoWrite) deps.store.settings.set(r.alsoWrite.key, r.alsoWrite.value);
  return emitRunEvents(deps, r, connection, writes, listEntries, connectionStatus);
}

/** The connection and channel the results are for, unless the run was cancelled or they went away. */
function liveTarget(deps: ResultsDeps, r: ChannelResults): ConnectionRow | undefined {
  if (r.signal.aborted) return undefined;
  const connection = deps.store.syncRuns.connection(r.connectionId);
  if (!connection || connection.status === 'CLOSED') return undefined;
  if (!deps.store.syncRuns.channel(r.channelId)) return undefined;
  return connection;
}

function currentPlan(r: ChannelResults, basis: PlanBasis): PlannedAccount[] {
  const scope: PlanScope = {
    type: r.type,
    channelDefinitionId: r.channelDefinitionId,
    accountIds: r.accountIds,
  };
  const listed = r.listed!.map((c) => c.account);
  const planned = r.planned ?? { plan: [], fingerprint: '' };
  return revalidatePlan(planned, scope, basis, listed);
}

function writeAccounts(
  deps: ResultsDeps,
  r: ChannelResults,
  connection: ConnectionRow,
  basis: PlanBasis,
  plan: readonly PlannedAccount[],
  writes: AccountWrites,
): void {
  const storedById = new Map(basis.stored.map((s) => [s.id, s]));
  for (const p of plan) {
    const outcome = r.outcomes.get(p.reference);
    const fetched = outcome === 'SYNCED' ? r.fetched.get(p.reference) : undefined;
    if (p.listed?.owner?.name && !writes.ownerName) writes.ownerName = p.listed.owner.name;
    if (p.action === 'insert' && p.listed) insertAccount(deps, r, connection, p, outcome, fetched, writes);
    else if (p.action === 'update' && p.stored)
      updateAccount(deps, r, connection, p, storedById.get(p.stored.id)!, outcome, fetched, writes);
  }
}

function insertAccount(
  deps: ResultsDeps,
  r: ChannelResults,
  connection: ConnectionRow,
  p: PlannedAccount,
  outcome: AccountOutcome | undefined,
  fetched: PreparedFetch | undefined,
  writes: AccountWrites,
): void {
  // Planned for a fetch but not fetched (a plan made again on a database that changed meanwhile): left for
  // the next run.
  if (p.fetch && !outcome) return;
  const listed = p.listed!;
  const status: AccountStatus = p.fixedStatus ?? accountStatusAfterSync(r.status, outcome ?? 'FAILED') ?? 'ACTIVE';
  const account: ProviderAccount = fetched
    ? {
        ...listed,
        balance: minorToDecimal(fetched.balanceMinor, currencyExponent(listed.currency)),
        balance_date: fetched.balanceDate,
      }
    : listed;
  const id = deps.store.accountSync.insert({
    connectionId: connection.id,
    userId: connection.user_id,
    account,
    status,
    channelDefinitionId: p.link,
    now: r.runTime,
  });
  if (status === 'PENDING_CONSENT') writes.addedForConsent++;
  if (p.undelete) deps.store.accountSync.undelete(connection.id, p.reference);
  if (fetched) storeTransactions(deps, r, connection, id, fetched, writes);
}

function updateAccount(
  deps: ResultsDeps,
  r: ChannelResults,
  connection: ConnectionRow,
  p: PlannedAccount,
  s: SyncedAccountRow,
  outcome: AccountOutcome | undefined,
  fetched: PreparedFetch | undefined,
  writes: AccountWrites,
): void {
  const accounts = deps.store.accountSync;
  if (p.missing) {
    accounts.setStatus(s.id, accountStatusAfterSync(r.status, 'NOT_FOUND', s.status) ?? s.status);
    return;
  }
  let status: AccountStatus = s.status;
  if (p.fixedStatus) status = p.fixedStatus;
  else if (p.fetch && outcome) status = accountStatusAfterSync(r.status, outcome, s.status) ?? s.status;
  if (s.status === 'CLOSED') return;
  const listed = p.listed!;
  const ownerName = listed.owner?.name ?? null;
  accounts.refresh(s.id, {
    iban: listed.iban ?? null,
    accountNumber: listed.account_number ?? null,
    usage: listed.usage,
    ownerName,
    paymentSource: flag(listed.payment_source),
    paymentDestination: flag(listed.payment_destination),
    savings: listed.savings ? JSON.stringify(listed.savings) : null,
    loan: listed.loan ? JSON.stringify(listed.loan) : null,
    link: p.link ?? s.last_channel_definition_id,
    status,
    searchText: accountSearchText({
      ...s,
      usage: listed.usage,
      iban: listed.iban ?? null,
      account_number: listed.account_number ?? null,
      owner_name: ownerName,
    }),
  });
  if (fetched) {
    accounts.setBalance(s.id, fetched.balanceMinor, fetched.balanceDate);
    storeTransactions(deps, r, connection, s.id, fetched, writes);
  }
}

function storeTransactions(
  deps: ResultsDeps,
  r: ChannelResults,
  connection: ConnectionRow,
  accountId: number,
  fetched: PreparedFetch,
  writes: AccountWrites,
): void {
  const account = { id: accountId, userId: connection.user_id };
  writes.newTransactions += deps.store.transactionWrites.upsertFetched(account, fetched, r.runTime).inserted;
  writes.toSettle.push({ id: accountId, fetched });
}

/** LIST_ACCOUNTS: the channel's listing (`listed_accounts`) replaced, and the entries of its event. */
function writeListing(
  deps: ResultsDeps,
  r: ChannelResults,
  basis: PlanBasis,
  plan: readonly PlannedAccount[],
): Record<string, unknown>[] {
  const runs = deps.store.syncRuns;
  const storedById = new Map(basis.stored.map((s) => [s.id, s]));
  const balances = new Map(r.listed!.map((c) => [c.account.reference, c.balanceMinor]));
  const entries: Record<string, unknown>[] = [];
  runs.clearListing(r.connectionId, r.channelDefinitionId);
  for (const p of plan) {
    if (!p.listStatus) continue;
    if (p.listed) {
      const a = p.listed;
      runs.putListed(r.connectionId, p.reference, r.channelDefinitionId, p.listStatus, JSON.stringify(a), r.runTime);
      const balance = minorToNumber(balances.get(a.reference) ?? 0, currencyExponent(a.currency));
      entries.push(listEntry(r.connectionId, p.listStatus, { ...a, balance }));
    } else if (p.stored) {
      const s = storedById.get(p.stored.id)!;
      const payload = JSON.stringify(missingEntryPayload(s, r.runTime));
      runs.putListed(r.connectionId, p.reference, r.channelDefinitionId, 'MISSING', payload, r.runTime);
      entries.push(listEntry(r.connectionId, 'MISSING', storedAsListEntry(s)));
    }
  }
  return entries;
}

/** A run that listed nothing: the accounts it owns take the failure's status. */
function markAccountsOfFailedRun(deps: ResultsDeps, r: ChannelResults, basis: PlanBasis): void {
  const self = basis.channels.find((c) => c.channelDefinitionId === r.channelDefinitionId);
  for (const s of accountsOfFailedRun({
    channelDefinitionId: r.channelDefinitionId,
    coveredTypes: self?.accountTypes ?? [],
    channels: basis.channels,
    stored: basis.stored,
    accountIds: r.accountIds,
  })) {
    deps.store.accountSync.setStatus(s.id, accountStatusAfterSync(r.status, 'FAILED', s.status) ?? s.status);
  }
}

/** The channel and run rows end; the connection's status follows, and its next automatic date. */
function endChannelAndRun(
  deps: ResultsDeps,
  r: ChannelResults,
  connection: ConnectionRow,
  writes: AccountWrites,
): string {
  const runs = deps.store.syncRuns;
  const succeeded = SUCCEEDED.has(r.status);
  const error = succeeded ? null : (r.error ?? null);
  runs.endChannel(r.channelId, {
    status: r.followedByAll ? 'RUNNING' : r.status,
    endDate: r.runTime,
    succeeded,
    expires: r.expires ?? null,
    connectorState: succeeded && r.connectorState ? JSON.stringify(r.connectorState) : null,
    error,
  });
  runs.endRun(r.runId, r.status, r.runTime, writes.newTransactions, error);
  if (writes.ownerName) runs.setOwnerNameIfUnset(connection.id, writes.ownerName);
  const connectionStatus = refreshConnectionStatus(runs, connection.id);
  if (connectionStatus !== 'RUNNING' && connection.auto_sync === 1) {
    const hours = Number(deps.settings.get('sync_interval_hours')) || 12;
    runs.setNextSync(connection.id, deps.now() + Math.round(hours * 3600));
  }
  return connectionStatus;
}

function emitRunEvents(
  deps: ResultsDeps,
  r: ChannelResults,
  connection: ConnectionRow,
  writes: AccountWrites,
  listEntries: Record<string, unknown>[],
  connectionStatus: string,
): WrittenResults {
  const accountCount = deps.store.accountSync.count(connection.id);
  const pendingConsent = deps.store.accountSync.pendingConsentCount(connection.id);
  const events: PublishedEvent[] = [];
  const base = { userId: connection.user_id, connectionId: connection.id, channelDefinitionId: r.channelDefinitionId };
  const newTransactions = writes.newTransactions;
  const channelRun = { status: r.status, newTransactions: newTransactions > 0, accountCount, type: r.type };
  if (!r.followedByAll) events.push(deps.eventWriter.emit({ ...base, eventType: r.status, channelRun }));
  // Accounts wait for consent: after a listing that leaves some waiting, or any run that added some.
  if (writes.addedForConsent > 0 || (r.type === 'LIST_ACCOUNTS' && r.listed && pendingConsent > 0)) {
    events.push(deps.eventWriter.emit({ ...base, eventType: 'CONSENT_REQUIRED' }));
  }
  if (r.type === 'LIST_ACCOUNTS' && r.listed) {
    events.push(
      deps.eventWriter.emit({
        ...base,
        eventType: 'LIST_ACCOUNTS_SUCCESS',
        payload: { list_accounts_success: { accounts: listEntries } },
      }),
    );
  }
  return { newTransactions, accountCount, pendingConsent, events, connectionStatus };
}
