/**
 * The webhook event of docs/api/events.md#webhook, built from the event that ends a channel run: event_type
 * UPDATED, resource_type CONNECTIONS, the Connection record plus account_count and accounts, and
 * connection_updated.new_transactions. Above the `webhook_accounts_threshold` setting (100 by default;
 * never a constant: readers detect account_count > 0 with an empty array) `accounts` is empty.
 */
import type { PublishedEvent } from '../events/engine-events';
import { accountRecord, type AccountRecord } from '../services/accounts/record';
import type { WebhooksStore } from '../store/webhooks';

export interface WebhookEvent {
  id: string;
  event_type: 'UPDATED';
  resource_type: 'CONNECTIONS';
  creation_date: number;
  channel_definition_id?: string;
  resource: Record<string, unknown> & { account_count: number; accounts: AccountRecord[] };
  connection_updated: { new_transactions: boolean };
}

/** Whether the accounts go into the event: only up to the threshold (docs/api/events.md#accounts-threshold). */
export const accountsIncluded = (accountCount: number, threshold: number) => accountCount <= threshold;

/** The webhook event for a committed channel-end event, or undefined when it is not one (or has no connection). */
export function webhookEventFor(
  store: Pick<WebhooksStore, 'accountCount' | 'accounts'>,
  event: PublishedEvent,
  threshold: number,
): WebhookEvent | undefined {
  const run = event.channelRun;
  const resource = event.event.resource as Record<string, unknown> | undefined;
  if (!run || !resource || event.connectionId === null) return undefined;
  const accountCount = store.accountCount(event.connectionId);
  const accounts = accountsIncluded(accountCount, threshold)
    ? store.accounts(event.connectionId).map(accountRecord)
    : [];
  return {
    id: event.id,
    event_type: 'UPDATED',
    resource_type: 'CONNECTIONS',
    creation_date: event.creationDate,
    ...(event.channelDefinitionId ? { channel_definition_id: event.channelDefinitionId } : {}),
    resource: { ...resource, account_count: accountCount, accounts },
    connection_updated: { new_transactions: run.newTransactions },
  };
}

/** Queue events that also go to the webhook as they are (the recurring-payment events). */
const FORWARDED = new Set(['RECURRING_PAYMENT_NEW', 'RECURRING_PAYMENT_PRICE_CHANGE', 'RECURRING_PAYMENT_MISSED']);

/**
 * The webhook body of a recurring-payment event: the queue event itself (`event_type`, the connection as
 * `resource`, `recurring_payment`), so that a receiver reads it like a queue reader; undefined for others.
 */
export function forwardedEventFor(event: PublishedEvent): Record<string, unknown> | undefined {
  return FORWARDED.has(event.eventType) ? event.event : undefined;
}
