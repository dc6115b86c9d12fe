/**
 * The engine's webhooks: every committed event that ends a channel run becomes one POST to the
 * installation's webhook, if one is set, and so does each recurring-payment event (as the queue serves it). The listener only builds the body and queues it; the HTTP exchange
 * happens in the dispatcher, so a slow or dead receiver never holds a synchronization up. One instance per
 * engine, listening to that engine's emitter only.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { EngineEvents, PublishedEvent } from '../events/engine-events';
import type { SecretStore } from '../secrets/secret-store';
import type { Settings } from '../settings';
import type { WebhooksStore } from '../store/webhooks';
import { listDeliveries } from './delivery-log';
import { DEFAULT_DISPATCHER, WebhookDispatcher } from './dispatcher';
import { isKeychainFailure, WebhookConfig } from './webhook-config';
import { forwardedEventFor, webhookEventFor } from './webhook-event';

export interface WebhooksDeps {
  store: WebhooksStore;
  events: EngineEvents;
  settings: Settings;
  secrets: SecretStore;
  log: FastifyBaseLogger;
  now(): number;
  isOpen(): boolean;
}

export class Webhooks {
  readonly config: WebhookConfig;
  readonly dispatcher: WebhookDispatcher;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: WebhooksDeps) {
    this.config = new WebhookConfig(deps);
    this.dispatcher = new WebhookDispatcher({
      ...DEFAULT_DISPATCHER,
      now: () => deps.now(),
      record: (entry) => deps.store.recordDelivery(entry),
      warn: (message, details) => deps.log.warn(details ?? {}, message),
    });
  }

  /** Starts listening to the engine's events. */
  start(): void {
    this.unsubscribe ??= this.deps.events.on((event) => this.handleEvent(event));
  }

  /** GET /admin/webhook/deliveries. */
  deliveries(page: number, limit: number, order: 'asc' | 'desc' = 'asc') {
    return listDeliveries(this.deps.store, page, limit, order);
  }

  /** What the listener does with one event. */
  handleEvent(event: PublishedEvent): void {
    const forwarded = forwardedEventFor(event);
    if ((!event.channelRun && !forwarded) || !this.deps.isOpen()) return;
    const url = this.config.url();
    if (!url) return;
    const body = forwarded ?? webhookEventFor(this.deps.store, event, this.deps.settings.get('webhook_accounts_threshold'));
    if (!body) return;
    let secret: string;
    try {
      secret = this.config.target()!.secret;
    } catch (err) {
      if (!isKeychainFailure(err)) throw err;
      this.deps.store.recordDelivery({
        eventId: event.id,
        userId: event.userId,
        connectionId: event.connectionId,
        url,
        outcome: 'secret_unavailable',
        durationMs: 0,
        error: (err as Error).message,
        creationDate: this.deps.now(),
      });
      return;
    }
    this.dispatcher.enqueue({
      eventId: event.id,
      userId: event.userId,
      connectionId: event.connectionId,
      url,
      secret,
      body: JSON.stringify(body),
    });
  }

  /** Stops listening; queued deliveries are dropped, running ones aborted (each logged). */
  async close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.dispatcher.close();
  }
}
