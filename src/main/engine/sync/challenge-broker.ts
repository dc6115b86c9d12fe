/**
 * Challenges (see docs/api/synchronization.md#challenges): a connector's `ctx.challenge()` becomes a pending challenge
 * of its connection (a row in `challenges`, the channel CHALLENGE_REQUIRED, a CHALLENGE_REQUIRED event) until
 * `user_input` answers it, the user cancels it, it expires (`challenge_timeout_seconds`), or the run is stopped.
 *
 * `expires` is the one deadline: the event tells it, and the wait ends exactly then (not a timeout counted
 * from another instant), so an answer is accepted until `expires` and never after.
 *
 * A bank that accepts several answers asks again after a wrong one (another `ctx.challenge()` in the same
 * run, with `attempts_left`): each question is a new pending challenge with its own event and deadline.
 */
import type { ChallengeRequest } from '../connectors/types';
import type { EventWriter } from '../events/emit';
import type { Settings } from '../settings';
import type { SyncRunsStore } from '../store/sync-runs';
import { ChallengeEnded } from './run-errors';
import { refreshConnectionStatus } from './statuses';

export interface ChallengeAnswer {
  channelDefinitionId?: string;
  values?: Record<string, string>;
  cancel?: boolean;
}

interface Pending {
  connectionId: number;
  channelId: number;
  channelDefinitionId: string;
  resolve(values: Record<string, string>): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
  expires: number;
  attemptsLeft?: number;
}

export interface ChallengeBrokerDeps {
  runs: SyncRunsStore;
  eventWriter: EventWriter;
  settings: Pick<Settings, 'get'>;
  now(): number;
}

export class ChallengeBroker {
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly deps: ChallengeBrokerDeps) {}

  /** Asks the user; resolves with the answers, rejects with ChallengeEnded or the signal's reason. */
  ask(
    run: { userId: number; connectionId: number; channelId: number; channelDefinitionId: string; signal: AbortSignal },
    request: ChallengeRequest,
  ): Promise<Record<string, string>> {
    const { runs, eventWriter, settings } = this.deps;
    if (run.signal.aborted) return Promise.reject(run.signal.reason);
    if (this.pending.has(run.connectionId))
      return Promise.reject(new Error('a challenge is already pending for this connection'));
    const timeout = Math.max(1, Number(settings.get('challenge_timeout_seconds')) || 300);
    const expires = this.deps.now() + timeout;
    const fields = Array.isArray(request?.fields) ? request.fields : [];
    const message = typeof request?.message === 'string' ? request.message : '';
    const attempts = request?.attempts_left;
    const attemptsLeft = Number.isInteger(attempts) && (attempts as number) >= 1 ? (attempts as number) : undefined;

    runs.atomically(() => {
      runs.putChallenge({
        connectionId: run.connectionId,
        channelDefinitionId: run.channelDefinitionId,
        fields: JSON.stringify(fields),
        message,
        expires,
      });
      runs.setChannelStatus(run.channelId, 'CHALLENGE_REQUIRED');
      refreshConnectionStatus(runs, run.connectionId);
      eventWriter.emit({
        userId: run.userId,
        connectionId: run.connectionId,
        eventType: 'CHALLENGE_REQUIRED',
        channelDefinitionId: run.channelDefinitionId,
        payload: {
          challenge_required: {
            fields,
            message,
            expires,
            ...(attemptsLeft !== undefined && { attempts_left: attemptsLeft }),
          },
        },
      });
    });

    return new Promise<Record<string, string>>((resolve, reject) => {
      const settle = () => {
        clearTimeout(entry.timer);
        run.signal.removeEventListener('abort', onAbort);
        this.pending.delete(run.connectionId);
        runs.deleteChallenge(run.connectionId, run.channelDefinitionId);
      };
      const onAbort = () => {
        settle();
        reject(run.signal.reason);
      };
      const entry: Pending = {
        connectionId: run.connectionId,
        channelId: run.channelId,
        channelDefinitionId: run.channelDefinitionId,
        resolve: (values) => {
          settle();
          resolve(values);
        },
        reject: (err) => {
          settle();
          reject(err);
        },
        timer: setTimeout(() => entry.reject(new ChallengeEnded('CHALLENGE_TIMED_OUT')), this.msUntil(expires)),
        expires,
        ...(attemptsLeft !== undefined && { attemptsLeft }),
      };
      this.pending.set(run.connectionId, entry);
      run.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Milliseconds until the engine's clock (whole UTC seconds) reaches `at`: the seconds left, less the part of
   * the current second already gone (the engine's `now()` is rounded down).
   */
  private msUntil(at: number): number {
    return Math.max(0, (at - this.deps.now()) * 1000 - (Date.now() % 1000));
  }

  /** The `attempts_left` of the connection's pending challenge (the challenges table does not keep it). */
  attemptsLeft(connectionId: number): number | undefined {
    return this.pending.get(connectionId)?.attemptsLeft;
  }

  hasPending(connectionId: number): boolean {
    return this.pending.has(connectionId);
  }

  /**
   * Answers or cancels the connection's pending challenge; false when none is pending (or it belongs to
   * another channel than the one named). On an answer, the channel is RUNNING again before this returns.
   */
  answer(connectionId: number, answer: ChallengeAnswer): boolean {
    const entry = this.pending.get(connectionId);
    if (!entry) return false;
    if (answer.channelDefinitionId && answer.channelDefinitionId !== entry.channelDefinitionId) return false;
    // Past `expires` (the timer is a few milliseconds late, or the event loop was busy): it timed out.
    if (this.deps.now() >= entry.expires) {
      entry.reject(new ChallengeEnded('CHALLENGE_TIMED_OUT'));
      return false;
    }
    // The channel is RUNNING again until the run's end is written (also for a cancellation: its end is written
    // by the results writer, which may finish after this answer is acknowledged).
    const { runs } = this.deps;
    runs.atomically(() => {
      runs.setChannelStatus(entry.channelId, 'RUNNING');
      refreshConnectionStatus(runs, connectionId);
    });
    if (answer.cancel) {
      entry.reject(new ChallengeEnded('CHALLENGE_CANCELLED'));
      return true;
    }
    entry.resolve({ ...(answer.values ?? {}) });
    return true;
  }
}
