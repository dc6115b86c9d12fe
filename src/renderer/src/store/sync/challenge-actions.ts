import { ApiError, connectionsApi } from '../../lib/api';
import { prepareCredentials } from '../../lib/credential-encryption';
import { toast } from '../../ui/Toast';
import type { SyncAction } from './action';
import type { ChallengeBook } from './challenge-book';
import { nowSeconds, type StoreAccess } from './slice-parts';

type ChallengeActions = Pick<SyncAction, 'answerChallenge' | 'cancelChallenge' | 'dismissChallenge' | 'openChallenge'>;

/** The challenge dialog's actions: answer, cancel, hide, open. `rescheduleSoon` reads the queue again shortly. */
export function createChallengeActions(
  { set, get, t }: StoreAccess,
  challenges: ChallengeBook,
  rescheduleSoon: () => void,
): ChallengeActions {
  return {
    async answerChallenge(values: Record<string, string>) {
      const open = get().challengeOpen;
      const challenge = open ? get().challenges[open] : undefined;
      if (!challenge) return false;
      const prepared = await prepareCredentials(challenge.fields, values);
      try {
        await connectionsApi.answerChallenge(challenge.connectionId, {
          channel_definition_id: challenge.channelDefinitionId,
          ...prepared,
        });
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
        // No longer pending (expired, answered elsewhere): nothing left to answer, the run's end tells the rest.
        challenges.drop(challenge.connectionId);
        toast.info(t('challenge.gone'));
        void get().loadConnections();
        return false;
      }
      challenges.answered.set(challenge.connectionId, challenge);
      challenges.drop(challenge.connectionId);
      rescheduleSoon();
      return true;
    },

    async cancelChallenge() {
      const open = get().challengeOpen;
      const challenge = open ? get().challenges[open] : undefined;
      if (!challenge) return;
      try {
        await connectionsApi.cancelChallenge(challenge.connectionId);
      } finally {
        challenges.drop(challenge.connectionId);
        rescheduleSoon();
      }
    },

    dismissChallenge() {
      set({ challengeOpen: null });
    },

    async openChallenge(connectionId: string) {
      const kept = get().challenges[connectionId];
      const challenge = kept && kept.expires > nowSeconds() ? kept : await challenges.readPending(connectionId);
      if (!challenge) {
        challenges.drop(connectionId);
        void get().loadConnections();
        return false;
      }
      set({ challengeOpen: connectionId });
      return true;
    },
  };
}
