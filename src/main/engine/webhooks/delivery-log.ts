/** The webhook delivery log as GET /admin/webhook/deliveries serves it (store/webhooks.ts keeps the rows). */
import type { DeliveryOutcome, DeliveryRow, WebhooksStore } from '../store/webhooks';

export type { DeliveryEntry, DeliveryOutcome } from '../store/webhooks';

export interface DeliveryRecord {
  id: string;
  event_id: string;
  user_id?: string;
  connection_id?: string;
  url: string;
  status_code?: number;
  outcome: DeliveryOutcome;
  duration_ms: number;
  error?: string;
  creation_date: number;
}

function deliveryRecord(row: DeliveryRow): DeliveryRecord {
  const r: DeliveryRecord = {
    id: String(row.id),
    event_id: row.event_id,
    url: row.url,
    outcome: row.outcome,
    duration_ms: row.duration_ms,
    creation_date: row.creation_date,
  };
  if (row.user_id !== null) r.user_id = String(row.user_id);
  if (row.connection_id !== null) r.connection_id = String(row.connection_id);
  if (row.status_code !== null) r.status_code = row.status_code;
  if (row.error !== null) r.error = row.error;
  return r;
}

/**
 * One page, oldest first (creation_date ascending then id: see docs/api/lists.md#sorting) or newest first, with the
 * total.
 */
export function listDeliveries(
  store: Pick<WebhooksStore, 'deliveries'>,
  page: number,
  limit: number,
  order: 'asc' | 'desc' = 'asc',
): { items: DeliveryRecord[]; total: number } {
  const { rows, total } = store.deliveries(page, limit, order);
  return { items: rows.map(deliveryRecord), total };
}
