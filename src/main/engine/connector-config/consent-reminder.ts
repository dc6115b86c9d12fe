/**
 * Seven days before a channel's consent ends (`expires`, a PSD2 consent of at most 180 days), its owner
 * gets a CONSENT_REQUIRED event whose `consent_expires` says when (see docs/api/enablebanking.md#consent-reminder),
 * once per consent end: renewing the consent (a new `expires`) arms a new reminder. Checked hourly and at start.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { EventWriter } from '../events/emit';
import type { Store } from '../store';

export const REMINDER_DAYS = 7;
const EVERY_MS = 3600 * 1000;

export interface ConsentRemindersDeps {
  store: Pick<Store, 'transaction' | 'consentReminders'>;
  eventWriter: Pick<EventWriter, 'emit'>;
  log: FastifyBaseLogger;
  /** UTC seconds. */
  now(): number;
  isOpen(): boolean;
}

/** Sends the reminders due now; returns how many. */
export function sendConsentReminders(deps: ConsentRemindersDeps): number {
  const { store } = deps;
  const now = deps.now();
  const due = store.consentReminders.due(now, now + REMINDER_DAYS * 86_400);
  for (const c of due) {
    store.transaction(() => {
      deps.eventWriter.emit({
        userId: c.user_id,
        connectionId: c.connection_id,
        eventType: 'CONSENT_REQUIRED',
        channelDefinitionId: c.channel_definition_id,
        payload: { consent_expires: c.expires },
      });
      store.consentReminders.markSent(c.channel_id, c.expires, now);
    });
  }
  return due.length;
}

/** The hourly check (first a few seconds after start); returns the stop. */
export function startConsentReminders(deps: ConsentRemindersDeps): () => void {
  const tick = () => {
    try {
      if (deps.isOpen()) sendConsentReminders(deps);
    } catch (err) {
      deps.log.error({ err }, 'consent reminders failed');
    }
  };
  const first = setTimeout(tick, 4000);
  const every = setInterval(tick, EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
