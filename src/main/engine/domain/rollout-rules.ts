/**
 * The REDIRECT roll-out of a provider (docs/api/rollout.md) as plain rules: which request is
 * allowed in which state, and the state it leads to. The database effects are in rollout-apply.ts.
 *
 * - Step 0 (initial): only the EMBEDDED definition, covering CHECKINGS, CREDIT_CARD, SAVINGS, LOAN.
 * - Step 1, in batches: a first batch of at most 100 named users, then up to 3 random batches, then the last
 *   batch "all" (new users too). Members get the REDIRECT definition; EMBEDDED still covers all four types.
 * - Step 2, for the whole provider at once: EMBEDDED loses CHECKINGS and CREDIT_CARD. Allowed once step 1
 *   reached everyone, or straight from step 0 (step 1 skipped: then there is no batching any more).
 */

export const MAX_FIRST_BATCH = 100;
export const MAX_RANDOM_BATCHES = 3;

export type BatchKind = 'users' | 'random' | 'all';

export interface Batch {
  kind: BatchKind;
  date: number;
  /** Users who joined with this batch (none for "all": everyone is a member from then on). */
  users: number[];
  /** Random batches: the share of the users not yet members that was drawn. */
  share?: number;
}

export interface RolloutState {
  step: 0 | 1 | 2;
  batches: Batch[];
  /** Step 1 reached every user, present and future (last batch, or step 2). */
  all: boolean;
  /** Step 2 was applied without step 1. */
  step1_skipped: boolean;
  step2_date?: number;
}

export const INITIAL_STATE: RolloutState = { step: 0, batches: [], all: false, step1_skipped: false };

export type RolloutRequest =
  { step: 1; users: number[] } | { step: 1; batch: 'random'; share: number } | { step: 1; batch: 'all' } | { step: 2 };

/** Reads the `providers.rollout` JSON (`{}` for a provider never rolled out). */
export function parseState(json: string | null | undefined): RolloutState {
  try {
    const raw = JSON.parse(json || '{}') as Partial<RolloutState>;
    return {
      step: raw.step === 1 || raw.step === 2 ? raw.step : 0,
      batches: Array.isArray(raw.batches) ? raw.batches : [],
      all: raw.all === true,
      step1_skipped: raw.step1_skipped === true,
      ...(typeof raw.step2_date === 'number' ? { step2_date: raw.step2_date } : {}),
    };
  } catch {
    return { ...INITIAL_STATE };
  }
}

export function membersOf(state: RolloutState): Set<number> {
  return new Set(state.batches.flatMap((b) => b.users));
}

/**
 * Parses the POST body: `{"step": 1, "users": [ids…]}`, `{"step": 1, "batch": "random", "share": 0.5}`,
 * `{"step": 1, "batch": "all"}` or `{"step": 2}`. Returns the request or the reason it is refused.
 */
export function parseRequest(body: unknown): RolloutRequest | string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'the body must be a JSON object';
  const b = body as Record<string, unknown>;
  if (b.step === 2) {
    if (b.users !== undefined || b.batch !== undefined)
      return 'step 2 applies to the whole provider and cannot be batched';
    return { step: 2 };
  }
  if (b.step !== 1) return 'step must be 1 or 2';
  if (b.users !== undefined && b.batch !== undefined) return 'give either users (the first batch) or batch, not both';
  if (b.users !== undefined) {
    if (!Array.isArray(b.users) || b.users.length === 0) return 'users must be a non-empty array of user ids';
    if (b.users.length > MAX_FIRST_BATCH) return `the first batch holds at most ${MAX_FIRST_BATCH} users`;
    const ids: number[] = [];
    for (const u of b.users) {
      const text = typeof u === 'number' ? String(u) : u;
      if (typeof text !== 'string' || !/^[1-9]\d{0,15}$/.test(text))
        return `users: ${JSON.stringify(u)} is not a user id`;
      if (!ids.includes(Number(text))) ids.push(Number(text));
    }
    return { step: 1, users: ids };
  }
  if (b.batch === 'all') return { step: 1, batch: 'all' };
  if (b.batch === 'random') {
    if (typeof b.share !== 'number' || !Number.isFinite(b.share) || b.share <= 0 || b.share > 1) {
      return 'a random batch needs share, a number above 0 and at most 1';
    }
    return { step: 1, batch: 'random', share: b.share };
  }
  return 'step 1 needs users (the first batch) or batch ("random" with share, or "all")';
}

/** Whether `request` may follow `state`; the reason when not. */
export function refusal(state: RolloutState, request: RolloutRequest): string | null {
  if (state.step === 2) {
    if (request.step === 2) return 'step 2 is already done';
    return state.step1_skipped
      ? 'step 1 was skipped for this provider: batching is unavailable'
      : 'step 2 is already done: step 1 is over';
  }
  if (request.step === 2) {
    if (state.step === 1 && !state.all)
      return 'step 1 has not reached every user: finish it with {"step": 1, "batch": "all"} first';
    return null;
  }
  if (state.all) return 'step 1 already reached every user (the last batch was "all")';
  if ('users' in request && state.batches.length > 0)
    return 'a batch of named users is only possible as the first batch';
  if (
    'batch' in request &&
    request.batch === 'random' &&
    state.batches.filter((b) => b.kind === 'random').length >= MAX_RANDOM_BATCHES
  ) {
    return `at most ${MAX_RANDOM_BATCHES} random batches; the next one is {"step": 1, "batch": "all"}`;
  }
  return null;
}

/** Draws `share` of `candidates` (at least one when there is any), with `random` in [0, 1). */
export function drawRandomBatch(candidates: readonly number[], share: number, random: () => number): number[] {
  if (candidates.length === 0) return [];
  const count = Math.max(1, Math.round(share * candidates.length));
  const pool = [...candidates];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/** The state after an allowed request; `joined` are the users the batch adds (step 1 users / random). */
export function nextState(state: RolloutState, request: RolloutRequest, joined: number[], now: number): RolloutState {
  if (request.step === 2) {
    return { ...state, step: 2, all: true, step1_skipped: state.step === 0, step2_date: now };
  }
  const kind: BatchKind = 'users' in request ? 'users' : request.batch;
  const batch: Batch = {
    kind,
    date: now,
    users: kind === 'all' ? [] : joined,
    ...('share' in request ? { share: request.share } : {}),
  };
  return { ...state, step: 1, batches: [...state.batches, batch], all: kind === 'all' };
}

/**
 * Roll-out step 2 for one EMBEDDED channel (docs/api/records.md#account-status, last row): its CHECKINGS and
 * CREDIT_CARD accounts that are ACTIVE or ERROR become UNAVAILABLE; the channel then becomes
 * PARTIAL_SUCCESS when it still has SAVINGS or LOAN accounts, FAILED when it had only CHECKINGS and
 * CREDIT_CARD ones. A channel none of whose accounts changed keeps its status (undefined).
 */
export function step2ForChannel(accounts: ReadonlyArray<{ type: string; status: string }>): {
  unavailable: boolean[];
  channelStatus: 'PARTIAL_SUCCESS' | 'FAILED' | undefined;
} {
  const psd2 = (t: string) => t === 'CHECKINGS' || t === 'CREDIT_CARD';
  const unavailable = accounts.map((a) => psd2(a.type) && (a.status === 'ACTIVE' || a.status === 'ERROR'));
  if (!unavailable.some(Boolean)) return { unavailable, channelStatus: undefined };
  const others = accounts.some((a) => !psd2(a.type));
  return { unavailable, channelStatus: others ? 'PARTIAL_SUCCESS' : 'FAILED' };
}
