/** The webhook delivery log (C9: "each delivery's outcome is kept"), read through GET /admin/webhook/deliveries. */
import type { Db } from '../db/database';

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

interface DeliveryRow {
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

export function recordDelivery(db: Db, d: DeliveryEntry): void {
  if (!db.open) return;
  db.prepare(
    `INSERT INTO webhook_deliveries (event_id, user_id, connection_id, url, status_code, outcome, duration_ms, error, creation_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
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

/** One page, oldest first (C5: creation_date ascending then id) or newest first, with the total. */
export function listDeliveries(
  db: Db,
  page: number,
  limit: number,
  order: 'asc' | 'desc' = 'asc',
): { items: DeliveryRecord[]; total: number } {
  const total = db.prepare<[], number>('SELECT count(*) FROM webhook_deliveries').pluck().get()!;
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  const rows = db
    .prepare<[number, number], DeliveryRow>(
      `SELECT * FROM webhook_deliveries ORDER BY creation_date ${direction}, id ${direction} LIMIT ? OFFSET ?`,
    )
    .all(limit, (page - 1) * limit);
  return { items: rows.map(deliveryRecord), total };
}
