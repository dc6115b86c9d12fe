/**
 * One run of one channel: talk to the bank through the connector (outside any database transaction), then
 * write the whole result at once (channel-results.ts). The connector only talks to its bank; everything
 * else — credentials from the keychain, the consent grant, time limits, cancellation, challenges, checks of
 * what it returns, statuses, events — is done here. The accounts are planned once per run (run-plan.ts).
 */
import { storageProblemOf, type StorageProblem } from '../domain/storage-errors';
import {
  AccountError,
  ConnectorError,
  type ChannelDefinition,
  type Connector,
  type ConnectorContext,
  type ConnectorEnvironment,
  type ConsentGrant,
} from '../connectors/types';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelRow } from '../store/channels';
import type { ChannelStatus } from '../domain/values';
import type { SecretStore } from '../secrets/secret-store';
import {
  credentialValues,
  pendingCode,
  readChannelSecret,
  replacedGrant,
  storedGrant,
  writeCredentialValues,
  writeGrant,
  type StoredSecret,
} from '../store/channel-secret';
import { channelStatusFromOutcomes, type AccountOutcome, type PlannedAccount } from './account-plan';
import { CallGuard } from './call-guard';
import type { ChallengeBroker } from './challenge-broker';
import type { ChannelResults, ResultsDeps, SettingWrite, WrittenResults } from './channel-results';
import { checkAccount, prepareFetchInSlices, type CategoryMemo, type CheckedAccount, type PreparedFetch } from './provider-data';
import { endsTheChannel, errorText, isExpectedFailure, loggable, redactor, statusOfFailure } from './run-failures';
import { makeRunPlan, readPlanBasis, type RunPlan } from './run-plan';
import { ChallengeEnded, ChannelPrecondition, MalformedProviderData, RunCancelled } from './run-errors';
import type { ResultsWriter } from './results-writer';
import type { UserFiling } from './user-filing';

export { statusOfFailure } from './run-failures';

export interface ChannelRunDeps extends ResultsDeps {
  /** Writes a run's results (writeChannelResults), on the main thread or the results writer thread. */
  resultsWriter: ResultsWriter;
  secrets: SecretStore;
  log: FastifyBaseLogger;
  /**
   * What a connector gets besides the channel's own data: its installation-wide configuration and, for a
   * connector serving a dynamic catalogue, the provider the channel is for (see docs/api/enablebanking.md#catalogue).
   * Absent: nothing.
   */
  connectorEnvironment?(connector: Connector, providerId: string, signal: AbortSignal): ConnectorEnvironment;
  /** Told when a run met a full disk or a damaged database (the engine stops serving a damaged one). */
  storageProblem?(problem: StorageProblem): void;
}

export interface ChannelRunEnv {
  deps: ChannelRunDeps;
  connector: Connector;
  broker: ChallengeBroker;
  categories: CategoryMemo;
  /** How the connection's owner files new transactions (rules, learnt labels); undefined: neither. */
  filing?: UserFiling;
  /** The provider's live bank state (ConnectorContext.bankState). */
  bankState: Record<string, unknown>;
  /** Time limit of one connector call (a challenge's wait does not count). */
  callTimeoutMs: number;
  /** Aborted when the run must stop (connection closed or deleted, engine stopping). */
  signal: AbortSignal;
  /** Persists `bankState`; called again after any end of the run. */
  saveBankState(): void;
  /** `bankState` as the settings row written inside the results transaction (bank and store agree). */
  bankStateRow(): SettingWrite | undefined;
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
  consentPerAccount: boolean;
  /** An automatic run nobody asked for (ConnectorContext.unattended: PSD2 limits such reads). */
  unattended?: boolean;
}

export interface ChannelRunEnd {
  status: ChannelStatus;
  written: WrittenResults | null;
}

export async function runChannel(env: ChannelRunEnv, spec: ChannelRunSpec): Promise<ChannelRunEnd> {
  if (env.signal.aborted) throw new RunCancelled();
  const run = new ChannelRun(env, spec);
  try {
    return await run.complete();
  } catch (caught) {
    return await run.fail(caught);
  } finally {
    run.detach();
  }
}

/** What a run found at the bank, ready to write. */
interface Findings {
  status: ChannelStatus;
  listed: CheckedAccount[];
  planned: RunPlan;
  fetched: Map<string, PreparedFetch>;
  outcomes: Map<string, AccountOutcome>;
  state: Record<string, unknown>;
}

class ChannelRun {
  private readonly runTime: number;
  private readonly cdid: string;
  private readonly runId: number;
  private readonly guard: CallGuard;
  private readonly secretValues: string[] = [];
  private environmentRead?: Pick<ConnectorContext, 'configuration' | 'provider'>;
  private readonly redact = redactor(() => this.secretValues);
  private challengeEnd?: ChallengeEnded;
  private expires?: number;
  private readonly started = performance.now();
  private prepareMs = 0;
  /** Set through ConnectorContext.incomplete: part of the provider's data could not be read (the reason). */
  private incompleteReason: string | undefined;

  constructor(
    private readonly env: ChannelRunEnv,
    private readonly spec: ChannelRunSpec,
  ) {
    this.runTime = env.deps.now();
    this.cdid = spec.channel.channel_definition_id;
    this.runId = this.recordStart();
    this.guard = new CallGuard(env.signal, env.callTimeoutMs, () => env.broker.hasPending(spec.connectionId));
  }

  /** The run row, the channel and connection RUNNING, and the RUNNING event, together. */
  private recordStart(): number {
    const { deps } = this.env;
    const runs = deps.store.syncRuns;
    return runs.atomically(() => {
      const id = runs.startRun(this.spec.connectionId, this.cdid, this.spec.type, this.runTime);
      runs.setChannelStatus(this.spec.channel.id, 'RUNNING');
      runs.markConnectionRunning(this.spec.connectionId);
      deps.eventWriter.emit({
        userId: this.spec.userId,
        connectionId: this.spec.connectionId,
        eventType: 'RUNNING',
        channelDefinitionId: this.cdid,
      });
      return id;
    });
  }

  detach(): void {
    this.guard.detach();
  }

  async complete(): Promise<ChannelRunEnd> {
    const cctx = await this.connectorContext();
    const listed = await this.listAccounts(cctx);
    const planned = this.plan(listed);
    const findings: Findings = {
      status: 'SUCCESS',
      listed,
      planned,
      fetched: new Map(),
      outcomes: new Map(),
      state: cctx.state,
    };
    if (this.spec.type === 'ALL') await this.fetchAccounts(cctx, planned.plan, findings);
    this.guard.throwIfAborted();
    // The connector read only part of the provider's data: what it read lands, the channel says it is partial.
    if (this.incompleteReason !== undefined && findings.status === 'SUCCESS') findings.status = 'PARTIAL_SUCCESS';
    return this.writeFindings(findings);
  }

  /** The credentials (or the consent grant) from the keychain, and the context the connector sees. */
  private async connectorContext(): Promise<ConnectorContext> {
    const { spec, env } = this;
    const secret = this.readSecret();
    const environment = this.environment();
    let credentials: Record<string, string> = {};
    let grant: ConsentGrant | undefined;
    if (spec.definition.mode === 'REDIRECT') grant = await this.consentGrant(secret);
    else credentials = credentialValues(secret);
    return {
      connectionId: spec.connectionId,
      channelDefinitionId: this.cdid,
      credentials: Object.freeze({ ...credentials }),
      state: parseState(spec.channel.connector_state),
      bankState: env.bankState,
      ...(grant ? { grant } : {}),
      ...(spec.channel.last_success_date !== null ? { since: spec.channel.last_success_date } : {}),
      signal: this.guard.signal,
      now: () => env.deps.now(),
      ...environment,
      ...(spec.unattended ? { unattended: true } : {}),
      challenge: (request) => this.askUser(request),
      progress: () => {},
      replaceSecrets: (values) => this.replaceSecret(values),
      incomplete: (reason) => {
        this.incompleteReason ??= this.redact(reason).slice(0, 500);
      },
    };
  }

  /**
   * The connector's configuration and catalogue provider (dynamic catalogues), read once per run; the
   * configuration's secret (a private key) joins the values redacted from every error text.
   */
  private environment(): Pick<ConnectorContext, 'configuration' | 'provider'> {
    if (this.environmentRead) return this.environmentRead;
    const { env, spec } = this;
    const found = env.deps.connectorEnvironment?.(env.connector, spec.providerId, this.guard.signal);
    if (found?.configuration) this.secretValues.push(found.configuration.secret);
    this.environmentRead = {
      ...(found?.configuration ? { configuration: found.configuration } : {}),
      ...(found?.provider ? { provider: found.provider } : {}),
    };
    return this.environmentRead;
  }

  /**
   * ConnectorContext.replaceSecrets: a connector that exchanges its credential (a SimpleFIN setup token
   * claimed for an access URL) replaces the channel's keychain entry, and only that; the new values are
   * redacted like the old ones. When the keychain cannot keep them the run ends NEEDS_SECRET rather than
   * keeping them anywhere else.
   */
  private replaceSecret(values: Record<string, string>): void {
    const clean = credentialValues(values);
    collectStrings(clean, this.secretValues);
    try {
      writeCredentialValues(this.env.deps.secrets, this.spec.channel.id, clean);
    } catch {
      throw new ChannelPrecondition(
        'NEEDS_SECRET',
        'the OS keychain could not keep the new access of this channel: enter the credentials again',
      );
    }
  }

  private readSecret(): StoredSecret {
    const read = readChannelSecret(this.env.deps.secrets, this.spec.channel.id);
    if (read.kind === 'unavailable')
      throw new ChannelPrecondition('NEEDS_SECRET', 'the OS keychain is not available to read the credentials');
    if (read.kind === 'missing')
      throw new ChannelPrecondition('NEEDS_SECRET', 'the credentials of this channel are missing from the keychain');
    if (read.kind === 'unreadable')
      throw new ChannelPrecondition('NEEDS_SECRET', 'the credentials kept for this channel are unreadable');
    collectStrings(read.secret, this.secretValues);
    return read.secret;
  }

  /** REDIRECT: the grant kept, or the one a pending authorization code is exchanged for now (then kept). */
  private async consentGrant(secret: StoredSecret): Promise<ConsentGrant> {
    const code = pendingCode(secret);
    const grant = code ? await this.exchangeCode(code, replacedGrant(secret)) : storedGrant(secret);
    if (!grant) throw new ChannelPrecondition('NEEDS_SECRET', 'no consent is kept for this channel: authorize again');
    this.expires = grant.expires;
    if (this.env.deps.now() >= grant.expires)
      throw new ChannelPrecondition('TOKEN_EXPIRED', 'the 90-day consent has expired: renew it');
    return grant;
  }

  private async exchangeCode(code: string, replaced: ConsentGrant | undefined): Promise<ConsentGrant> {
    const { connector, deps } = this.env;
    if (!connector.exchangeCode) throw new ConnectorError('FAILED', 'this provider cannot exchange an authorization code');
    const exchanged = await this.guard.call('the authorization code exchange', () =>
      connector.exchangeCode!({ channelDefinitionId: this.cdid, now: () => deps.now(), signal: this.guard.signal, ...this.environment() }, code),
    );
    if (!exchanged || typeof exchanged.access_token !== 'string' || typeof exchanged.expires !== 'number') {
      throw new MalformedProviderData('the code exchange returned no grant');
    }
    collectStrings(exchanged, this.secretValues);
    try {
      writeGrant(deps.secrets, this.spec.channel.id, exchanged);
    } catch {
      throw new ChannelPrecondition('NEEDS_SECRET', 'the OS keychain could not keep the consent: authorize again');
    }
    if (replaced && replaced.access_token !== exchanged.access_token) await this.closeReplaced(replaced);
    return exchanged;
  }

  /**
   * The consent a new code replaced is closed at the provider once the new one is kept
   * (docs/api/enablebanking.md#consent: DELETE /sessions/{old}). Best effort within 10 s: the old consent otherwise
   * lapses at its end date.
   */
  private async closeReplaced(replaced: ConsentGrant): Promise<void> {
    const { connector, deps } = this.env;
    if (!connector.closeConsent) return;
    collectStrings(replaced, this.secretValues);
    try {
      const signal = AbortSignal.any([this.guard.signal, AbortSignal.timeout(10_000)]);
      const environment = deps.connectorEnvironment?.(connector, this.spec.providerId, signal) ?? { signal, now: () => deps.now() };
      await connector.closeConsent(replaced, environment);
    } catch (err) {
      deps.log.warn(
        { connectionId: this.spec.connectionId, message: this.redact((err as Error).message ?? '') },
        'the replaced consent could not be closed at the provider',
      );
    }
  }

  private async askUser(request: Parameters<ConnectorContext['challenge']>[0]): Promise<Record<string, string>> {
    const { spec } = this;
    try {
      const answer = await this.env.broker.ask(
        {
          userId: spec.userId,
          connectionId: spec.connectionId,
          channelId: spec.channel.id,
          channelDefinitionId: this.cdid,
          signal: this.guard.signal,
        },
        request,
      );
      collectStrings(answer, this.secretValues);
      return answer;
    } catch (err) {
      if (err instanceof ChallengeEnded) this.challengeEnd = err;
      throw err;
    }
  }

  /** The accounts the provider lists, checked; with a grant, only the consented ones. */
  private async listAccounts(cctx: ConnectorContext): Promise<CheckedAccount[]> {
    const rawList = await this.guard.call('the account list', () => this.env.connector.listAccounts(cctx));
    if (!Array.isArray(rawList)) throw new MalformedProviderData('the account list is not a list');
    const listed = rawList.map(checkAccount);
    if (!cctx.grant?.accounts) return listed;
    const consented = new Set(cctx.grant.accounts);
    return listed.filter((c) => consented.has(c.account.reference));
  }

  /** The run's one plan, on the database as it is before the fetches (revalidated when writing). */
  private plan(listed: readonly CheckedAccount[]): RunPlan {
    const { deps } = this.env;
    const basis = readPlanBasis(
      deps.store,
      deps.catalogueProvider(this.spec.providerId),
      this.spec.connectionId,
      this.spec.consentPerAccount,
    );
    const scope = { type: this.spec.type, channelDefinitionId: this.cdid, accountIds: this.spec.accountIds };
    return makeRunPlan(scope, basis, listed.map((c) => c.account));
  }

  private async fetchAccounts(cctx: ConnectorContext, plan: readonly PlannedAccount[], f: Findings): Promise<void> {
    const concurrency = Math.max(1, Math.floor(this.env.connector.accountConcurrency ?? 1));
    if (concurrency > 1) return this.fetchAccountsConcurrently(cctx, plan, f, concurrency);
    for (const p of plan) {
      if (p.missing) f.outcomes.set(p.reference, 'NOT_FOUND');
      if (!p.fetch || !p.listed) continue;
      this.guard.throwIfAborted();
      // The history an account lacks: all of it for a new one, else since its last import.
      const since = this.sinceOf(p);
      if (since === null) delete cctx.since;
      else cctx.since = since;
      f.outcomes.set(p.reference, await this.fetchAccount(cctx, p, f.fetched));
    }
    f.status = channelStatusFromOutcomes(f.outcomes.values());
  }

  /** The history an account lacks: all of it for a new one (null), else since its last import. */
  private sinceOf(p: PlannedAccount): number | null {
    return p.stored ? this.env.deps.store.transactionWrites.lastImport(p.stored.id) : null;
  }

  /**
   * `Connector.accountConcurrency` > 1: up to that many accounts fetched at once, each with its own context
   * (its own `since`). Outcomes and fetched data are kept in plan order, whatever order the answers come in.
   * A failure that ends the channel stops handing out accounts; the calls in flight are awaited before it
   * is rethrown, so nothing of this run still talks to the bank once it has ended.
   */
  private async fetchAccountsConcurrently(
    cctx: ConnectorContext,
    plan: readonly PlannedAccount[],
    f: Findings,
    concurrency: number,
  ): Promise<void> {
    const todo = plan.filter((p) => p.fetch && p.listed);
    const outcomes = new Map<string, AccountOutcome>();
    const fetched = new Map<string, PreparedFetch>();
    let next = 0;
    let fatal: { err: unknown } | undefined;
    const worker = async () => {
      while (!fatal && next < todo.length) {
        const p = todo[next++];
        try {
          this.guard.throwIfAborted();
          const since = this.sinceOf(p);
          const own: ConnectorContext = { ...cctx };
          if (since === null) delete own.since;
          else own.since = since;
          outcomes.set(p.reference, await this.fetchAccount(own, p, fetched));
        } catch (err) {
          fatal ??= { err };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
    if (fatal) throw fatal.err;
    for (const p of plan) {
      if (p.missing) f.outcomes.set(p.reference, 'NOT_FOUND');
      const outcome = outcomes.get(p.reference);
      if (outcome !== undefined) f.outcomes.set(p.reference, outcome);
      const data = fetched.get(p.reference);
      if (data !== undefined) f.fetched.set(p.reference, data);
    }
    f.status = channelStatusFromOutcomes(f.outcomes.values());
  }

  /** One account's fetch: its outcome; a failure of this account alone does not end the channel. */
  private async fetchAccount(
    cctx: ConnectorContext,
    p: PlannedAccount,
    fetched: Map<string, PreparedFetch>,
  ): Promise<AccountOutcome> {
    try {
      const result = await this.guard.call(`account ${p.reference}`, () =>
        this.env.connector.fetchAccount(cctx, p.listed!),
      );
      const preparing = performance.now();
      fetched.set(p.reference, await prepareFetchInSlices(p.listed!, result, this.env.categories, this.env.filing));
      this.prepareMs += performance.now() - preparing;
      return 'SYNCED';
    } catch (err) {
      if (err instanceof AccountError) return err.kind === 'NOT_FOUND' ? 'NOT_FOUND' : 'FAILED';
      if (endsTheChannel(err) || this.guard.signal.aborted) throw err;
      // A bug or bad data of the provider for this account only: the account fails, not the channel.
      this.env.deps.log.warn(
        { failure: loggable(err, this.redact), connectionId: this.spec.connectionId },
        'account synchronization failed',
      );
      return 'FAILED';
    }
  }

  private async writeFindings(f: Findings): Promise<ChannelRunEnd> {
    const writing = performance.now();
    // Counted now: the writer takes the rows over (the thread writer lets them go as it hands them on).
    const transactions = [...f.fetched.values()].reduce((n, x) => n + x.transactions.length, 0);
    const written = await this.env.deps.resultsWriter.write({
      ...this.resultsBase(f.status, this.guard.signal),
      ...(f.status === 'SUCCESS' ? {} : { error: describeOutcomes(f.outcomes, this.incompleteReason) }),
      listed: f.listed,
      planned: f.planned,
      fetched: f.fetched,
      outcomes: f.outcomes,
      connectorState: f.state,
      followedByAll: this.spec.followedByAll,
    });
    if (!written) throw new RunCancelled();
    this.logSuccess(f, transactions, written, performance.now() - writing);
    return { status: f.status, written };
  }

  private resultsBase(status: ChannelStatus, signal: AbortSignal) {
    const { spec } = this;
    return {
      connectionId: spec.connectionId,
      channelId: spec.channel.id,
      channelDefinitionId: this.cdid,
      runId: this.runId,
      type: spec.type,
      runTime: this.runTime,
      status,
      accountIds: spec.accountIds,
      expires: this.expires,
      signal,
      alsoWrite: this.env.bankStateRow(),
    } satisfies Partial<ChannelResults>;
  }

  private logSuccess(f: Findings, transactions: number, written: WrittenResults, writeMs: number): void {
    this.env.deps.log.info(
      {
        connectionId: this.spec.connectionId,
        channelDefinitionId: this.cdid,
        type: this.spec.type,
        status: f.status,
        accounts: f.fetched.size,
        transactions,
        newTransactions: written.newTransactions,
        totalMs: Math.round(performance.now() - this.started),
        prepareMs: Math.round(this.prepareMs),
        writeMs: Math.round(writeMs),
      },
      'channel synchronized',
    );
  }

  /** The run failed: the channel ends with the failure's status (nothing of the run but statuses is written). */
  async fail(caught: unknown): Promise<ChannelRunEnd> {
    const { deps } = this.env;
    const err = this.failureOf(caught);
    if (err instanceof RunCancelled) {
      deps.store.syncRuns.cancelRun(this.runId, deps.now());
      throw err;
    }
    const status = statusOfFailure(err);
    const storage = storageProblemOf(err);
    if (storage) deps.storageProblem?.(storage);
    if (!isExpectedFailure(err)) {
      deps.log.error(
        { failure: loggable(err, this.redact), connectionId: this.spec.connectionId, channelDefinitionId: this.cdid },
        // A full disk or a damaged database is not the connector's failure: the log says which it was.
        storage ? `synchronization could not be saved: ${storage}` : 'connector failed',
      );
    }
    const written = await deps.resultsWriter.write({
      ...this.resultsBase(status, this.env.signal),
      error: errorText(err, this.redact),
      fetched: new Map(),
      outcomes: new Map(),
      followedByAll: false,
    });
    if (!written) {
      deps.store.syncRuns.cancelRun(this.runId, deps.now());
      throw new RunCancelled();
    }
    return { status, written };
  }

  /** The failure to report: a cancellation wins, then a challenge that ended (unless the bank refused it). */
  private failureOf(caught: unknown): unknown {
    const reason = this.guard.signal.aborted ? this.guard.signal.reason : undefined;
    if (reason instanceof RunCancelled) return reason;
    if (caught instanceof RunCancelled) return caught;
    if (this.challengeEnd && !(caught instanceof ConnectorError && caught.status === 'CHALLENGE_FAILED'))
      return this.challengeEnd;
    return caught;
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

function describeOutcomes(outcomes: ReadonlyMap<string, AccountOutcome>, incomplete?: string): string {
  const failed = [...outcomes.values()].filter((o) => o === 'FAILED').length;
  const missing = [...outcomes.values()].filter((o) => o === 'NOT_FOUND').length;
  return [failed ? `${failed} account(s) failed` : '', missing ? `${missing} account(s) not found` : '', incomplete ?? '']
    .filter(Boolean)
    .join(', ');
}
