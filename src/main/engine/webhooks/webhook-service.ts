import { SecretStoreUnavailable } from '../domain/errors';
/**
 * Wires webhooks to the event bus (StartupStep): every committed event that ends a channel run becomes one
 * POST to the installation's webhook, if one is set. The listener only builds the body and queues it; the
 * HTTP exchange happens in the dispatcher, so a slow or dead receiver never holds a synchronization up.
 */
import type { Statement } from 'better-sqlite3';
import type { EngineContext } from '../context';
import { onEvent, type PublishedEvent } from '../events/event-bus';
import { ApiError } from '../http/errors';
import { recordDelivery } from './delivery-log';
import { DEFAULT_DISPATCHER, WebhookDispatcher } from './dispatcher';
import { webhookConfig } from './webhook-config';
import { webhookEventFor } from './webhook-event';

const dispatchers = new WeakMap<object, WebhookDispatcher>();
const ownEventStatements = new WeakMap<object, Statement<[number, number, string, number], number>>();

/**
 * The bus is process-wide: with several engines in one process (tests, benchmarks) a listener also hears
 * the others' events. Keep those of our own database.
 */
function isOwnEvent(ctx: EngineContext, event: PublishedEvent): boolean {
  let stmt = ownEventStatements.get(ctx.db);
  if (!stmt) {
    stmt = ctx.db
      .prepare<[number, number, string, number], number>(
        'SELECT 1 FROM events WHERE id = ? AND user_id = ? AND event_type = ? AND creation_date = ?',
      )
      .pluck();
    ownEventStatements.set(ctx.db, stmt);
  }
  return stmt.get(Number(event.id), event.userId, event.eventType, event.creationDate) === 1;
}

/** The engine's dispatcher (undefined before the start step ran). */
export function webhookDispatcher(ctx: Pick<EngineContext, 'db'>): WebhookDispatcher | undefined {
  return dispatchers.get(ctx.db);
}

/** What the event-bus listener does with one event. */
export function handleEvent(ctx: EngineContext, dispatcher: WebhookDispatcher, event: PublishedEvent): void {
  if (!event.channelRun || !ctx.db.open) return;
  const config = webhookConfig(ctx);
  const url = config.url();
  if (!url || !isOwnEvent(ctx, event)) return;
  const body = webhookEventFor(ctx.db, event, ctx.settings.get('webhook_accounts_threshold'));
  if (!body) return;
  let secret: string;
  try {
    secret = config.target()!.secret;
  } catch (err) {
    if (!(err instanceof ApiError || err instanceof SecretStoreUnavailable)) throw err;
    recordDelivery(ctx.db, {
      eventId: event.id,
      userId: event.userId,
      connectionId: event.connectionId,
      url,
      outcome: 'secret_unavailable',
      durationMs: 0,
      error: err.message,
      creationDate: ctx.now(),
    });
    return;
  }
  dispatcher.enqueue({
    eventId: event.id,
    userId: event.userId,
    connectionId: event.connectionId,
    url,
    secret,
    body: JSON.stringify(body),
  });
}

export function startWebhooks(ctx: EngineContext): void {
  const dispatcher = new WebhookDispatcher({
    ...DEFAULT_DISPATCHER,
    now: () => ctx.now(),
    record: (entry) => recordDelivery(ctx.db, entry),
    warn: (message, details) => ctx.log.warn(details ?? {}, message),
  });
  dispatchers.set(ctx.db, dispatcher);
  const unsubscribe = onEvent((event) => handleEvent(ctx, dispatcher, event));
  ctx.onClose(async () => {
    unsubscribe();
    await dispatcher.close();
  });
}
