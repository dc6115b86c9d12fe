/**
 * Challenges (C8): a connector's `ctx.challenge()` becomes a pending challenge of its connection (a row in
 * `challenges`, the channel CHALLENGE_REQUIRED, a CHALLENGE_REQUIRED event) until `user_input` answers it,
 * the user cancels it, it expires (`challenge_timeout_seconds`), or the run is stopped.
 */
import type { ChallengeRequest } from '../connectors/types';
import type { EngineContext } from '../context';
import { emitEvent } from '../events/emit';
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
}

export class ChallengeBroker {
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly ctx: EngineContext) {}

  /** Asks the user; resolves with the answers, rejects with ChallengeEnded or the signal's reason. */
  ask(
    run: { userId: number; connectionId: number; channelId: number; channelDefinitionId: string; signal: AbortSignal },
    request: ChallengeRequest,
  ): Promise<Record<string, string>> {
    const { ctx } = this;
    if (run.signal.aborted) return Promise.reject(run.signal.reason);
    if (this.pending.has(run.connectionId))
      return Promise.reject(new Error('a challenge is already pending for this connection'));
    const timeout = Math.max(1, Number(ctx.settings.get('challenge_timeout_seconds')) || 300);
    const expires = ctx.now() + timeout;
    const fields = Array.isArray(request?.fields) ? request.fields : [];
    const message = typeof request?.message === 'string' ? request.message : '';

    ctx.db.transaction(() => {
      ctx.db
        .prepare(
          `INSERT INTO challenges (connection_id, channel_definition_id, fields, message, expires) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (connection_id, channel_definition_id) DO UPDATE SET fields = excluded.fields, message = excluded.message, expires = excluded.expires`,
        )
        .run(run.connectionId, run.channelDefinitionId, JSON.stringify(fields), message, expires);
      ctx.db.prepare("UPDATE channels SET status = 'CHALLENGE_REQUIRED' WHERE id = ?").run(run.channelId);
      refreshConnectionStatus(ctx.db, run.connectionId);
      emitEvent(ctx, {
        userId: run.userId,
        connectionId: run.connectionId,
        eventType: 'CHALLENGE_REQUIRED',
        channelDefinitionId: run.channelDefinitionId,
        payload: { challenge_required: { fields, message, expires } },
      });
    })();

    return new Promise<Record<string, string>>((resolve, reject) => {
      const settle = () => {
        clearTimeout(entry.timer);
        run.signal.removeEventListener('abort', onAbort);
        this.pending.delete(run.connectionId);
        ctx.db
          .prepare('DELETE FROM challenges WHERE connection_id = ? AND channel_definition_id = ?')
          .run(run.connectionId, run.channelDefinitionId);
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
        timer: setTimeout(() => entry.reject(new ChallengeEnded('CHALLENGE_TIMED_OUT')), timeout * 1000),
      };
      this.pending.set(run.connectionId, entry);
      run.signal.addEventListener('abort', onAbort, { once: true });
    });
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
    if (answer.cancel) {
      entry.reject(new ChallengeEnded('CHALLENGE_CANCELLED'));
      return true;
    }
    this.ctx.db.transaction(() => {
      this.ctx.db.prepare("UPDATE channels SET status = 'RUNNING' WHERE id = ?").run(entry.channelId);
      refreshConnectionStatus(this.ctx.db, connectionId);
    })();
    entry.resolve({ ...(answer.values ?? {}) });
    return true;
  }
}
