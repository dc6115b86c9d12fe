import type { FastifyRequest } from 'fastify';
import { userIdOf } from '../http/access-control';
import { CONNECTION_STATUSES } from '../domain/values';
import { decimalQueryParams, pageLimitProperties, sendList, totalCountHeader } from '../http/list-params';
import { defineRoutes } from '../http/route-module';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import type { ConnectionListQuery, ConnectionService, CreateConnectionBody, PutCredentialsBody, UserInputBody } from '../services/connections';
import { connectionSchema } from '../services/connections/record';

const READ = { kind: 'user', scopes: ['accounts_read', 'transactions_read', 'connections_manage'] } as const;
const MANAGE = { kind: 'user', scopes: ['connections_manage'] } as const;
const SYNC = { kind: 'user', scopes: ['connections_sync'] } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
const noContent = { 204: { type: 'null', description: 'Done.' } } as const;
const credentialsSchema = {
  type: 'array',
  maxItems: 32,
  items: {
    type: 'object',
    required: ['id', 'value'],
    properties: {
      id: { type: 'string', minLength: 1, maxLength: 128 },
      value: { type: 'string', maxLength: 16384, description: 'Plain text, or a compact JWE for credentials flagged encrypt.' },
    },
  },
} as const;

/** The caller's connection named by the path; 404 when it is not one of theirs. */
const ownConnection = (connections: ConnectionService, request: FastifyRequest<{ Params: { id: string } }>) =>
  connections.owned(userIdOf(request), request.params.id);

export const connectionRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const connections = ctx.services.connections;
    app.get<{ Querystring: ConnectionListQuery }>(
      '/connections',
      {
        config: { access: READ },
        preValidation: decimalQueryParams(['page', 'limit']),
        schema: {
          summary: 'List connections',
          tags: ['Connections'],
          querystring: {
            type: 'object',
            properties: {
              ...pageLimitProperties,
              status: { type: 'string', description: `One connection status: ${CONNECTION_STATUSES.join(', ')}.` },
              provider_id: { type: 'string' },
            },
          },
          response: { 200: { description: 'The connections; an empty array when none.', type: 'array', items: connectionSchema, headers: totalCountHeader } },
        },
      },
      async (request, reply) => {
        const { records, total } = connections.list(userIdOf(request), request.query);
        return sendList(reply, records, total);
      },
    );

    app.post<{ Body: CreateConnectionBody }>(
      '/connections',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Create a connection',
          description:
            'Checks the credentials against the channel definition (default: the provider\'s first available one that ' +
            'knows every credential id given, else its first, REDIRECT before EMBEDDED), keeps them in the OS keychain (503 secret_store_unavailable when there is none; nothing is ' +
            'stored elsewhere) and starts the first synchronization: the connection is RUNNING when the 201 is sent. ' +
            'Credentials flagged encrypt must be compact JWEs (RSA-OAEP-256, A256GCM, kid = key id) made with a key from POST /keys.',
          tags: ['Connections'],
          body: {
            type: 'object',
            required: ['provider_id', 'credentials'],
            properties: {
              provider_id: { type: 'string', minLength: 1, maxLength: 64 },
              channel_definition_id: { type: 'string', minLength: 1, maxLength: 64 },
              key_id: { type: 'string', minLength: 1, maxLength: 64 },
              credentials: credentialsSchema,
              name: { type: 'string', minLength: 1, maxLength: 200 },
              auto_sync: { type: 'boolean' },
              consent_per_account: { type: 'boolean' },
            },
          },
          response: { 201: { ...connectionSchema, description: 'Created (RUNNING); Location: /connections/<id>.' } },
        },
      },
      async (request, reply) => {
        const id = await connections.create(userIdOf(request), request.body);
        return reply.status(201).header('location', `/connections/${id}`).send(connections.record(id));
      },
    );

    app.post(
      '/connections/synchronize',
      {
        config: { access: SYNC },
        schema: {
          summary: 'Synchronize every connection',
          description:
            'Starts a synchronization of every connection of the user with auto_sync that is not CLOSED. 200 with those ' +
            'connections; 206 without content when there is none.',
          tags: ['Connections'],
          response: {
            200: { description: 'The connections scheduled.', type: 'array', items: connectionSchema },
            206: { type: 'null', description: 'No connection to synchronize.' },
          },
        },
      },
      async (request, reply) => {
        const ids = connections.synchronizeAll(userIdOf(request));
        if (ids.length === 0) return reply.status(206).send();
        const records = ids.map((id) => connections.record(id)).filter((r) => r !== undefined);
        return records;
      },
    );

    app.get<{ Params: { id: string } }>(
      '/connections/:id',
      {
        config: { access: READ },
        schema: { summary: 'Get a connection', tags: ['Connections'], params: idParams, response: { 200: { ...connectionSchema, description: 'The connection.' } } },
      },
      async (request) => connections.record(ownConnection(connections, request).id),
    );

    app.put<{ Params: { id: string }; Body: { name: string } }>(
      '/connections/:id',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Rename a connection',
          tags: ['Connections'],
          params: idParams,
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 200 } } },
          response: noContent,
        },
      },
      async (request, reply) => {
        connections.rename(ownConnection(connections, request), request.body.name);
        return reply.status(204).send();
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/connections/:id',
      {
        config: { access: MANAGE },
        schema: {
          summary: 'Delete a connection',
          description: 'Stops a running synchronization; removes the connection, its accounts, their transactions and its keychain entries.',
          tags: ['Connections'],
          params: idParams,
          response: noContent,
        },
      },
      async (request, reply) => {
        await connections.delete(ownConnection(connections, request));
        return reply.status(204).send();
      },
    );

    app.put<{ Params: { id: string }; Body: PutCredentialsBody }>(
      '/connections/:id/credentials',
      {
        config: { access: MANAGE },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Update credentials or add a channel',
          description:
            'New credential values for the channel of channel_definition_id (values not given are kept), or a new channel ' +
            'when the connection does not use that definition yet. A synchronization of that channel then starts.',
          tags: ['Connections'],
          params: idParams,
          body: {
            type: 'object',
            required: ['channel_definition_id', 'credentials'],
            properties: {
              channel_definition_id: { type: 'string', minLength: 1, maxLength: 64 },
              key_id: { type: 'string', minLength: 1, maxLength: 64 },
              credentials: credentialsSchema,
            },
          },
          response: noContent,
        },
      },
      async (request, reply) => {
        const connection = ownConnection(connections, request);
        await connections.putCredentials(userIdOf(request), connection, request.body);
        return reply.status(204).send();
      },
    );

    app.post<{ Params: { id: string }; Querystring: { type?: 'ALL' | 'LIST_ACCOUNTS' } }>(
      '/connections/:id/synchronize',
      {
        config: { access: SYNC },
        schema: {
          summary: 'Synchronize a connection',
          description:
            'ALL: balances, transactions and related data; LIST_ACCOUNTS: the list of financial products, new and ' +
            'disappeared. A connection already RUNNING is not started twice; a CLOSED one is not synchronized.',
          tags: ['Connections'],
          params: idParams,
          querystring: {
            type: 'object',
            properties: { type: { type: 'string', enum: ['ALL', 'LIST_ACCOUNTS'], default: 'ALL' } },
          },
          response: noContent,
        },
      },
      async (request, reply) => {
        const connection = ownConnection(connections, request);
        connections.synchronize(connection, request.query.type ?? 'ALL');
        return reply.status(204).send();
      },
    );

    app.post<{ Params: { id: string }; Body: UserInputBody }>(
      '/connections/:id/user_input',
      {
        config: { access: SYNC },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: 'Answer a challenge',
          description:
            'Answers the pending challenge of the connection with {channel_definition_id?, key_id?, credentials: [{id, value}]} ' +
            '(fields of the CHALLENGE_REQUIRED event; encrypted as for POST /connections when flagged), or cancels it ' +
            'with {"cancel": true}. 404 when no challenge is pending.',
          tags: ['Connections'],
          params: idParams,
          body: {
            type: 'object',
            properties: {
              channel_definition_id: { type: 'string', minLength: 1, maxLength: 64 },
              key_id: { type: 'string', minLength: 1, maxLength: 64 },
              credentials: credentialsSchema,
              cancel: { type: 'boolean' },
            },
          },
          response: noContent,
        },
      },
      async (request, reply) => {
        const connection = ownConnection(connections, request);
        await connections.answerChallenge(userIdOf(request), connection, request.body ?? {});
        return reply.status(204).send();
      },
    );

    app.post<{ Params: { id: string } }>(
      '/connections/:id/close',
      {
        config: { access: MANAGE },
        schema: {
          summary: 'Close a connection',
          description:
            'Stops a running synchronization; every channel and account becomes CLOSED (data kept) and the connection is ' +
            'no longer synchronized until POST /connections/{id}/reopen.',
          tags: ['Connections'],
          params: idParams,
          response: noContent,
        },
      },
      async (request, reply) => {
        await connections.close(ownConnection(connections, request));
        return reply.status(204).send();
      },
    );

    app.post<{ Params: { id: string } }>(
      '/connections/:id/reopen',
      {
        config: { access: MANAGE },
        schema: {
          summary: 'Reopen a closed connection',
          description:
            'Channels get back the status they had before the closing (NEVER if it was running), accounts closed with the ' +
            'connection become ACTIVE, and a synchronization starts.',
          tags: ['Connections'],
          params: idParams,
          response: noContent,
        },
      },
      async (request, reply) => {
        connections.reopen(ownConnection(connections, request));
        return reply.status(204).send();
      },
    );
  },
});
