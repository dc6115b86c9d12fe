import { describe, expect, it } from 'vitest';
import {
  drawRandomBatch,
  INITIAL_STATE,
  nextState,
  parseRequest,
  parseState,
  refusal,
  step2ForChannel,
  type RolloutRequest,
  type RolloutState,
} from '../../../src/main/engine/domain/rollout-rules';

const users = (ids: number[]): RolloutRequest => ({ step: 1, users: ids });
const random = (share: number): RolloutRequest => ({ step: 1, batch: 'random', share });
const all: RolloutRequest = { step: 1, batch: 'all' };
const step2: RolloutRequest = { step: 2 };

function run(...requests: RolloutRequest[]): RolloutState {
  let s = INITIAL_STATE;
  for (const r of requests) {
    const refused = refusal(s, r);
    if (refused) throw new Error(refused);
    s = nextState(s, r, 'users' in r ? r.users : [], 1000);
  }
  return s;
}

describe('roll-out request order (docs/api/rollout.md#batches)', () => {
  it.each<[string, RolloutRequest[], RolloutRequest, RegExp | null]>([
    ['first batch of named users', [], users([1]), null],
    ['random as the first batch', [], random(0.5), null],
    ['all at once', [], all, null],
    ['step 2 straight away (step 1 skipped)', [], step2, null],
    ['named users after a batch', [users([1])], users([2]), /first batch/],
    ['random after named users', [users([1])], random(0.3), null],
    ['a fourth random batch', [users([1]), random(0.1), random(0.1), random(0.1)], random(0.1), /at most 3/],
    ['all after random batches', [users([1]), random(0.1), random(0.1), random(0.1)], all, null],
    ['step 2 during partial step 1', [users([1])], step2, /finish it/],
    ['step 2 after all', [users([1]), all], step2, null],
    ['a batch after all', [all], random(0.5), /already reached every user/],
    ['step 2 twice', [step2], step2, /already done/],
    ['batching after skipping step 1', [step2], users([1]), /batching is unavailable/],
    ['batch "all" after skipping step 1', [step2], all, /batching is unavailable/],
    ['step 1 after step 2 that followed step 1', [all, step2], all, /step 1 is over/],
  ])('%s', (_name, before, request, expected) => {
    const r = refusal(run(...before), request);
    if (expected === null) expect(r).toBeNull();
    else expect(r).toMatch(expected);
  });

  it('records batches, members and the skip', () => {
    expect(run(users([3, 4]), random(0.5))).toMatchObject({
      step: 1,
      all: false,
      batches: [
        { kind: 'users', users: [3, 4] },
        { kind: 'random', share: 0.5 },
      ],
    });
    expect(run(users([3]), all)).toMatchObject({ step: 1, all: true });
    expect(run(step2)).toMatchObject({ step: 2, all: true, step1_skipped: true, step2_date: 1000 });
    expect(run(all, step2)).toMatchObject({ step: 2, step1_skipped: false });
  });

  it('reads stored state, tolerating {} and garbage', () => {
    expect(parseState('{}')).toEqual(INITIAL_STATE);
    expect(parseState('not json')).toEqual(INITIAL_STATE);
    const s = run(users([1]));
    expect(parseState(JSON.stringify(s))).toEqual(s);
  });
});

describe('roll-out request bodies', () => {
  it.each([
    [
      { step: 1, users: ['12', 13, '12'] },
      { step: 1, users: [12, 13] },
    ],
    [
      { step: 1, batch: 'random', share: 1 },
      { step: 1, batch: 'random', share: 1 },
    ],
    [
      { step: 1, batch: 'all' },
      { step: 1, batch: 'all' },
    ],
    [{ step: 2 }, { step: 2 }],
  ])('parses %j', (body, expected) => {
    expect(parseRequest(body)).toEqual(expected);
  });

  it.each([
    [{ step: 1, users: ['0'] }],
    [{ step: 1, users: [1.5] }],
    [{ step: 1, users: 'x' }],
    [{ step: 1, batch: 'random', share: Number.NaN }],
    [null],
  ])('refuses %j', (body) => {
    expect(typeof parseRequest(body)).toBe('string');
  });
});

describe('random batches', () => {
  it('draws round(share × candidates), at least one, without repeats', () => {
    const candidates = Array.from({ length: 10 }, (_, i) => i + 1);
    let seed = 1;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const drawn = drawRandomBatch(candidates, 0.5, rnd);
    expect(drawn).toHaveLength(5);
    expect(new Set(drawn).size).toBe(5);
    expect(drawn.every((d) => candidates.includes(d))).toBe(true);
    expect(drawRandomBatch(candidates, 0.01, rnd)).toHaveLength(1);
    expect(drawRandomBatch(candidates, 1, rnd)).toEqual(candidates);
    expect(drawRandomBatch([], 0.5, rnd)).toEqual([]);
  });
});

describe('step 2 on an EMBEDDED channel (account table, last row)', () => {
  it.each([
    [
      'checking + savings',
      [
        ['CHECKINGS', 'ACTIVE'],
        ['SAVINGS', 'ACTIVE'],
      ],
      [true, false],
      'PARTIAL_SUCCESS',
    ],
    [
      'card in ERROR + loan',
      [
        ['CREDIT_CARD', 'ERROR'],
        ['LOAN', 'ERROR'],
      ],
      [true, false],
      'PARTIAL_SUCCESS',
    ],
    [
      'checking + card only',
      [
        ['CHECKINGS', 'ACTIVE'],
        ['CREDIT_CARD', 'ACTIVE'],
      ],
      [true, true],
      'FAILED',
    ],
    ['savings only', [['SAVINGS', 'ACTIVE']], [false], undefined],
    [
      'closed checking + loan',
      [
        ['CHECKINGS', 'CLOSED'],
        ['LOAN', 'ACTIVE'],
      ],
      [false, false],
      undefined,
    ],
    ['suspended checking', [['CHECKINGS', 'SUSPENDED']], [false], undefined],
    ['no accounts', [], [], undefined],
  ])('%s', (_name, accounts, unavailable, status) => {
    const r = step2ForChannel((accounts as string[][]).map(([type, s]) => ({ type, status: s })));
    expect(r.unavailable).toEqual(unavailable);
    expect(r.channelStatus).toBe(status);
  });
});
