/**
 * JSON schemas of the queue event (docs/api/events.md#event-types) and of the webhook event
 * (docs/api/events.md#webhook), for OpenAPI.
 */
import { accountSchema } from '../services/accounts/record';
import { connectionSchema } from '../services/connections/record';

export const eventSchema = {
  type: 'object',
  required: ['id', 'event_type', 'resource_type', 'creation_date'],
  additionalProperties: true,
  properties: {
    id: { type: 'string', description: 'Decimal string of the server-wide increasing event sequence.' },
    event_type: {
      type: 'string',
      description:
        "RUNNING (a channel starts), the channel's final status when it ends (SUCCESS, PARTIAL_SUCCESS, FAILED, " +
        'AUTH_FAILED, …, TOKEN_EXPIRED), CHALLENGE_REQUIRED, LIST_ACCOUNTS_SUCCESS, CONSENT_REQUIRED, DELETED.',
    },
    resource_type: { type: 'string', enum: ['CONNECTION'] },
    channel_definition_id: { type: 'string' },
    creation_date: { type: 'integer' },
    resource: connectionSchema,
    challenge_required: {
      type: 'object',
      description:
        'CHALLENGE_REQUIRED only: {fields: [credential definitions], message, expires} (expires: UTC seconds, the ' +
        'moment the engine stops waiting). Extension: attempts_left (integer ≥ 1, present when the bank says how many ' +
        'answers it still accepts, this one included; after a wrong answer with attempts left the bank asks again ' +
        'with a new CHALLENGE_REQUIRED event instead of ending the run).',
      additionalProperties: true,
    },
    list_accounts_success: {
      type: 'object',
      description: 'LIST_ACCOUNTS_SUCCESS only: {accounts: [… status NEW, PRESENT or MISSING]}.',
      additionalProperties: true,
    },
  },
} as const;

export const webhookEventSchema = {
  type: 'object',
  required: ['id', 'event_type', 'resource_type', 'creation_date', 'resource', 'connection_updated'],
  properties: {
    id: { type: 'string' },
    event_type: { type: 'string', enum: ['UPDATED'] },
    resource_type: { type: 'string', enum: ['CONNECTIONS'] },
    creation_date: { type: 'integer' },
    channel_definition_id: { type: 'string' },
    resource: {
      ...connectionSchema,
      required: [...connectionSchema.required, 'account_count', 'accounts'],
      properties: {
        ...connectionSchema.properties,
        account_count: { type: 'integer' },
        accounts: {
          type: 'array',
          items: accountSchema,
          description: 'Empty when the connection has more accounts than the webhook_accounts_threshold setting.',
        },
      },
    },
    connection_updated: {
      type: 'object',
      required: ['new_transactions'],
      properties: { new_transactions: { type: 'boolean' } },
    },
  },
} as const;
