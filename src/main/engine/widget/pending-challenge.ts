/**
 * The challenge a connection is waiting for (C8), for the user_input widget opened on its own: the
 * CHALLENGE_REQUIRED event went to queues subscribed before it, so a page opened later reads the pending
 * challenge here instead.
 */
import type { Db } from '../db/database';
import { parseId, parseJson } from '../domain/record';
import type { WidgetLanguage } from './flow-params';

interface ChallengeRow {
  channel_definition_id: string;
  fields: string;
  message: string;
  expires: number;
}

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
  };
}

export function pendingChallenge(
  db: Db,
  userId: number,
  connectionIdText: string,
  now: number,
  lang: WidgetLanguage,
): PendingChallenge | undefined {
  const row = db
    .prepare<[number, number, number], ChallengeRow>(
      `SELECT c.channel_definition_id, c.fields, c.message, c.expires
         FROM challenges c JOIN connections k ON k.id = c.connection_id
        WHERE k.id = ? AND k.user_id = ? AND c.expires > ?
        ORDER BY c.expires DESC LIMIT 1`,
    )
    .get(parseId(connectionIdText) ?? -1, userId, now);
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
    },
  };
}
