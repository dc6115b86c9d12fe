/**
 * Writes events (see docs/api/events.md#queues) into the `events` table and hands them to the engine's emitter.
 * Callable inside a larger transaction (the synchronization writes a channel's results and its events together);
 * listeners hear of an event only after it committed.
 */
import type { EventsStore } from '../store/events';
import type { ChannelRunOutcome, EngineEvents, PublishedEvent } from './engine-events';

/**
 * The connection as the API serves it (services/connections/record.ts makes it); events carry it as given.
 */
export type ConnectionRecord = { user_id: string | number };

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

export interface EventWriterDeps {
  store: EventsStore;
  /** Where written events go to be heard after their commit (the results writer thread collects them instead). */
  events: Pick<EngineEvents, 'publishAfterCommit'>;
  now(): number;
  /** The connection record as the API serves it now, or undefined when the connection is gone. */
  connectionRecord(connectionId: number): ConnectionRecord | undefined;
}

/** One per engine: the only writer of events. */
export class EventWriter {
  constructor(private readonly deps: EventWriterDeps) {}

  /**
   * Inserts one event and returns it as queues serve it:
   * `{id, event_type, resource_type: "CONNECTION", channel_definition_id?, creation_date, resource, …payload}`.
   * The row and its payload are written together (the id, part of the payload, is known once the row exists).
   */
  emit(input: EmitInput): PublishedEvent {
    const { store, events } = this.deps;
    const resource = input.resource ?? this.deps.connectionRecord(input.connectionId);
    const creationDate = this.deps.now();
    const { rowId, event } = store.atomically(() => {
      const rowId = store.insert({
        userId: input.userId,
        connectionId: input.connectionId,
        eventType: input.eventType,
        channelDefinitionId: input.channelDefinitionId ?? null,
        creationDate,
      });
      const event: Record<string, unknown> = {
        id: String(rowId),
        event_type: input.eventType,
        resource_type: 'CONNECTION',
        ...(input.channelDefinitionId ? { channel_definition_id: input.channelDefinitionId } : {}),
        creation_date: creationDate,
        ...(resource ? { resource } : {}),
        ...(input.payload ?? {}),
      };
      store.setPayload(rowId, JSON.stringify(event));
      return { rowId, event };
    });
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
    events.publishAfterCommit(published);
    return published;
  }

  /**
   * Events another connection of this engine wrote and committed (the results writer thread,
   * sync/results-writer.ts): handed to the engine's emitter, which delivers those whose rows are there.
   */
  publishCommitted(events: readonly PublishedEvent[]): void {
    for (const event of events) this.deps.events.publishAfterCommit(event);
  }

  /**
   * The DELETED event of a connection (see docs/api/events.md#event-types). Call it BEFORE deleting the connection's
   * row (it carries the record as it was), ideally in the same transaction as the deletion. No-op when the connection
   * is unknown.
   */
  emitConnectionDeleted(connectionId: number): PublishedEvent | undefined {
    const resource = this.deps.connectionRecord(connectionId);
    if (!resource) return undefined;
    return this.emit({ userId: Number(resource.user_id), connectionId, eventType: 'DELETED', resource });
  }
}

/** The engine's event writer, for parts handed the whole engine (services, tests). */
export function emitEvent(ctx: { eventWriter: EventWriter }, input: EmitInput): PublishedEvent {
  return ctx.eventWriter.emit(input);
}

export function emitConnectionDeleted(ctx: { eventWriter: EventWriter }, connectionId: number): PublishedEvent | undefined {
  return ctx.eventWriter.emitConnectionDeleted(connectionId);
}
