/** A ConnectorContext for tests, and a helper that runs a whole synchronization like the engine would. */
import type {
  AccountFetchResult,
  ChallengeRequest,
  Connector,
  ConnectorContext,
  ConsentGrant,
  ProviderAccount,
} from '../../../src/main/engine/connectors/types';

export const T0 = Date.UTC(2025, 2, 14, 15, 0, 0) / 1000; // Friday 14 March 2025, 15:00 UTC
export const DAY = 86_400;

export interface FakeOptions {
  login?: string;
  password?: string;
  channel?: string;
  now?: number;
  since?: number;
  grant?: ConsentGrant;
  bankState?: Record<string, unknown>;
  state?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Answers challenges; default answers sms_code 123456. */
  answer?: (req: ChallengeRequest) => Promise<Record<string, string>> | Record<string, string>;
}

export type FakeContext = ConnectorContext & {
  challenges: ChallengeRequest[];
  progressLog: Array<{ done: number; total: number; message?: string }>;
};

export function fakeContext(o: FakeOptions = {}): FakeContext {
  const challenges: ChallengeRequest[] = [];
  const progressLog: FakeContext['progressLog'] = [];
  const channel = o.channel ?? '900000';
  return {
    connectionId: 1,
    channelDefinitionId: channel,
    credentials: channel === '900000' ? { login: o.login ?? 'user_ok', password: o.password ?? 'pass_ok' } : {},
    state: o.state ?? {},
    bankState: o.bankState ?? {},
    grant: o.grant,
    since: o.since,
    signal: o.signal ?? new AbortController().signal,
    now: () => o.now ?? T0,
    async challenge(req) {
      challenges.push(req);
      return o.answer ? o.answer(req) : { sms_code: '123456' };
    },
    progress(done, total, message) {
      progressLog.push({ done, total, message });
    },
    challenges,
    progressLog,
  };
}

export interface SyncOutcome {
  accounts: ProviderAccount[];
  results: Map<string, AccountFetchResult>;
  errors: Map<string, unknown>;
}

/** listAccounts then fetchAccount for every account, with one context, as the engine does. */
export async function syncAll(connector: Connector, ctx: ConnectorContext): Promise<SyncOutcome> {
  const accounts = await connector.listAccounts(ctx);
  const results = new Map<string, AccountFetchResult>();
  const errors = new Map<string, unknown>();
  for (const account of accounts) {
    try {
      results.set(account.reference, await connector.fetchAccount(ctx, account));
    } catch (e) {
      errors.set(account.reference, e);
    }
  }
  return { accounts, results, errors };
}

/** What the engine does between runs: save the persisted objects as JSON and load them again. */
export function persisted<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Rejection of a promise, for assertions on its fields. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}
