/**
 * Runs that ended without finishing (the engine was killed, or stopped mid-run): no channel or connection
 * may stay RUNNING or waiting on a challenge nobody can answer any more. A channel goes back to the final
 * status of its previous run — its data is still that run's, since an unfinished run writes nothing — or
 * FAILED when it never finished a run; its unfinished `sync_runs` rows become FAILED.
 */
import type { Db } from '../db/database';
import { refreshConnectionStatus } from './statuses';

/** Statuses of a run still going: a channel in them has a run that must be accounted for. */
const IN_FLIGHT = ['RUNNING', 'CHALLENGE_REQUIRED'];
/** The error of a run row that never finished. */
const INTERRUPTED = 'interrupted';

/** The status a channel returns to when its run is gone. */
export function previousFinalStatus(db: Db, connectionId: number, channelDefinitionId: string): string {
  return (
    db
      .prepare<[number, string], string>(
        `SELECT status FROM sync_runs WHERE connection_id = ? AND channel_definition_id = ?
           AND status NOT IN ('RUNNING', 'CANCELLED') AND error IS NOT '${INTERRUPTED}' ORDER BY id DESC LIMIT 1`,
      )
      .pluck()
      .get(connectionId, channelDefinitionId) ?? 'FAILED'
  );
}

/**
 * Puts the channels of `connectionIds` (all connections when omitted) that are in flight back to a final
 * status, and recomputes their connections' statuses. Returns the connections touched.
 */
export function settleInterruptedRuns(db: Db, now: number, connectionIds?: readonly number[]): number[] {
  return db.transaction(() => {
    const filter = connectionIds ? `AND connection_id IN (${connectionIds.map(() => '?').join(',') || 'NULL'})` : '';
    const args = connectionIds ? [...connectionIds] : [];
    const channels = db
      .prepare<unknown[], { id: number; connection_id: number; channel_definition_id: string }>(
        `SELECT id, connection_id, channel_definition_id FROM channels WHERE status IN (${IN_FLIGHT.map(() => '?').join(',')}) ${filter}`,
      )
      .all(...IN_FLIGHT, ...args);
    const setStatus = db.prepare('UPDATE channels SET status = ? WHERE id = ?');
    const touched = new Set<number>();
    const previous = channels.map((c) => previousFinalStatus(db, c.connection_id, c.channel_definition_id));
    channels.forEach((c, i) => {
      setStatus.run(previous[i], c.id);
      touched.add(c.connection_id);
    });
    db.prepare(
      `UPDATE sync_runs SET status = 'FAILED', ended_date = ?, error = '${INTERRUPTED}' WHERE status = 'RUNNING' ${filter}`,
    ).run(now, ...args);
    db.prepare(`DELETE FROM challenges WHERE 1 = 1 ${filter}`).run(...args);
    // Connections marked RUNNING whose channels never started (or that have none left).
    const running = db
      .prepare<unknown[], number>(
        `SELECT id FROM connections WHERE status = 'RUNNING' ${filter.replace('connection_id', 'id')}`,
      )
      .pluck()
      .all(...args);
    for (const id of running) touched.add(id);
    for (const id of touched) {
      const status = refreshConnectionStatus(db, id);
      if (status === 'RUNNING') db.prepare("UPDATE connections SET status = 'FAILED' WHERE id = ?").run(id);
    }
    return [...touched];
  })();
}
