import { CONNECTION_STATUSES, type Connection, type QueueEvent } from '../../lib/api';
import { recurringNotice } from '../../lib/recurring-notice';
import { dataSelectors } from '../data/selectors';
import type { ChallengeBook } from './challenge-book';
import { isRetry } from './challenge-rules';
import type { ActiveChallenge } from './initialState';
import type { StoreAccess } from './slice-parts';

const FINAL = new Set<string>(CONNECTION_STATUSES.filter((s) => s !== 'RUNNING' && s !== 'EMPTY'));

/** What one store does with an event of its queue: the connection's new state, a question, a run's end. */
export function createEventHandler(
  access: StoreAccess,
  challenges: ChallengeBook,
  finished: (connection: Connection) => void,
) {
  const { set, get, t } = access;

  const followSince = (id: string, since: number) =>
    set((s) => ({ running: { ...s.running, [id]: s.running[id] ?? since } }));

  const challengeAsked = (event: QueueEvent, connection: Connection) => {
    const c = event.challenge_required;
    if (!c) return;
    const id = connection.id;
    const next: ActiveChallenge = {
      ...c,
      connectionId: id,
      channelDefinitionId: event.channel_definition_id,
      asked: event.creation_date,
    };
    const challenge = isRetry(challenges.answered.get(id), next) ? { ...next, retry: true } : next;
    // A new question opens the dialog, also when an earlier one was dismissed.
    challenges.put(challenge, true);
    followSince(id, event.creation_date);
    // The desktop notification calls the person back; asked again right after their answer, they are here.
    if (!challenge.retry)
      void window.coffer
        ?.notify(
          t('challenge.notify'),
          c.message || t('challenge.text', { name: dataSelectors.connectionLabelText(get(), connection) }),
        )
        .catch(() => undefined);
  };

  return function handleEvent(event: QueueEvent): void {
    // A recurring payment found, changing its price or missed: a desktop notification, no connection state.
    const notice = recurringNotice(event, get().language);
    if (notice) {
      void window.coffer?.notify(notice.title, notice.body).catch(() => undefined);
      return;
    }
    const connection = event.resource;
    const id = connection?.id;
    if (event.event_type === 'DELETED') {
      if (id) get().removeConnectionLocal(id);
      return;
    }
    if (connection && id) get().applyConnection(connection);
    switch (event.event_type) {
      case 'RUNNING':
        if (id) followSince(id, event.creation_date);
        return;
      case 'CHALLENGE_REQUIRED':
        if (connection && id) challengeAsked(event, connection);
        return;
      case 'LIST_ACCOUNTS_SUCCESS':
        if (id && event.list_accounts_success) {
          set((s) => ({ listed: { ...s.listed, [id]: event.list_accounts_success!.accounts } }));
        }
        if (connection && connection.status !== 'RUNNING') finished(connection);
        return;
      case 'CONSENT_REQUIRED':
        void get().loadAccounts();
        return;
      default:
        if (FINAL.has(event.event_type) && connection && connection.status !== 'RUNNING') finished(connection);
    }
  };
}
