import { connectionsApi } from '../../lib/api';
import { kv } from '../../lib/db';
import { unexpired } from './challenge-rules';
import type { ActiveChallenge } from './initialState';
import { nowSeconds, type StoreAccess } from './slice-parts';

const challengesKey = (userId: string) => `challenges:${userId}`;

/**
 * The pending challenges of one store: kept in its state and, across reloads, in IndexedDB per user; what
 * was answered here (to tell a question asked again) and what is being read from the engine.
 */
export function createChallengeBook({ set, get }: StoreAccess) {
  /** The last question answered here, per connection, until its run ends: tells a question asked again. */
  const answered = new Map<string, ActiveChallenge>();
  /** Connections whose pending challenge is being read from the engine. */
  const reading = new Set<string>();

  const persist = () => {
    const user = get().user;
    if (user) void kv.set(challengesKey(user.id), get().challenges);
  };

  const put = (challenge: ActiveChallenge, open: boolean) => {
    set((s) => ({
      challenges: { ...unexpired(s.challenges, nowSeconds()), [challenge.connectionId]: challenge },
      challengeOpen: open ? challenge.connectionId : s.challengeOpen,
    }));
    persist();
  };

  const drop = (connectionId: string) => {
    if (!(connectionId in get().challenges) && get().challengeOpen !== connectionId) return;
    set((s) => {
      const challenges = { ...s.challenges };
      delete challenges[connectionId];
      return { challenges, challengeOpen: s.challengeOpen === connectionId ? null : s.challengeOpen };
    });
    persist();
  };

  /** A connection waiting for a code that this tab has no question for (its event went elsewhere): read it. */
  const readPending = async (connectionId: string): Promise<ActiveChallenge | null> => {
    if (reading.has(connectionId)) return null;
    reading.add(connectionId);
    try {
      const pending = await connectionsApi.pendingChallenge(connectionId, get().language);
      const challenge: ActiveChallenge = {
        ...pending.challenge_required,
        connectionId,
        channelDefinitionId: pending.channel_definition_id,
        asked: nowSeconds(),
      };
      put(challenge, false);
      return challenge;
    } catch {
      return null;
    } finally {
      reading.delete(connectionId);
    }
  };

  /** The challenges kept for this user across reloads. */
  const restore = async (userId: string) => {
    const kept = await kv.get<Record<string, ActiveChallenge>>(challengesKey(userId));
    if (kept && typeof kept === 'object') set({ challenges: unexpired(kept, nowSeconds()) });
  };

  return { answered, put, drop, readPending, restore };
}

export type ChallengeBook = ReturnType<typeof createChallengeBook>;
