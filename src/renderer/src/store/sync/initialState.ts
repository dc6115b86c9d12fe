import type { ChallengeRequired, ListedAccount } from '../../lib/api';

export interface ActiveChallenge extends ChallengeRequired {
  connectionId: string;
  channelDefinitionId?: string;
}

export interface SyncState {
  queueId: string | null;
  /** False when this engine has no queues yet: progress then comes from polling the connections. */
  eventsAvailable: boolean | null;
  /** Connections synchronizing now → since when (UTC seconds). */
  running: Record<string, number>;
  challenge: ActiveChallenge | null;
  /** The last LIST_ACCOUNTS result per connection (accounts NEW/PRESENT/MISSING at the bank). */
  listed: Record<string, ListedAccount[]>;
}

export const initialSyncState: SyncState = {
  queueId: null,
  eventsAvailable: null,
  running: {},
  challenge: null,
  listed: {},
};
