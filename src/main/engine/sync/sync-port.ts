/**
 * What the rest of the engine asks of synchronization (see docs/api/synchronization.md). The sync module provides the
 * real implementation at start (`ctx.services.sync = …`); until then a placeholder only marks runs.
 */
export type SyncType = 'ALL' | 'LIST_ACCOUNTS';

export interface SyncRequest {
  type?: SyncType;
  /** Only these channels (default: every channel of the connection that can run). */
  channelDefinitionIds?: string[];
  /** Only these account ids (consent granted, account reopened). */
  accountIds?: number[];
  /**
   * true: an automatic run nobody asked for (the scheduler's); PSD2 limits such reads (see
   * docs/api/enablebanking.md#budget).
   */
  unattended?: boolean;
}

export interface SyncPort {
  /**
   * Starts a run in the background and returns at once. The connection is RUNNING when this returns
   * (the 201 of POST /connections is sent while RUNNING: see docs/api/request-bodies.md#connections). Already running ⇒
   * no second run, false.
   */
  start(connectionId: number, request?: SyncRequest): boolean;
  isRunning(connectionId: number): boolean;
  /** Stops a run (connection closed or deleted mid-run); resolves once it has stopped writing. */
  cancel(connectionId: number): Promise<void>;
  /** Answers (or cancels) the pending challenge of a connection; false when none is pending. */
  answerChallenge(connectionId: number, answer: { channelDefinitionId?: string; values?: Record<string, string>; cancel?: boolean }): boolean;
  /** How many answers the bank still accepts for the connection's pending challenge, when it said so. */
  challengeAttemptsLeft?(connectionId: number): number | undefined;
}
