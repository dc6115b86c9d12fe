/**
 * The webhook event of interface.md "Webhook", built from the event that ends a channel run: event_type
 * UPDATED, resource_type CONNECTIONS, the Connection record plus account_count and accounts, and
 * connection_updated.new_transactions. Above the `webhook_accounts_threshold` setting (100 by default;
 * never a constant: readers detect account_count > 0 with an empty array) `accounts` is empty.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';
import type { PublishedEvent } from '../events/event-bus';
import { accountRecord, type AccountRecord, type AccountRow } from '../services/accounts/record';

export interface WebhookEvent {
  id: string;
  event_type: 'UPDATED';
  resource_type: 'CONNECTIONS';
  creation_date: number;
  channel_definition_id?: string;
  resource: Record<string, unknown> & { account_count: number; accounts: AccountRecord[] };
  connection_updated: { new_transactions: boolean };
}

/** Whether the accounts go into the event: only up to the threshold (interface.md Webhook 4). */
export const accountsIncluded = (accountCount: number, threshold: number) => accountCount <= threshold;

const statements = new WeakMap<Db, { count: Statement<[number], number>; accounts: Statement<[number], AccountRow> }>();

function statementsOf(db: Db) {
  let s = statements.get(db);
  if (!s) {
    s = {
      count: db.prepare<[number], number>('SELECT count(*) FROM accounts WHERE connection_id = ?').pluck(),
      accounts: db.prepare<[number], AccountRow>(
        'SELECT * FROM accounts WHERE connection_id = ? ORDER BY creation_date, id',
      ),
    };
    statements.set(db, s);
  }
  return s;
}

/** The webhook event for a committed channel-end event, or undefined when it is not one (or has no connection). */
export function webhookEventFor(db: Db, event: PublishedEvent, threshold: number): WebhookEvent | undefined {
  const run = event.channelRun;
  const resource = event.event.resource as Record<string, unknown> | undefined;
  if (!run || !resource || event.connectionId === null) return undefined;
  const s = statementsOf(db);
  const accountCount = s.count.get(event.connectionId)!;
  const accounts = accountsIncluded(accountCount, threshold)
    ? s.accounts.all(event.connectionId).map(accountRecord)
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
