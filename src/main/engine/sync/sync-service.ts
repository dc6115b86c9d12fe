/**
 * The synchronization service (see docs/api/synchronization.md), one per engine (`engine.services.sync`): starts runs
 * in the background (the connection is RUNNING when `start` returns), runs a connection's channels one after the other
 * under a limit of parallel channel runs (`max_parallel_syncs`), chains LIST_ACCOUNTS → ALL, cancels, answers
 * challenges, and settles statuses when runs stop.
 */
import { skippedUnattended } from '../domain/refused-credentials';
import type { CatalogueProvider } from '../catalogue/providers';
import type { ChannelDefinition, Connector } from '../connectors/types';
import type { ChannelRow } from '../store/channels';
import type { ConnectionRow } from '../store/connections';
import type { Settings } from '../settings';
import type { Store } from '../store';
import { BankStateStore } from '../store/bank-state';
import { ChallengeBroker, type ChallengeAnswer } from './challenge-broker';
import { runChannel, type ChannelRunDeps, type ChannelRunEnv } from './channel-run';
import { CategoryMemo } from './provider-data';
import { userFiling } from './user-filing';
import { settleInterruptedRuns } from './recovery';
import { RunCancelled } from './run-errors';
import { Semaphore } from './semaphore';
import type { SyncPort, SyncRequest, SyncType } from './sync-port';

/** What the sync service is handed by the engine. */
export interface SyncDeps extends ChannelRunDeps {
  /** The results' store, and the person's rules and corrections (how new transactions are filed: user-filing.ts). */
  store: ChannelRunDeps['store'] & Pick<Store, 'categorizationRules' | 'categoryCorrections' | 'accounts' | 'ownCategories'>;
  settings: Settings;
  /** The engine's connectors, by provider id. */
  connectorOf(providerId: string): Connector | undefined;
  /** The provider as the connection's user sees it (roll-out applied): which channels may run. */
  providerFor(connection: ConnectionRow): CatalogueProvider | undefined;
}

export interface SyncServiceOptions {
  /** Time limit of one connector call, in ms (default: setting `sync_call_timeout_seconds`, else 300 s). */
  callTimeoutMs?: number;
}

interface ConnectionRun {
  connectionId: number;
  controller: AbortController;
  done: Promise<void>;
  /**
   * Asked while this run was going for something it does not cover (new credentials of a channel, an
   * account consented, reopened or validated): run after it, in order.
   */
  followUps: SyncRequest[];
  /**
   * A plain request that came after this run's last results were committed (see `start`): it runs as soon
   * as this run has ended, and its channels and connection are RUNNING already.
   */
  restart?: SyncRequest;
}

interface PlannedChannel {
  channel: ChannelRow;
  definition: ChannelDefinition;
}

export class SyncService implements SyncPort {
  private readonly runs = new Map<number, ConnectionRun>();
  private readonly semaphore: Semaphore;
  readonly broker: ChallengeBroker;
  private readonly bankStates: BankStateStore;
  private categoryMemo?: CategoryMemo;
  private knownCategories: ReadonlySet<string> = new Set();
  private stopped = false;

  constructor(
    private readonly deps: SyncDeps,
    private readonly options: SyncServiceOptions = {},
  ) {
    this.semaphore = new Semaphore(() => Number(deps.settings.get('max_parallel_syncs')));
    this.broker = new ChallengeBroker({ ...deps, runs: deps.store.syncRuns });
    this.bankStates = new BankStateStore(deps.settings);
  }

  isRunning(connectionId: number): boolean {
    return this.runs.has(connectionId);
  }

  /** Connections with a run going (or queued). */
  runningConnections(): number[] {
    return [...this.runs.keys()];
  }

  start(connectionId: number, request: SyncRequest = {}): boolean {
    if (this.stopped) return false;
    const current = this.runs.get(connectionId);
    if (current) {
      // A plain synchronization of a running connection is not started twice (see
      // docs/api/synchronization.md#background); a targeted one waits.
      if (request.accountIds?.length || request.channelDefinitionIds?.length) {
        const key = JSON.stringify(request);
        if (!current.followUps.some((r) => JSON.stringify(r) === key)) current.followUps.push(request);
        return false;
      }
      return this.restartAfter(current, request);
    }
    const runs = this.deps.store.syncRuns;
    const connection = runs.connection(connectionId);
    if (!connection || connection.status === 'CLOSED') return false;
    const connector = this.deps.connectorOf(connection.provider_id);
    if (!connector) return false;
    const channels = this.runnableChannels(connection, request.channelDefinitionIds).filter(
      // the schedule never retries a password the bank refused (domain/refused-credentials.ts)
      (c) => !(request.unattended && skippedUnattended(c.definition.mode, c.channel.status)),
    );
    if (channels.length === 0) return false;

    runs.atomically(() => {
      for (const c of channels) runs.setChannelStatus(c.channel.id, 'RUNNING');
      runs.setConnectionStatus(connectionId, 'RUNNING');
    });

    const run: ConnectionRun = {
      connectionId,
      controller: new AbortController(),
      done: Promise.resolve(),
      followUps: [],
    };
    this.runs.set(connectionId, run);
    run.done = this.execute(run, connection, connector, channels, request.type ?? 'ALL', request.accountIds, request.unattended === true)
      .catch((err) => this.deps.log.error({ err, connectionId }, 'synchronization failed'))
      .finally(() => {
        this.runs.delete(connectionId);
        if (run.controller.signal.aborted) return;
        if (run.restart && !this.stopped && this.start(connectionId, run.restart)) {
          this.runs.get(connectionId)!.followUps.push(...run.followUps);
          return;
        }
        // Channels left RUNNING by a run that stopped early (a failure before their turn), or marked for a
        // restart that could not start.
        if (runs.isOpen()) settleInterruptedRuns(runs, this.deps.now(), [connectionId]);
        const pending = [...run.followUps];
        while (pending.length && !this.stopped) {
          if (this.start(connectionId, pending.shift()!)) {
            this.runs.get(connectionId)!.followUps.push(...pending);
            break;
          }
        }
      });
    return true;
  }

  /**
   * A plain request for a connection whose run is still going: not started twice (see
   * docs/api/synchronization.md#background) — unless that run's last results are already committed. They are written on
   * the results writer thread (results-writer.ts), so readers see the connection's final status a moment before this
   * thread hears the write ended and the run ends; a client that saw it and asks again gets a new run, as when the
   * write was on this thread. The connection and its channels are RUNNING from now on (as after any start); the run
   * starts once the finishing one has ended.
   */
  private restartAfter(current: ConnectionRun, request: SyncRequest): boolean {
    const runs = this.deps.store.syncRuns;
    const connection = runs.connection(current.connectionId);
    if (current.restart || !connection || connection.status === 'RUNNING' || connection.status === 'CLOSED') return false;
    if (current.controller.signal.aborted || !this.deps.connectorOf(connection.provider_id)) return false;
    const channels = this.runnableChannels(connection, request.channelDefinitionIds);
    if (channels.length === 0) return false;
    runs.atomically(() => {
      for (const c of channels) runs.setChannelStatus(c.channel.id, 'RUNNING');
      runs.setConnectionStatus(current.connectionId, 'RUNNING');
    });
    current.restart = request;
    return true;
  }

  async cancel(connectionId: number): Promise<void> {
    const run = this.runs.get(connectionId);
    if (!run) return;
    run.controller.abort(new RunCancelled());
    await run.done;
    const runs = this.deps.store.syncRuns;
    if (runs.isOpen()) settleInterruptedRuns(runs, this.deps.now(), [connectionId]);
  }

  answerChallenge(connectionId: number, answer: ChallengeAnswer): boolean {
    return this.broker.answer(connectionId, answer);
  }

  challengeAttemptsLeft(connectionId: number): number | undefined {
    return this.broker.attemptsLeft(connectionId);
  }

  /** Engine stopping: no new run; running ones stop (writing nothing more) and their statuses are settled. */
  async shutdown(): Promise<void> {
    this.stopped = true;
    const ids = [...this.runs.keys()];
    await Promise.all(ids.map((id) => this.cancel(id)));
  }

  private runnableChannels(connection: ConnectionRow, only?: string[]): PlannedChannel[] {
    const provider = this.deps.providerFor(connection);
    const rows = this.deps.store.syncRuns.runnableChannels(connection.id);
    const out: PlannedChannel[] = [];
    for (const channel of rows) {
      if (only && !only.includes(channel.channel_definition_id)) continue;
      const definition = provider?.channel_definitions.find((d) => d.id === channel.channel_definition_id);
      if (!definition || definition.unavailable) continue;
      out.push({ channel, definition });
    }
    // REDIRECT first: PSD2 accounts link to it (docs/api/records.md#channel-linking).
    return out.sort((a, b) =>
      a.definition.mode === b.definition.mode ? 0 : a.definition.mode === 'REDIRECT' ? -1 : 1,
    );
  }

  private categories(): CategoryMemo {
    if (!this.categoryMemo) {
      this.knownCategories = new Set(this.deps.store.syncRuns.categoryIds());
      this.categoryMemo = new CategoryMemo(this.knownCategories.size ? this.knownCategories : new Set(['UNCATEGORIZED']));
    }
    return this.categoryMemo;
  }

  private callTimeoutMs(): number {
    if (this.options.callTimeoutMs !== undefined) return this.options.callTimeoutMs;
    const seconds = Number(this.deps.settings.getRaw<number>('sync_call_timeout_seconds'));
    return (Number.isFinite(seconds) && seconds > 0 ? seconds : 300) * 1000;
  }

  private async execute(
    run: ConnectionRun,
    connection: ConnectionRow,
    connector: Connector,
    channels: PlannedChannel[],
    type: SyncType,
    accountIds?: number[],
    unattended = false,
  ): Promise<void> {
    const runs = this.deps.store.syncRuns;
    const signal = run.controller.signal;
    const providerId = connection.provider_id;
    const env: ChannelRunEnv = {
      deps: this.deps,
      connector,
      broker: this.broker,
      categories: this.categories(),
      // The person's rules and learnt labels, read and compiled once for this run.
      filing: userFiling(this.deps.store, connection.user_id, this.knownCategories, connection.id),
      bankState: this.bankStates.of(providerId),
      callTimeoutMs: this.callTimeoutMs(),
      signal,
      saveBankState: () => this.bankStates.save(providerId),
      bankStateRow: () => this.bankStates.row(providerId),
    };
    const ids = accountIds?.length ? new Set(accountIds) : undefined;

    for (const planned of channels) {
      if (signal.aborted) return;
      let release: () => void;
      try {
        release = await this.semaphore.acquire(signal);
      } catch {
        return;
      }
      try {
        const fresh = (): ChannelRow | undefined => runs.channel(planned.channel.id);
        let channel = fresh();
        if (!channel || channel.status === 'CLOSED' || channel.status === 'EMPTY') continue;
        const consentPerAccount = runs.connection(connection.id)?.consent_per_account === 1;
        const base = {
          connectionId: connection.id,
          userId: connection.user_id,
          providerId,
          definition: planned.definition,
          consentPerAccount,
          ...(unattended ? { unattended } : {}),
        };
        if (type === 'LIST_ACCOUNTS') {
          const followedByAll = !consentPerAccount;
          const listed = await runChannel(env, { ...base, channel, type: 'LIST_ACCOUNTS', followedByAll });
          if (!followedByAll || listed.status !== 'SUCCESS') continue;
          channel = fresh();
          if (!channel) continue;
          await runChannel(env, { ...base, channel, type: 'ALL', followedByAll: false });
        } else {
          await runChannel(env, { ...base, channel, type: 'ALL', accountIds: ids, followedByAll: false });
        }
      } catch (err) {
        if (err instanceof RunCancelled) return;
        throw err;
      } finally {
        this.bankStates.save(providerId);
        release();
      }
    }
  }
}
