/**
 * What webhooks keep and read: the delivery log (docs/api/events.md#webhook: "each delivery's outcome is kept", table
 * `webhook_deliveries`) and the accounts a webhook event carries.
 */
import type { Db } from '../db/database';
import type { AccountRow } from './accounts';

export type DeliveryOutcome =
  'delivered' | 'http_error' | 'timeout' | 'network_error' | 'dropped' | 'secret_unavailable';

export interface DeliveryEntry {
  eventId: string;
  userId: number | null;
  connectionId: number | null;
  url: string;
  statusCode?: number;
  outcome: DeliveryOutcome;
  durationMs: number;
  error?: string;
  creationDate: number;
}

export interface DeliveryRow {
  id: number;
  event_id: string;
  user_id: number | null;
  connection_id: number | null;
  url: string;
  status_code: number | null;
  outcome: DeliveryOutcome;
  duration_ms: number;
  error: string | null;
  creation_date: number;
}

/** Delivery-log rows kept at most (oldest go first). */
export const MAX_DELIVERY_LOG_ROWS = 10_000;

export function createWebhooksStore(db: Db) {
  const insert = db.prepare(
    `INSERT INTO webhook_deliveries (event_id, user_id, connection_id, url, status_code, outcome, duration_ms, error, creation_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const count = db.prepare<[], number>('SELECT count(*) FROM webhook_deliveries').pluck();
  const pageAsc = db.prepare<[number, number], DeliveryRow>(
    'SELECT * FROM webhook_deliveries ORDER BY creation_date ASC, id ASC LIMIT ? OFFSET ?',
  );
  const pageDesc = db.prepare<[number, number], DeliveryRow>(
    'SELECT * FROM webhook_deliveries ORDER BY creation_date DESC, id DESC LIMIT ? OFFSET ?',
  );
  const trim = db.prepare('DELETE FROM webhook_deliveries WHERE id <= (SELECT MAX(id) FROM webhook_deliveries) - ?');
  const accountCount = db.prepare<[number], number>('SELECT count(*) FROM accounts WHERE connection_id = ?').pluck();
  const accounts = db.prepare<[number], AccountRow>(
    'SELECT * FROM accounts WHERE connection_id = ? ORDER BY creation_date, id',
  );
  return {
    /** Logs one delivery; nothing once the database closed (a delivery ending during shutdown). */
    recordDelivery(d: DeliveryEntry): void {
      if (!db.open) return;
      insert.run(
        d.eventId,
        d.userId,
        d.connectionId,
        d.url,
        d.statusCode ?? null,
        d.outcome,
        Math.round(d.durationMs),
        d.error ?? null,
        d.creationDate,
      );
    },
    /** One page, oldest first (creation_date ascending then id) or newest first, with the total. */
    deliveries(page: number, limit: number, order: 'asc' | 'desc'): { rows: DeliveryRow[]; total: number } {
      const rows = (order === 'desc' ? pageDesc : pageAsc).all(limit, (page - 1) * limit);
      return { rows, total: count.get()! };
    },
    /** Keeps the newest MAX_DELIVERY_LOG_ROWS rows. */
    trimDeliveries(): number {
      return trim.run(MAX_DELIVERY_LOG_ROWS).changes;
    },
    accountCount(connectionId: number): number {
      return accountCount.get(connectionId)!;
    },
    accounts(connectionId: number): AccountRow[] {
      return accounts.all(connectionId);
    },
  };
}

export type WebhooksStore = ReturnType<typeof createWebhooksStore>;
