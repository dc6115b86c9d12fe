/**
 * Pure rules of the pending challenges the app keeps (store/sync): which are still waiting, and whether a new
 * question is the bank asking again after a wrong answer.
 */
import type { ActiveChallenge } from './initialState';

/** The challenges whose `expires` (the engine's deadline) is still ahead at `nowSeconds`. */
export function unexpired(
  challenges: Readonly<Record<string, ActiveChallenge>>,
  nowSeconds: number,
): Record<string, ActiveChallenge> {
  return Object.fromEntries(Object.entries(challenges).filter(([, c]) => c.expires > nowSeconds));
}

/**
 * A new question follows a wrong answer when the previous question of the same run, answered here, was on the
 * same channel and the bank now accepts fewer answers. Without `attempts_left` it cannot be told (another
 * channel, or a second factor, asks the same way): no claim is made then.
 */
export function isRetry(
  previous: Pick<ActiveChallenge, 'channelDefinitionId' | 'attempts_left'> | undefined,
  next: Pick<ActiveChallenge, 'channelDefinitionId' | 'attempts_left'>,
): boolean {
  return (
    previous !== undefined &&
    previous.channelDefinitionId === next.channelDefinitionId &&
    previous.attempts_left !== undefined &&
    next.attempts_left !== undefined &&
    next.attempts_left < previous.attempts_left
  );
}
