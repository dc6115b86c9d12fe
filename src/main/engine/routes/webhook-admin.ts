import { webhookEventSchema } from './event-schema';
import { badRequest, notFound } from '../http/errors';
import { rejectWrongBodyTypes } from '../http/strict-json-types';
import { defineRoutes } from '../http/route-module';
import { pageLimitProperties, sendList, totalCountHeader } from '../http/list-params';
import { newWebhookSecret } from '../webhooks/webhook-config';
import { checkWebhookUrl } from '../webhooks/webhook-url';
import { errorSchema } from '../http/error-schema';

const TAGS = ['Admin'];
const ADMIN = { kind: 'client', scopes: ['admin'] } as const;
const ext = { 'x-coffer-extension': true } as const;

const SECRET_PATTERN = '^[\\x21-\\x7e]{16,256}$';

const WEBHOOK_DOC =
  'One POST per finished channel synchronization, JSON body = the webhook event (event_type UPDATED, ' +
  'resource_type CONNECTIONS, resource = Connection + user_id + account_count + accounts, connection_updated ' +
  '{new_transactions}); `accounts` is empty when the connection has more accounts than the ' +
  'webhook_accounts_threshold setting. Header `X-Coffer-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of ' +
  '"<t>.<body>" keyed with the secret>`. 5 s timeout, no retry: the queue stays the reliable way to learn of ' +
  "new transactions. The body is described by this operation's `webhookEvent` callback.";

const deliverySchema = {
  type: 'object',
  required: ['id', 'event_id', 'url', 'outcome', 'duration_ms', 'creation_date'],
  properties: {
    id: { type: 'string' },
    event_id: {
      type: 'string',
      description: 'The id of the webhook event (also the id of the queue event that ended the channel).',
    },
    user_id: { type: 'string' },
    connection_id: { type: 'string' },
    url: { type: 'string' },
    status_code: { type: 'integer', description: "The receiver's HTTP status, when it answered." },
    outcome: {
      type: 'string',
      enum: ['delivered', 'http_error', 'timeout', 'network_error', 'dropped', 'secret_unavailable'],
      description:
        'delivered (2xx), http_error (another status), timeout (no complete answer in 5 s), network_error ' +
        '(connection refused…), dropped (too many deliveries waiting, or the engine stopping), ' +
        'secret_unavailable (no keychain to read the secret from).',
    },
    duration_ms: { type: 'integer' },
    error: { type: 'string' },
    creation_date: { type: 'integer' },
  },
} as const;

const webhookCallbacks = {
  webhookEvent: {
    '{$request.body#/url}': {
      post: {
        requestBody: { content: { 'application/json': { schema: webhookEventSchema } } },
        responses: {
          '2XX': { description: 'Received. Any other status (or none within 5 s) is logged as failed; no retry.' },
        },
      },
    },
  },
};

/**
 * PUT/GET/DELETE /admin/webhook and GET /admin/webhook/deliveries (see docs/api/events.md#webhook and
 * docs/api/admin.md#paths).
 */
export const webhookAdminRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    const config = ctx.webhooks.config;

    app.put<{ Body: { url: string; secret?: string } }>(
      '/admin/webhook',
      {
        config: { access: ADMIN },
        preValidation: rejectWrongBodyTypes,
        schema: {
          summary: "Set the installation's webhook",
          description:
            'Sets the one webhook URL (http or https on this machine only: 127.0.0.0/8, [::1] or localhost) and ' +
            'the secret that signs deliveries. Without `secret`, a random one is made. The answer is the only ' +
            'place the secret is shown; it is kept in the OS keychain (503 secret_store_unavailable without one). ' +
            WEBHOOK_DOC,
          tags: TAGS,
          ...ext,
          body: {
            type: 'object',
            required: ['url'],
            properties: {
              url: { type: 'string', minLength: 1 },
              secret: { type: 'string', pattern: SECRET_PATTERN, description: '16 to 256 printable ASCII characters.' },
            },
          },
          // OpenAPI callbacks (passed through by @fastify/swagger): the body of the deliveries.
          ...({ callbacks: webhookCallbacks } as Record<string, unknown>),
          response: {
            200: {
              type: 'object',
              required: ['url', 'secret'],
              properties: { url: { type: 'string' }, secret: { type: 'string' } },
            },
            400: errorSchema,
            503: errorSchema,
          },
        },
      },
      async (request) => {
        const check = checkWebhookUrl(request.body.url);
        if (!check.ok) throw badRequest(check.reason);
        const secret = request.body.secret ?? newWebhookSecret();
        config.set(check.url, secret);
        return { url: check.url, secret };
      },
    );

    app.get(
      '/admin/webhook',
      {
        config: { access: ADMIN },
        schema: {
          summary: "The installation's webhook",
          description:
            'The URL, and whether a secret is set (the secret itself is only shown by PUT). 404 when no webhook is set.',
          tags: TAGS,
          ...ext,
          response: {
            200: {
              type: 'object',
              required: ['url', 'secret_set'],
              properties: { url: { type: 'string' }, secret_set: { type: 'boolean' } },
            },
            404: errorSchema,
          },
        },
      },
      async () => {
        const url = config.url();
        if (!url) throw notFound('webhook');
        return { url, secret_set: true };
      },
    );

    app.delete(
      '/admin/webhook',
      {
        config: { access: ADMIN },
        schema: {
          summary: 'Remove the webhook',
          description: 'No more deliveries; the secret leaves the keychain. 204, also when none was set.',
          tags: TAGS,
          ...ext,
          response: { 204: { type: 'null' } },
        },
      },
      async (_request, reply) => {
        config.clear();
        return reply.status(204).send();
      },
    );

    app.get<{ Querystring: { page: number; limit: number; order: 'asc' | 'desc' } }>(
      '/admin/webhook/deliveries',
      {
        config: { access: ADMIN },
        schema: {
          summary: 'Webhook delivery log',
          description:
            'One entry per delivery attempt (there is no retry), oldest first (order=desc: newest first); the last 10 000 are kept.',
          tags: TAGS,
          ...ext,
          querystring: {
            type: 'object',
            properties: { ...pageLimitProperties, order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } },
          },
          response: { 200: { type: 'array', items: deliverySchema, headers: totalCountHeader }, 400: errorSchema },
        },
      },
      async (request, reply) => {
        const { items, total } = ctx.webhooks.deliveries(request.query.page, request.query.limit, request.query.order);
        return sendList(reply, items, total);
      },
    );
  },
});
