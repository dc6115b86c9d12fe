/**
 * One run of one channel: talk to the bank through the connector (outside any database transaction), then
 * write the whole result at once (channel-results.ts). The connector only talks to its bank; everything
 * else — credentials from the keychain, the consent grant, time limits, cancellation, challenges, checks of
 * what it returns, statuses, events — is done here.
 */
import {
  AccountError,
  ConnectorError,
  type ChannelDefinition,
  type Connector,
  type ConnectorContext,
  type ConsentGrant,
} from '../connectors/types';
import type { EngineContext } from '../context';
import { emitEvent } from '../events/emit';
import type { ChannelRow } from '../resources/connections/rows';
import { CONNECTION_STATUSES, type ChannelStatus } from '../resources/values';
import { planAccounts, channelStatusFromOutcomes, type AccountOutcome } from './account-plan';
import type { ChallengeBroker } from './challenge-broker';
import {
  deletedReferences,
  linkableChannels,
  storedAccounts,
  writeChannelResults,
  type WrittenResults,
} from './channel-results';
import { credentialValues, pendingCode, readChannelSecret, storedGrant, storeGrant } from './channel-secret';
import { replaceChannelSecret } from './secret-replacement'; // [simplefin hook]
import {
  checkAccount,
  prepareFetch,
  type CategoryMemo,
  type CheckedAccount,
  type PreparedFetch,
} from './provider-data';
import {
  ChallengeEnded,
  ChannelPrecondition,
  MalformedProviderData,
  ProviderTimeout,
  RunCancelled,
} from './run-errors';
import type { TransactionStore } from './transaction-store';

export interface ChannelRunEnv {
  ctx: EngineContext;
  connector: Connector;
  broker: ChallengeBroker;
  store: TransactionStore;
  categories: CategoryMemo;
  /** The provider's live bank state (ConnectorContext.bankState). */
  bankState: Record<string, unknown>;
  /** Time limit of one connector call (a challenge's wait does not count). */
  callTimeoutMs: number;
  /** Aborted when the run must stop (connection closed or deleted, engine stopping). */
  signal: AbortSignal;
  /** Persists `bankState`; called inside the results transaction (bank and store agree) and again after any end. */
  saveBankState(): void;
}

export interface ChannelRunSpec {
  connectionId: number;
  userId: number;
  providerId: string;
  channel: ChannelRow;
  definition: ChannelDefinition;
  type: 'ALL' | 'LIST_ACCOUNTS';
  accountIds?: ReadonlySet<number>;
  followedByAll: boolean;
}

export interface ChannelRunEnd {
  status: ChannelStatus;
  written: WrittenResults | null;
}

const CHANNEL_STATUS_SET: ReadonlySet<string> = new Set(CONNECTION_STATUSES);

/** The channel status a failure ends with. */
export function statusOfFailure(err: unknown): ChannelStatus {
  if (err instanceof ChallengeEnded) return err.status;
  if (err instanceof ChannelPrecondition) return err.status;
  if (err instanceof ConnectorError) return CHANNEL_STATUS_SET.has(err.status) ? err.status : 'FAILED';
  return 'FAILED';
}

/** The text kept in channels.last_error / sync_runs.error: the provider's message, never a credential. */
function errorText(err: unknown, redact: (text: string) => string): string {
  if (err instanceof ConnectorError || err instanceof AccountError) return redact(err.message).slice(0, 500);
  if (
    err instanceof ChallengeEnded ||
    err instanceof ChannelPrecondition ||
    err instanceof ProviderTimeout ||
    err instanceof MalformedProviderData
  ) {
    return redact(err.message).slice(0, 500);
  }
  return 'the provider connector failed unexpectedly';
}

/** Hides the run's secret values in a text meant for the log or the database (a connector may echo them). */
function redactor(secrets: () => readonly string[]): (text: string) => string {
  return (text) => {
    let out = text;
    for (const value of secrets()) if (value.length >= 3) out = out.split(value).join('[redacted]');
    return out;
  };
}

/** What the log keeps of a failure: its kind, message and stack, with secret values hidden. */
function loggable(err: unknown, redact: (text: string) => string): Record<string, string> {
  if (err instanceof Error) return { type: err.name, message: redact(err.message), stack: redact(err.stack ?? '') };
  return { type: typeof err, message: redact(String(err)) };
}

export async function runChannel(env: ChannelRunEnv, spec: ChannelRunSpec): Promise<ChannelRunEnd> {
  const { ctx, connector } = env;
  const db = ctx.db;
  const runTime = ctx.now();
  const cdid = spec.channel.channel_definition_id;
  if (env.signal.aborted) throw new RunCancelled();

  const runId = db.transaction(() => {
    const id = Number(
      db
        .prepare(
          "INSERT INTO sync_runs (connection_id, channel_definition_id, type, status, started_date) VALUES (?, ?, ?, 'RUNNING', ?)",
        )
        .run(spec.connectionId, cdid, spec.type, runTime).lastInsertRowid,
    );
    db.prepare("UPDATE channels SET status = 'RUNNING' WHERE id = ?").run(spec.channel.id);
    db.prepare("UPDATE connections SET status = 'RUNNING' WHERE id = ? AND status <> 'RUNNING'").run(spec.connectionId);
    emitEvent(ctx, {
      userId: spec.userId,
      connectionId: spec.connectionId,
      eventType: 'RUNNING',
      channelDefinitionId: cdid,
    });
    return id;
  })();

  // The run's own signal: stops on cancellation (reason RunCancelled) or on a time limit (ProviderTimeout).
  const inner = new AbortController();
  const onOuterAbort = () => inner.abort(new RunCancelled());
  env.signal.addEventListener('abort', onOuterAbort, { once: true });

  let challengeEnd: ChallengeEnded | undefined;
  const secretValues: string[] = [];
  const redact = redactor(() => secretValues);
  let expires: number | undefined;
  const fetched = new Map<string, PreparedFetch>();
  const timing = { started: performance.now(), prepareMs: 0 };
  const outcomes = new Map<string, AccountOutcome>();

  const guarded = <T>(what: string, call: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const signal = inner.signal;
      if (signal.aborted) return reject(signal.reason);
      let timer: NodeJS.Timeout;
      const arm = () => {
        timer = setTimeout(() => {
          // A pending challenge has its own time limit: the call's clock restarts after it.
          if (env.broker.hasPending(spec.connectionId)) return arm();
          inner.abort(new ProviderTimeout(what, Math.round(env.callTimeoutMs / 1000)));
        }, env.callTimeoutMs);
      };
      const onAbort = () => done(() => reject(signal.reason));
      const done = (fn: () => void) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        fn();
      };
      arm();
      signal.addEventListener('abort', onAbort, { once: true });
      let promise: Promise<T>;
      try {
        promise = Promise.resolve(call());
      } catch (err) {
        promise = Promise.reject(err);
      }
      promise.then(
        (value) => done(() => (signal.aborted ? reject(signal.reason) : resolve(value))),
        (err) => done(() => reject(signal.aborted ? signal.reason : err)),
      );
    });

  try {
    const secret = readChannelSecret(ctx, spec.channel.id);
    collectStrings(secret, secretValues);
    let credentials: Record<string, string> = {};
    let grant: ConsentGrant | undefined;
    if (spec.definition.mode === 'REDIRECT') {
      const code = pendingCode(secret);
      if (code) {
        if (!connector.exchangeCode)
          throw new ConnectorError('FAILED', 'this provider cannot exchange an authorization code');
        const exchanged = await guarded('the authorization code exchange', () =>
          connector.exchangeCode!({ channelDefinitionId: cdid, now: () => ctx.now(), signal: inner.signal }, code),
        );
        if (!exchanged || typeof exchanged.access_token !== 'string' || typeof exchanged.expires !== 'number') {
          throw new MalformedProviderData('the code exchange returned no grant');
        }
        grant = exchanged;
        collectStrings(grant, secretValues);
        try {
          storeGrant(ctx, spec.channel.id, grant);
        } catch {
          throw new ChannelPrecondition('NEEDS_SECRET', 'the OS keychain could not keep the consent: authorize again');
        }
      } else {
        grant = storedGrant(secret);
      }
      if (!grant) throw new ChannelPrecondition('NEEDS_SECRET', 'no consent is kept for this channel: authorize again');
      expires = grant.expires;
      if (ctx.now() >= grant.expires)
        throw new ChannelPrecondition('TOKEN_EXPIRED', 'the 90-day consent has expired: renew it');
    } else {
      credentials = credentialValues(secret);
    }

    const state = parseState(spec.channel.connector_state);
    const cctx: ConnectorContext = {
      channelDefinitionId: cdid,
      credentials: Object.freeze({ ...credentials }),
      state,
      bankState: env.bankState,
      ...(grant ? { grant } : {}),
      ...(spec.channel.last_success_date !== null ? { since: spec.channel.last_success_date } : {}),
      signal: inner.signal,
      now: () => ctx.now(),
      challenge: async (request) => {
        try {
          const answer = await env.broker.ask(
            {
              userId: spec.userId,
              connectionId: spec.connectionId,
              channelId: spec.channel.id,
              channelDefinitionId: cdid,
              signal: inner.signal,
            },
            request,
          );
          collectStrings(answer, secretValues);
          return answer;
        } catch (err) {
          if (err instanceof ChallengeEnded) challengeEnd = err;
          throw err;
        }
      },
      progress: () => {},
      // [simplefin hook] a connector that exchanges its credential (a SimpleFIN setup token claimed for an
      // access URL) replaces the channel's keychain entry; the new values are redacted like the old ones.
      replaceSecrets: (values) => {
        collectStrings(values, secretValues);
        replaceChannelSecret(ctx, spec.channel.id, values);
      },
    };

    const rawList = await guarded('the account list', () => connector.listAccounts(cctx));
    if (!Array.isArray(rawList)) throw new MalformedProviderData('the account list is not a list');
    let listed: CheckedAccount[] = rawList.map(checkAccount);
    if (grant?.accounts) {
      const consented = new Set(grant.accounts);
      listed = listed.filter((c) => consented.has(c.account.reference));
    }

    let status: ChannelStatus = 'SUCCESS';
    if (spec.type === 'ALL') {
      const channels = linkableChannels(ctx, { id: spec.connectionId, provider_id: spec.providerId });
      const plan = planAccounts({
        type: 'ALL',
        channelDefinitionId: cdid,
        coveredTypes: spec.definition.account_types,
        channels,
        listed: listed.map((c) => c.account),
        stored: storedAccounts(ctx, spec.connectionId),
        deleted: deletedReferences(ctx, spec.connectionId),
        consentPerAccount: isConsentPerAccount(ctx, spec.connectionId),
        accountIds: spec.accountIds,
      });
      const lastImport = db
        .prepare<[number], number | null>('SELECT max(import_date) FROM transactions WHERE account_id = ?')
        .pluck();
      for (const p of plan) {
        if (p.missing) outcomes.set(p.reference, 'NOT_FOUND');
        if (!p.fetch || !p.listed) continue;
        if (inner.signal.aborted) throw inner.signal.reason;
        // The history an account lacks: all of it for a new one, else since its last import.
        const since = p.stored ? lastImport.get(p.stored.id) : null;
        if (since === null || since === undefined) delete cctx.since;
        else cctx.since = since;
        try {
          const result = await guarded(`account ${p.reference}`, () => connector.fetchAccount(cctx, p.listed!));
          const preparing = performance.now();
          fetched.set(p.reference, prepareFetch(p.listed, result, env.categories));
          timing.prepareMs += performance.now() - preparing;
          outcomes.set(p.reference, 'SYNCED');
        } catch (err) {
          if (err instanceof AccountError) {
            outcomes.set(p.reference, err.kind === 'NOT_FOUND' ? 'NOT_FOUND' : 'FAILED');
          } else if (
            err instanceof ConnectorError ||
            err instanceof ChallengeEnded ||
            err instanceof RunCancelled ||
            err instanceof ProviderTimeout ||
            inner.signal.aborted
          ) {
            throw err;
          } else {
            // A bug or bad data of the provider for this account only: the account fails, not the channel.
            ctx.log.warn(
              { failure: loggable(err, redact), connectionId: spec.connectionId },
              'account synchronization failed',
            );
            outcomes.set(p.reference, 'FAILED');
          }
        }
      }
      status = channelStatusFromOutcomes(outcomes.values());
    }
    if (inner.signal.aborted) throw inner.signal.reason;

    const writing = performance.now();
    const written = await retryingBusy(inner.signal, () =>
      writeChannelResults(ctx, env.store, {
        connectionId: spec.connectionId,
        channelId: spec.channel.id,
        channelDefinitionId: cdid,
        runId,
        type: spec.type,
        runTime,
        status,
        ...(status === 'SUCCESS' ? {} : { error: describeOutcomes(outcomes) }),
        accountIds: spec.accountIds,
        listed,
        fetched,
        outcomes,
        connectorState: state,
        expires,
        followedByAll: spec.followedByAll,
        signal: inner.signal,
        alsoWrite: env.saveBankState,
      }),
    );
    if (!written) throw new RunCancelled();
    const transactions = [...fetched.values()].reduce((n, f) => n + f.transactions.length, 0);
    ctx.log.info(
      {
        connectionId: spec.connectionId,
        channelDefinitionId: cdid,
        type: spec.type,
        status,
        accounts: fetched.size,
        transactions,
        newTransactions: written.newTransactions,
        totalMs: Math.round(performance.now() - timing.started),
        prepareMs: Math.round(timing.prepareMs),
        writeMs: Math.round(performance.now() - writing),
      },
      'channel synchronized',
    );
    return { status, written };
  } catch (caught) {
    let err = caught;
    if (inner.signal.aborted && inner.signal.reason instanceof RunCancelled) err = inner.signal.reason;
    if (err instanceof RunCancelled) {
      markRunCancelled(ctx, runId);
      throw err;
    }
    if (challengeEnd && !(err instanceof ConnectorError && err.status === 'CHALLENGE_FAILED')) err = challengeEnd;
    const status = statusOfFailure(err);
    if (!(
      err instanceof ConnectorError ||
      err instanceof ChallengeEnded ||
      err instanceof ChannelPrecondition ||
      err instanceof ProviderTimeout ||
      err instanceof MalformedProviderData
    )) {
      ctx.log.error(
        { failure: loggable(err, redact), connectionId: spec.connectionId, channelDefinitionId: cdid },
        'connector failed',
      );
    }
    const written = await retryingBusy(env.signal, () =>
      writeChannelResults(ctx, env.store, {
        connectionId: spec.connectionId,
        channelId: spec.channel.id,
        channelDefinitionId: cdid,
        runId,
        type: spec.type,
        runTime,
        status,
        error: errorText(err, redact),
        accountIds: spec.accountIds,
        fetched: new Map(),
        outcomes: new Map(),
        expires,
        followedByAll: false,
        signal: env.signal,
        alsoWrite: env.saveBankState,
      }),
    );
    if (!written) {
      markRunCancelled(ctx, runId);
      throw new RunCancelled();
    }
    return { status, written };
  } finally {
    env.signal.removeEventListener('abort', onOuterAbort);
  }
}

const BUSY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_LOCKED']);

/**
 * The engine's own transient fault: another process holds the database (a CLI, a backup) beyond the busy
 * timeout. The whole results transaction is tried again a few times before the run is given up.
 */
async function retryingBusy<T>(signal: AbortSignal, write: () => T): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return write();
    } catch (err) {
      if (attempt >= 3 || signal.aborted || !BUSY.has((err as { code?: string }).code ?? '')) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectStrings(v, out);
}

function parseState(text: string | null): Record<string, unknown> {
  try {
    const value = JSON.parse(text ?? '{}') as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // a broken memory starts over
  }
  return {};
}

function isConsentPerAccount(ctx: EngineContext, connectionId: number): boolean {
  return (
    ctx.db
      .prepare<[number], number>('SELECT consent_per_account FROM connections WHERE id = ?')
      .pluck()
      .get(connectionId) === 1
  );
}

function describeOutcomes(outcomes: ReadonlyMap<string, AccountOutcome>): string {
  const failed = [...outcomes.values()].filter((o) => o === 'FAILED').length;
  const missing = [...outcomes.values()].filter((o) => o === 'NOT_FOUND').length;
  return [failed ? `${failed} account(s) failed` : '', missing ? `${missing} account(s) not found` : '']
    .filter(Boolean)
    .join(', ');
}

/** Bookkeeping only (no result): the run row says it was cancelled. */
function markRunCancelled(ctx: EngineContext, runId: number): void {
  ctx.db
    .prepare("UPDATE sync_runs SET status = 'CANCELLED', ended_date = ? WHERE id = ? AND status = 'RUNNING'")
    .run(ctx.now(), runId);
}
