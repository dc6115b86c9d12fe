import type { Connection } from '../../lib/api';

/** When the connection last finished a synchronization (latest channel end), if ever. */
export function lastSyncDate(c: Connection): number | undefined {
  let last: number | undefined;
  for (const ch of c.channels ?? []) {
    const d = ch.last_end_date ?? ch.last_success_date;
    if (d !== undefined && (last === undefined || d > last)) last = d;
  }
  return last;
}
