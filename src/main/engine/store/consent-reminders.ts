/** SQL of the consent-end reminders (table consent_reminders, migration 6). */
import type { Db } from '../db/database';

export interface ExpiringChannel {
  channel_id: number;
  channel_definition_id: string;
  connection_id: number;
  user_id: number;
  expires: number;
}

export function createConsentRemindersStore(db: Db) {
  const due = db.prepare<[number, number], ExpiringChannel>(
    `SELECT ch.id AS channel_id, ch.channel_definition_id, ch.connection_id, c.user_id, ch.expires
       FROM channels ch JOIN connections c ON c.id = ch.connection_id
      WHERE ch.expires IS NOT NULL AND ch.expires > ? AND ch.expires <= ?
        AND ch.status NOT IN ('CLOSED', 'EMPTY') AND c.status <> 'CLOSED'
        AND NOT EXISTS (SELECT 1 FROM consent_reminders r WHERE r.channel_id = ch.id AND r.expires = ch.expires)
      ORDER BY ch.expires LIMIT 200`,
  );
  const mark = db.prepare('INSERT OR IGNORE INTO consent_reminders (channel_id, expires, sent_date) VALUES (?, ?, ?)');
  return {
    /** Channels whose consent ends between `now` and `until`, not reminded yet for that end. */
    due: (now: number, until: number) => due.all(now, until),
    markSent: (channelId: number, expires: number, now: number) => void mark.run(channelId, expires, now),
  };
}
export type ConsentRemindersStore = ReturnType<typeof createConsentRemindersStore>;
