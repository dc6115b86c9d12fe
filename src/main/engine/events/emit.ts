/**
 * Writes events (C9) into the `events` table. Callable inside a larger transaction (the synchronization
 * writes a channel's results and its events together); listeners of event-bus.ts hear of an event only
 * after it committed.
 */
import type { EngineContext } from '../context';
import { loadConnectionRecord, type ConnectionRecord } from '../services/connections/record';
import { publishAfterCommit, type ChannelRunOutcome, type PublishedEvent } from './event-bus';

export type EventType =
  | 'RUNNING'
  | 'CHALLENGE_REQUIRED'
  | 'LIST_ACCOUNTS_SUCCESS'
  | 'CONSENT_REQUIRED'
  | 'DELETED'
  /** The channel's final status (SUCCESS, PARTIAL_SUCCESS, FAILED, AUTH_FAILED, …, TOKEN_EXPIRED). */
  | (string & {});

export interface EmitInput {
  userId: number;
  connectionId: number;
  eventType: EventType;
  channelDefinitionId?: string;
  /** Members added to the event beside the standard ones (`challenge_required`, `list_accounts_success`). */
  payload?: Record<string, unknown>;
  /** The connection record to carry; default: read now (inside the caller's transaction, so it is current). */
  resource?: ConnectionRecord;
  /** On the event that ends a channel run: what listeners (webhooks) need beside the event. */
  channelRun?: ChannelRunOutcome;
}

type Ctx = Pick<EngineContext, 'db' | 'store' | 'urls' | 'now'>;

interface Statements {
  insert: { run(...params: unknown[]): { lastInsertRowid: number | bigint } };
  setPayload: { run(...params: unknown[]): unknown };
}

const statements = new WeakMap<object, Statements>();

function statementsOf(ctx: Ctx): Statements {
  let s = statements.get(ctx.db);
  if (!s) {
    s = {
      insert: ctx.db.prepare(
        `INSERT INTO events (user_id, connection_id, event_type, resource_type, channel_definition_id, creation_date, payload)
         VALUES (?, ?, ?, 'CONNECTION', ?, ?, '{}')`,
      ),
      setPayload: ctx.db.prepare('UPDATE events SET payload = ? WHERE id = ?'),
    };
    statements.set(ctx.db, s);
  }
  return s;
}

/**
 * Inserts one event and returns it as queues serve it:
 * `{id, event_type, resource_type: "CONNECTION", channel_definition_id?, creation_date, resource, …payload}`.
 * The row and its payload are written together (the id, part of the payload, is known once the row exists).
 */
export function emitEvent(ctx: Ctx, input: EmitInput): PublishedEvent {
  const resource = input.resource ?? loadConnectionRecord(ctx, input.connectionId);
  const creationDate = ctx.now();
  const s = statementsOf(ctx);
  const write = () => {
    const rowId = Number(
      s.insert.run(input.userId, input.connectionId, input.eventType, input.channelDefinitionId ?? null, creationDate)
        .lastInsertRowid,
    );
    const event: Record<string, unknown> = {
      id: String(rowId),
      event_type: input.eventType,
      resource_type: 'CONNECTION',
      ...(input.channelDefinitionId ? { channel_definition_id: input.channelDefinitionId } : {}),
      creation_date: creationDate,
      ...(resource ? { resource } : {}),
      ...(input.payload ?? {}),
    };
    s.setPayload.run(JSON.stringify(event), rowId);
    return { rowId, event };
  };
  const { rowId, event } = ctx.db.inTransaction ? write() : ctx.db.transaction(write)();
  const published: PublishedEvent = {
    id: String(rowId),
    userId: input.userId,
    connectionId: input.connectionId,
    eventType: input.eventType,
    ...(input.channelDefinitionId ? { channelDefinitionId: input.channelDefinitionId } : {}),
    creationDate,
    event,
    ...(input.channelRun ? { channelRun: input.channelRun } : {}),
  };
  publishAfterCommit(ctx.db, published);
  return published;
}

/**
 * The DELETED event of a connection (C9). Call it BEFORE deleting the connection's row (it carries the
 * record as it was), ideally in the same transaction as the deletion. No-op when the connection is unknown.
 */
export function emitConnectionDeleted(ctx: Ctx, connectionId: number): PublishedEvent | undefined {
  const resource = loadConnectionRecord(ctx, connectionId);
  if (!resource) return undefined;
  return emitEvent(ctx, { userId: Number(resource.user_id), connectionId, eventType: 'DELETED', resource });
}
