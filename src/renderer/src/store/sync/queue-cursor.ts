import { ApiError, connectionsApi, type Connection } from '../../lib/api';
import { stopFollowing, type StoreAccess } from './slice-parts';

interface Cursor {
  /** The tab's queue. */
  id: string;
  /** The last event read from it. */
  last: number;
}

const queueKey = (userId: string) => `queue:${userId}`;

// Each tab has its own queue (reading with flush_from deletes what was read): kept per tab, across reloads.
export function saveCursor(userId: string, cursor: Cursor): void {
  try {
    sessionStorage.setItem(queueKey(userId), JSON.stringify(cursor));
  } catch {
    // not kept: a reload subscribes again
  }
}

export function savedCursor(userId: string): Cursor | null {
  try {
    return JSON.parse(sessionStorage.getItem(queueKey(userId)) ?? 'null') as Cursor | null;
  } catch {
    return null;
  }
}

/** Without queues: follow running connections by reading them. */
export async function pollConnections(access: StoreAccess, finished: (connection: Connection) => void): Promise<void> {
  const { get } = access;
  for (const id of Object.keys(get().running)) {
    try {
      const connection = await connectionsApi.get(id);
      get().applyConnection(connection);
      if (connection.status !== 'RUNNING') finished(connection);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        get().removeConnectionLocal(id);
        stopFollowing(access, id);
      }
    }
  }
}
