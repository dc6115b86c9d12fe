import type { ChallengeRequired, ListedAccount } from '../../lib/api';

export interface ActiveChallenge extends ChallengeRequired {
  connectionId: string;
  channelDefinitionId?: string;
  /** When the bank asked (UTC seconds, the event's creation_date): the countdown's full length is `expires − asked`. */
  asked?: number;
  /** Set when this question follows a wrong answer given here (the bank asks again, fewer attempts left). */
  retry?: boolean;
}

export interface SyncState {
  queueId: string | null;
  /** False when this engine has no queues yet: progress then comes from polling the connections. */
  eventsAvailable: boolean | null;
  /** Connections synchronizing now → since when (UTC seconds). */
  running: Record<string, number>;
  /**
   * The challenges waiting for an answer, by connection id, until answered, cancelled, expired or the run
   * ends. Closing the dialog keeps them here: the banner, the connection's card and page reopen it.
   */
  challenges: Record<string, ActiveChallenge>;
  /** The connection whose challenge dialog is open. */
  challengeOpen: string | null;
  /** The last LIST_ACCOUNTS result per connection (accounts NEW/PRESENT/MISSING at the bank). */
  listed: Record<string, ListedAccount[]>;
}

export const initialSyncState: SyncState = {
  queueId: null,
  eventsAvailable: null,
  running: {},
  challenges: {},
  challengeOpen: null,
  listed: {},
};
