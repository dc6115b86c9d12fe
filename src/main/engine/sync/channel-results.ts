/**
 * Writes the result of one channel run in ONE database transaction (C8): accounts added or refreshed,
 * balances, transactions, balance history, statuses, the LIST_ACCOUNTS listing, the channel and run rows,
 * the connection status and the run's events. Either all of it lands or none of it (a crash, a kill or an
 * error mid-write leaves the previous data intact). Nothing is written once the run was cancelled.
 */
import { catalogueProvider } from '../catalogue/providers';
import type { ProviderAccount } from '../connectors/types';
import type { EngineContext } from '../context';
import { currencyExponent, minorToDecimal, minorToNumber } from '../domain/money';
import { emitEvent } from '../events/emit';
import type { PublishedEvent } from '../events/event-bus';
import { insertProviderAccount } from '../resources/accounts/write';
import { accountSearchText } from '../resources/accounts/search-text';
import type { ConnectionRow } from '../resources/connections/rows';
import { accountStatusAfterSync } from '../resources/rules/account-status';
import type { LinkableChannel } from '../resources/rules/channel-linking';
import type { AccountStatus, AccountType, ChannelStatus } from '../resources/values';
import { accountsOfFailedRun, planAccounts, type AccountOutcome, type StoredAccount } from './account-plan';
import type { CheckedAccount, PreparedFetch } from './provider-data';
import { withBulkLoad } from './bulk-load';
import { refreshConnectionStatus } from './statuses';
import type { TransactionStore } from './transaction-store';

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
  /** What the provider listed (runs that got that far). */
  listed?: CheckedAccount[];
  fetched: ReadonlyMap<string, PreparedFetch>;
  outcomes: ReadonlyMap<string, AccountOutcome>;
  /** Saved only when the run succeeded (SUCCESS, PARTIAL_SUCCESS). */
  connectorState?: Record<string, unknown>;
  /** REDIRECT consent end. */
  expires?: number;
  /** A LIST_ACCOUNTS run followed at once by an ALL run of the same channel: the channel stays RUNNING. */
  followedByAll: boolean;
  signal: AbortSignal;
  /** More writes that belong with the results (the provider's bank state). */
  alsoWrite?: () => void;
}

export interface WrittenResults {
  newTransactions: number;
  accountCount: number;
  /** Accounts of the connection waiting for consent after this run. */
  pendingConsent: number;
  events: PublishedEvent[];
  connectionStatus: string;
}

interface StoredRow extends StoredAccount {
  name: string;
  currency: string;
  balance: number;
  balance_date: number | null;
  account_number: string | null;
  payment_source: number | null;
  payment_destination: number | null;
  savings: string | null;
}

const SUCCEEDED: ReadonlySet<string> = new Set(['SUCCESS', 'PARTIAL_SUCCESS']);
const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);

export function linkableChannels(
  ctx: Pick<EngineContext, 'db'>,
  connection: Pick<ConnectionRow, 'id' | 'provider_id'>,
): LinkableChannel[] {
  const provider = catalogueProvider(ctx.db, connection.provider_id);
  return ctx.db
    .prepare<[number], { channel_definition_id: string; mode: 'REDIRECT' | 'EMBEDDED'; status: ChannelStatus }>(
      'SELECT channel_definition_id, mode, status FROM channels WHERE connection_id = ? ORDER BY id',
    )
    .all(connection.id)
    .map((c) => ({
      channelDefinitionId: c.channel_definition_id,
      mode: c.mode,
      status: c.status,
      accountTypes: provider?.channel_definitions.find((d) => d.id === c.channel_definition_id)?.account_types ?? [],
    }));
}

export function storedAccounts(ctx: Pick<EngineContext, 'db'>, connectionId: number): StoredRow[] {
  return ctx.db
    .prepare<[number], StoredRow>(
      `SELECT id, reference, type, status, usage, last_channel_definition_id, name, currency, balance, balance_date,
              account_number, payment_source, payment_destination, savings
         FROM accounts WHERE connection_id = ? ORDER BY id`,
    )
    .all(connectionId);
}

export function deletedReferences(ctx: Pick<EngineContext, 'db'>, connectionId: number): Set<string> {
  return new Set(
    ctx.db
      .prepare<[number], string>('SELECT reference FROM deleted_accounts WHERE connection_id = ?')
      .pluck()
      .all(connectionId),
  );
}

/** An entry of `list_accounts_success.accounts` (interface.md Events). */
function listEntry(
  connectionId: number,
  status: 'NEW' | 'PRESENT' | 'MISSING',
  a: {
    reference: string;
    name: string;
    currency: string;
    type: AccountType | string;
    balance: number;
    balance_date?: number | null;
    account_number?: string | null;
    payment_source?: boolean;
    payment_destination?: boolean;
    savings?: unknown;
  },
): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    reference: a.reference,
    name: a.name,
    currency: a.currency,
    balance: a.balance,
    status,
    type: a.type,
    connection_id: String(connectionId),
  };
  if (a.balance_date !== null && a.balance_date !== undefined) entry.balance_date = a.balance_date;
  if (a.account_number) entry.account_number = a.account_number;
  if (a.payment_destination !== undefined) entry.payment_destination = a.payment_destination;
  if (a.payment_source !== undefined) entry.payment_source = a.payment_source;
  if (a.type === 'SAVINGS' && a.savings) entry.savings = servedSavings(a.savings);
  return entry;
}

function servedSavings(savings: unknown): unknown {
  if (!savings || typeof savings !== 'object') return undefined;
  const s = savings as Record<string, unknown>;
  const out: Record<string, unknown> = { ...s };
  if (typeof s.invested_raw === 'string') out.invested_raw = Number(s.invested_raw);
  const gain = s.capital_gain as Record<string, unknown> | undefined;
  if (gain && typeof gain.amount === 'string') out.capital_gain = { ...gain, amount: Number(gain.amount) };
  return out;
}

/** Writes everything; null when nothing was written (run cancelled, connection gone or closed meanwhile). */
export function writeChannelResults(
  ctx: EngineContext,
  store: TransactionStore,
  r: ChannelResults,
): WrittenResults | null {
  let rows = 0;
  for (const f of r.fetched.values()) rows += f.transactions.length;
  return withBoundedPageCache(ctx.db, rows, () => writeAll(ctx, store, r));
}

/** Above this many rows, a write streams through a small page cache (see withBoundedPageCache). */
const BULK_ROWS = 20_000;
const BULK_CACHE_KIB = 8 * 1024;

/**
 * A large results transaction dirties far more pages than it will read again: with the connection's usual
 * page cache (64 MiB) it would hold them all in memory until the commit. For the time of that one
 * (synchronous) write the cache is bounded, so SQLite spills pages to the WAL as it goes: the same I/O, a
 * much smaller peak memory, no measurable loss of speed. The usual size is restored right after.
 */
function withBoundedPageCache<T>(db: EngineContext['db'], rows: number, write: () => T): T {
  if (rows < BULK_ROWS) return write();
  const usual = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  try {
    return write();
  } finally {
    db.pragma(`cache_size = ${usual}`);
  }
}

function writeAll(ctx: EngineContext, store: TransactionStore, r: ChannelResults): WrittenResults | null {
  const db = ctx.db;
  return db.transaction((): WrittenResults | null => {
    if (r.signal.aborted) return null;
    const connection = db
      .prepare<[number], ConnectionRow>('SELECT * FROM connections WHERE id = ?')
      .get(r.connectionId);
    if (!connection || connection.status === 'CLOSED') return null;
    const channelExists = db.prepare('SELECT 1 FROM channels WHERE id = ?').pluck().get(r.channelId);
    if (!channelExists) return null;
    const userId = connection.user_id;
    const channels = linkableChannels(ctx, connection);
    const self = channels.find((c) => c.channelDefinitionId === r.channelDefinitionId);
    const coveredTypes = self?.accountTypes ?? [];
    const stored = storedAccounts(ctx, connection.id);
    const storedById = new Map(stored.map((s) => [s.id, s]));
    let newTransactions = 0;
    let addedForConsent = 0;
    const toSettle: Array<{ id: number; fetched: PreparedFetch }> = [];
    let ownerName: string | undefined;
    const setStatus = db.prepare('UPDATE accounts SET status = ? WHERE id = ? AND status IS NOT ?');
    const listEntries: Record<string, unknown>[] = [];

    if (r.listed) {
      const plan = planAccounts({
        type: r.type,
        channelDefinitionId: r.channelDefinitionId,
        coveredTypes,
        channels,
        listed: r.listed.map((c) => c.account),
        stored,
        deleted: deletedReferences(ctx, connection.id),
        consentPerAccount: connection.consent_per_account === 1,
        accountIds: r.accountIds,
      });
      const balances = new Map(r.listed.map((c) => [c.account.reference, c.balanceMinor]));
      const updateFields = db.prepare(
        `UPDATE accounts SET iban = ?, account_number = ?, usage = ?, owner_name = ?, payment_source = ?, payment_destination = ?,
           savings = ?, loan = ?, last_channel_definition_id = ?, status = ?, search_text = ? WHERE id = ?`,
      );
      const updateBalance = db.prepare('UPDATE accounts SET balance = ?, balance_date = ? WHERE id = ?');
      const undelete = db.prepare('DELETE FROM deleted_accounts WHERE connection_id = ? AND reference = ?');

      const rowsToWrite = [...r.fetched.values()].reduce((n, f) => n + f.transactions.length, 0);
      withBulkLoad(db, rowsToWrite, () => {
        for (const p of plan) {
          const outcome = r.outcomes.get(p.reference);
          const fetched = outcome === 'SYNCED' ? r.fetched.get(p.reference) : undefined;
          if (p.listed?.owner?.name && !ownerName) ownerName = p.listed.owner.name;

          if (p.action === 'insert' && p.listed) {
            // Planned for a fetch in the transaction but not fetched before it (the database changed meanwhile):
            // left for the next run.
            if (p.fetch && !outcome) continue;
            const status: AccountStatus =
              p.fixedStatus ?? accountStatusAfterSync(r.status, outcome ?? 'FAILED') ?? 'ACTIVE';
            const account: ProviderAccount = fetched
              ? {
                  ...p.listed,
                  balance: minorToDecimal(fetched.balanceMinor, currencyExponent(p.listed.currency)),
                  balance_date: fetched.balanceDate,
                }
              : p.listed;
            const id = insertProviderAccount(db, {
              connectionId: connection.id,
              userId,
              account,
              status,
              channelDefinitionId: p.link,
              now: r.runTime,
            });
            if (status === 'PENDING_CONSENT') addedForConsent++;
            if (p.undelete) undelete.run(connection.id, p.reference);
            if (fetched) {
              newTransactions += store.upsertFetched({ id, userId }, fetched, r.runTime).inserted; // [simplefin hook] was upsertRows
              toSettle.push({ id, fetched });
            }
            continue;
          }
          if (p.action !== 'update' || !p.stored) continue;
          const s = storedById.get(p.stored.id)!;
          if (p.missing) {
            const status = accountStatusAfterSync(r.status, 'NOT_FOUND', s.status) ?? s.status;
            setStatus.run(status, s.id, status);
            continue;
          }
          const listed = p.listed!;
          let status: AccountStatus = s.status;
          if (p.fixedStatus) status = p.fixedStatus;
          else if (p.fetch && outcome) status = accountStatusAfterSync(r.status, outcome, s.status) ?? s.status;
          if (s.status === 'CLOSED') continue;
          const ownerOf = listed.owner?.name ?? null;
          updateFields.run(
            listed.iban ?? null,
            listed.account_number ?? null,
            listed.usage,
            ownerOf,
            flag(listed.payment_source),
            flag(listed.payment_destination),
            listed.savings ? JSON.stringify(listed.savings) : null,
            listed.loan ? JSON.stringify(listed.loan) : null,
            p.link ?? s.last_channel_definition_id,
            status,
            accountSearchText({
              ...s,
              usage: listed.usage,
              iban: listed.iban ?? null,
              account_number: listed.account_number ?? null,
              owner_name: ownerOf,
            }),
            s.id,
          );
          if (fetched) {
            updateBalance.run(fetched.balanceMinor, fetched.balanceDate, s.id);
            newTransactions += store.upsertFetched({ id: s.id, userId }, fetched, r.runTime).inserted; // [simplefin hook] was upsertRows
            toSettle.push({ id: s.id, fetched });
          }
        }
      });
      for (const { id, fetched } of toSettle) store.settle({ id, userId }, fetched, r.runTime);

      if (r.type === 'LIST_ACCOUNTS') {
        db.prepare('DELETE FROM listed_accounts WHERE connection_id = ? AND channel_definition_id = ?').run(
          connection.id,
          r.channelDefinitionId,
        );
        const insertListed = db.prepare(
          `INSERT INTO listed_accounts (connection_id, reference, channel_definition_id, status, payload, creation_date) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (connection_id, reference) DO UPDATE SET channel_definition_id = excluded.channel_definition_id,
             status = excluded.status, payload = excluded.payload, creation_date = excluded.creation_date`,
        );
        for (const p of plan) {
          if (!p.listStatus) continue;
          if (p.listed) {
            const a = p.listed;
            insertListed.run(
              connection.id,
              p.reference,
              r.channelDefinitionId,
              p.listStatus,
              JSON.stringify(a),
              r.runTime,
            );
            listEntries.push(
              listEntry(connection.id, p.listStatus, {
                ...a,
                balance: minorToNumber(balances.get(a.reference) ?? 0, currencyExponent(a.currency)),
              }),
            );
          } else if (p.stored) {
            const s = storedById.get(p.stored.id)!;
            const payload = {
              reference: s.reference,
              name: s.name,
              type: s.type,
              currency: s.currency,
              usage: s.usage,
              balance: minorToDecimal(s.balance, currencyExponent(s.currency)),
              balance_date: s.balance_date ?? r.runTime,
            };
            insertListed.run(
              connection.id,
              p.reference,
              r.channelDefinitionId,
              'MISSING',
              JSON.stringify(payload),
              r.runTime,
            );
            listEntries.push(
              listEntry(connection.id, 'MISSING', {
                ...s,
                balance: minorToNumber(s.balance, currencyExponent(s.currency)),
                payment_source: s.payment_source === null ? undefined : s.payment_source === 1,
                payment_destination: s.payment_destination === null ? undefined : s.payment_destination === 1,
                savings: s.savings ? JSON.parse(s.savings) : undefined,
              }),
            );
          }
        }
      }
    } else {
      for (const s of accountsOfFailedRun({
        channelDefinitionId: r.channelDefinitionId,
        coveredTypes,
        channels,
        stored,
        accountIds: r.accountIds,
      })) {
        const status = accountStatusAfterSync(r.status, 'FAILED', s.status) ?? s.status;
        setStatus.run(status, s.id, status);
      }
    }

    const succeeded = SUCCEEDED.has(r.status);
    const channelStatus = r.followedByAll ? 'RUNNING' : r.status;
    db.prepare(
      `UPDATE channels SET status = ?, last_end_date = ?, last_success_date = CASE WHEN ? THEN ? ELSE last_success_date END,
         expires = coalesce(?, expires), connector_state = CASE WHEN ? THEN ? ELSE connector_state END, last_error = ?
       WHERE id = ?`,
    ).run(
      channelStatus,
      r.runTime,
      succeeded ? 1 : 0,
      r.runTime,
      r.expires ?? null,
      succeeded && r.connectorState ? 1 : 0,
      JSON.stringify(r.connectorState ?? {}),
      succeeded ? null : (r.error ?? null),
      r.channelId,
    );
    db.prepare('UPDATE sync_runs SET status = ?, ended_date = ?, new_transactions = ?, error = ? WHERE id = ?').run(
      r.status,
      r.runTime,
      newTransactions,
      succeeded ? null : (r.error ?? null),
      r.runId,
    );
    if (ownerName && !connection.owner_name)
      db.prepare('UPDATE connections SET owner_name = ? WHERE id = ?').run(ownerName, connection.id);
    const connectionStatus = refreshConnectionStatus(db, connection.id);
    if (connectionStatus !== 'RUNNING' && connection.auto_sync === 1) {
      const hours = Number(ctx.settings.get('sync_interval_hours')) || 12;
      db.prepare('UPDATE connections SET next_sync_date = ? WHERE id = ?').run(
        ctx.now() + Math.round(hours * 3600),
        connection.id,
      );
    }

    r.alsoWrite?.();

    const accountCount = db
      .prepare('SELECT count(*) FROM accounts WHERE connection_id = ?')
      .pluck()
      .get(connection.id) as number;
    const pendingConsent = db
      .prepare("SELECT count(*) FROM accounts WHERE connection_id = ? AND status = 'PENDING_CONSENT'")
      .pluck()
      .get(connection.id) as number;
    const events: PublishedEvent[] = [];
    const base = { userId, connectionId: connection.id, channelDefinitionId: r.channelDefinitionId };
    const channelRun = { status: r.status, newTransactions: newTransactions > 0, accountCount, type: r.type };
    if (!r.followedByAll) events.push(emitEvent(ctx, { ...base, eventType: r.status, channelRun }));
    // Accounts wait for consent: after a listing that leaves some waiting, or any run that added some.
    if (addedForConsent > 0 || (r.type === 'LIST_ACCOUNTS' && r.listed && pendingConsent > 0)) {
      events.push(emitEvent(ctx, { ...base, eventType: 'CONSENT_REQUIRED' }));
    }
    if (r.type === 'LIST_ACCOUNTS' && r.listed) {
      events.push(
        emitEvent(ctx, {
          ...base,
          eventType: 'LIST_ACCOUNTS_SUCCESS',
          payload: { list_accounts_success: { accounts: listEntries } },
        }),
      );
    }
    return { newTransactions, accountCount, pendingConsent, events, connectionStatus };
  })();
}
