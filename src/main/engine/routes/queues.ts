import { acceptEmptyJsonBody } from '../http/empty-json-body';
import { userIdOf } from '../http/access-control';
import type { UserScope } from '../auth/scopes';
import { eventSchema } from './event-schema';
import {
  MAX_EVENTS_PER_READ,
  QUEUE_RESOURCE_TYPES,
  queueJson,
  queueReadWrites,
  readQueue,
} from '../events/queue-store';
import { badRequest, notFound } from '../http/errors';
import { defineRoutes } from '../http/route-module';
import { parseEnumList } from '../http/list-params';
import { parseId } from '../domain/record';
import { errorSchema } from '../http/error-schema';

const TAGS = ['Queues'];
const SCOPES: UserScope[] = ['connections_manage', 'connections_sync'];

const queueSchema = {
  type: 'object',
  required: ['id', 'creation_date', 'events'],
  properties: {
    id: { type: 'string' },
    creation_date: { type: 'integer' },
    events: { type: 'array', items: eventSchema },
  },
} as const;

/** POST /queues/subscribe and GET /queues/{id} (docs/api/events.md#queues). */
export const queueRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.register(async (api) => {
      acceptEmptyJsonBody(api);

      api.post(
        '/queues/subscribe',
        {
          config: { access: { kind: 'user', scopes: SCOPES } },
          schema: {
            summary: 'Subscribe a new event queue',
            description:
              'The queue receives every event of the user that happens after the subscription (synchronization ' +
              'progress and results, challenges, account lists, deletions). No body. A queue that is not read ' +
              'for 30 days is dropped.',
            tags: TAGS,
            response: {
              201: { ...queueSchema, headers: { Location: { type: 'string', description: '/queues/<id>' } } },
            },
          },
        },
        async (request, reply) => {
          const queue = ctx.store.queues.subscribe(userIdOf(request), ctx.now());
          reply.status(201).header('location', `/queues/${queue.id}`);
          return { id: String(queue.id), creation_date: queue.creation_date, events: [] };
        },
      );

      api.get<{ Params: { id: string }; Querystring: { flush_from?: string; resource_type?: string } }>(
        '/queues/:id',
        {
          // A read may record the queue's flush and read time (events/queue-store.ts): the handler waits for a
          // results write in progress only then (not through the write gate, which would make every poll wait).
          config: { access: { kind: 'user', scopes: SCOPES } },
          schema: {
            summary: 'Read a queue',
            description:
              `Deletes the queue's events whose id is below flush_from, then returns the rest, oldest first ` +
              `(at most ${MAX_EVENTS_PER_READ} per call: flush up to the last id read and call again), or 204 when ` +
              'none is left. Event ids are decimal strings of one server-wide increasing sequence, so ' +
              '`flush_from = <last id read> + 1` acknowledges everything read.',
            tags: TAGS,
            params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
            querystring: {
              type: 'object',
              properties: {
                flush_from: {
                  type: 'string',
                  description: 'An event id (decimal): events with a smaller id are deleted.',
                },
                resource_type: {
                  type: 'string',
                  description: `Only events of these resource types: ${QUEUE_RESOURCE_TYPES.join(', ')} or a comma list of them.`,
                },
              },
            },
            response: {
              200: queueSchema,
              204: { type: 'null', description: 'No event left in the queue.' },
              400: errorSchema,
              404: errorSchema,
            },
          },
        },
        async (request, reply) => {
          const userId = userIdOf(request);
          const { flush_from: flushText, resource_type: typesText } = request.query;
          let flushFrom: number | undefined;
          if (flushText !== undefined) {
            if (!/^\d{1,16}$/.test(flushText))
              throw badRequest('query parameter flush_from must be an event id (a whole number ≥ 0)');
            flushFrom = Number(flushText);
          }
          const resourceTypes =
            typesText === undefined ? undefined : parseEnumList('resource_type', typesText, QUEUE_RESOURCE_TYPES);
          const id = parseId(request.params.id);
          let queue = id === null ? undefined : ctx.store.queues.find(userId, id);
          if (!queue) throw notFound('queue', request.params.id);
          if (queueReadWrites(queue, { flushFrom }, ctx.now())) {
            // This read writes: it waits, off the event loop, for a results write in progress (http/write-gate.ts
            // says why), then reads the queue again, as another read may have moved it meanwhile.
            await ctx.writesIdle();
            queue = ctx.store.queues.find(userId, id!);
            if (!queue) throw notFound('queue', request.params.id);
          }
          const { payloads } = readQueue(ctx.store.queues, queue, { flushFrom, resourceTypes }, ctx.now());
          if (payloads.length === 0) return reply.status(204).send();
          // The stored events are already the served JSON: assemble the text instead of re-serializing.
          return reply.type('application/json; charset=utf-8').send(queueJson(queue, payloads));
        },
      );
    });
  },
});
