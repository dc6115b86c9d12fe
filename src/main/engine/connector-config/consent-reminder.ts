/**
 * Seven days before a channel's consent ends (`expires`, a PSD2 consent of at most 180 days), its owner
 * gets a CONSENT_REQUIRED event whose `consent_expires` says when (C16), once per consent end: renewing
 * the consent (a new `expires`) arms a new reminder. Checked hourly and at start.
 */
import type { EngineContext } from '../context';
import { emitEvent } from '../events/emit';
import { consentRemindersStore } from '../store/consent-reminders';

export const REMINDER_DAYS = 7;
const EVERY_MS = 3600 * 1000;

/** Sends the reminders due now; returns how many. */
export function sendConsentReminders(ctx: EngineContext): number {
  const store = consentRemindersStore(ctx.db);
  const now = ctx.now();
  const due = store.due(now, now + REMINDER_DAYS * 86_400);
  for (const c of due) {
    ctx.db.transaction(() => {
      emitEvent(ctx, {
        userId: c.user_id,
        connectionId: c.connection_id,
        eventType: 'CONSENT_REQUIRED',
        channelDefinitionId: c.channel_definition_id,
        payload: { consent_expires: c.expires },
      });
      store.markSent(c.channel_id, c.expires, now);
    })();
  }
  return due.length;
}

/** StartupStep: the hourly check. */
export function startConsentReminders(ctx: EngineContext): void {
  const tick = () => {
    try {
      if (ctx.db.open) sendConsentReminders(ctx);
    } catch (err) {
      ctx.log.error({ err }, 'consent reminders failed');
    }
  };
  const first = setTimeout(tick, 4000);
  const every = setInterval(tick, EVERY_MS);
  first.unref();
  every.unref();
  ctx.onClose(() => {
    clearTimeout(first);
    clearInterval(every);
  });
}
