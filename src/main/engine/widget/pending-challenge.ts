/**
 * The challenge a connection is waiting for (see docs/api/synchronization.md#challenges), for the user_input widget
 * opened on its own: the CHALLENGE_REQUIRED event went to queues subscribed before it, so a page opened later reads the
 * pending challenge here instead.
 */
import type { WidgetPagesStore } from '../store/widget-pages';
import { parseId, parseJson } from '../domain/record';
import type { Language } from '../../../shared/language';

interface StoredField {
  id: string;
  label?: string;
  label_fr?: string;
  type?: string;
  encrypt?: boolean;
  regexp?: string;
}

export interface PendingChallenge {
  channel_definition_id: string;
  challenge_required: {
    fields: Array<{ id: string; label: string; type: string; encrypt: boolean; regexp?: string }>;
    message: string;
    expires: number;
    attempts_left?: number;
  };
}

export function pendingChallenge(
  store: WidgetPagesStore,
  userId: number,
  connectionIdText: string,
  now: number,
  lang: Language,
  attemptsLeft?: number,
): PendingChallenge | undefined {
  const row = store.pendingChallenge(parseId(connectionIdText) ?? -1, userId, now);
  if (!row) return undefined;
  const fields = parseJson<StoredField[]>(row.fields, []).filter((f) => f && typeof f.id === 'string');
  return {
    channel_definition_id: row.channel_definition_id,
    challenge_required: {
      fields: fields.map((f) => ({
        id: f.id,
        label: (lang === 'fr' && f.label_fr) || f.label || f.id,
        type: f.type ?? 'TEXT',
        encrypt: f.encrypt === true,
        ...(typeof f.regexp === 'string' && { regexp: f.regexp }),
      })),
      message: row.message,
      expires: row.expires,
      ...(attemptsLeft !== undefined && { attempts_left: attemptsLeft }),
    },
  };
}
