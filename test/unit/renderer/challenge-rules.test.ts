import { describe, expect, it } from 'vitest';
import { isRetry, unexpired } from '../../../src/renderer/src/store/sync/challenge-rules';
import { secondsLeftAt } from '../../../src/renderer/src/features/challenge/seconds-left';
import type { ActiveChallenge } from '../../../src/renderer/src/store/sync/initialState';

const question = (over: Partial<ActiveChallenge> = {}): ActiveChallenge => ({
  connectionId: '1',
  channelDefinitionId: '900000',
  fields: [],
  message: '',
  expires: 1000,
  ...over,
});

describe('pending challenges (app)', () => {
  it('keeps the challenges whose expires is still ahead', () => {
    const kept = unexpired(
      { a: question({ expires: 1000 }), b: question({ expires: 999 }), c: question({ expires: 1001 }) },
      999,
    );
    expect(Object.keys(kept)).toEqual(['a', 'c']);
  });

  it('a question is asked again after a wrong answer: same channel, fewer attempts left', () => {
    expect(isRetry(question({ attempts_left: 3 }), question({ attempts_left: 2 }))).toBe(true);
    expect(isRetry(undefined, question({ attempts_left: 2 }))).toBe(false);
    expect(isRetry(question({ attempts_left: 3 }), question({ attempts_left: 3 }))).toBe(false);
    expect(isRetry(question({ attempts_left: 3 }), question({ attempts_left: 2, channelDefinitionId: '900001' }))).toBe(
      false,
    );
    // Without attempts_left nothing can be told (another factor asks the same way).
    expect(isRetry(question(), question())).toBe(false);
  });

  it('the countdown is the whole seconds until expires, from the time given, never below 0', () => {
    expect(secondsLeftAt(1300, 1000_000)).toBe(300);
    expect(secondsLeftAt(1300, 1000_400)).toBe(299);
    expect(secondsLeftAt(1300, 1300_000)).toBe(0);
    expect(secondsLeftAt(1300, 1400_000)).toBe(0);
  });
});
