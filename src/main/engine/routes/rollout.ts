import { MAX_FIRST_BATCH, MAX_RANDOM_BATCHES } from '../domain/rollout-rules';
import { defineRoutes } from '../http/route-module';
import { errorSchema } from '../http/error-schema';

const TAGS = ['Admin'];
const ADMIN = { kind: 'client', scopes: ['admin'] } as const;
const ext = { 'x-coffer-extension': true } as const;

const stateSchema = {
  type: 'object',
  required: [
    'provider_id',
    'step',
    'embedded_channel_definition_id',
    'redirect_channel_definition_id',
    'embedded_account_types',
    'redirect_available_to_all',
    'batches',
    'member_count',
    'step1_skipped',
  ],
  properties: {
    provider_id: { type: 'string' },
    step: {
      type: 'integer',
      enum: [0, 1, 2],
      description: '0: EMBEDDED only; 1: REDIRECT added (batches); 2: EMBEDDED without CHECKINGS and CREDIT_CARD.',
    },
    embedded_channel_definition_id: { type: 'string' },
    redirect_channel_definition_id: { type: 'string' },
    embedded_account_types: { type: 'array', items: { type: 'string' } },
    redirect_available_to_all: {
      type: 'boolean',
      description: 'true after the last batch ("all") or step 2: new users get the REDIRECT definition too.',
    },
    batches: {
      type: 'array',
      items: {
        type: 'object',
        required: ['number', 'kind', 'creation_date', 'users'],
        properties: {
          number: { type: 'integer' },
          kind: { type: 'string', enum: ['users', 'random', 'all'] },
          creation_date: { type: 'integer' },
          users: {
            type: 'array',
            items: { type: 'string' },
            description: 'User ids that joined with this batch (empty for "all").',
          },
          share: { type: 'number' },
        },
      },
    },
    member_count: { type: 'integer', description: 'Users in the named and random batches.' },
    step1_skipped: { type: 'boolean' },
    step2_date: { type: 'integer' },
  },
} as const;

const params = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', description: 'provider id' } },
} as const;

/** GET/POST /admin/providers/{id}/rollout (docs/api/rollout.md). */
export const rolloutRoutes = defineRoutes({
  mount: 'api',
  register(app, ctx) {
    app.get<{ Params: { id: string } }>(
      '/admin/providers/:id/rollout',
      {
        config: { access: ADMIN },
        schema: {
          summary: "A provider's REDIRECT roll-out state",
          tags: TAGS,
          ...ext,
          params,
          response: { 200: stateSchema, 400: errorSchema, 404: errorSchema },
        },
      },
      async (request) => ctx.services.rollout.state(request.params.id),
    );

    app.post<{ Params: { id: string }; Body: unknown }>(
      '/admin/providers/:id/rollout',
      {
        config: { access: ADMIN },
        schema: {
          summary: "Advance a provider's REDIRECT roll-out",
          description:
            `Step 1 adds the REDIRECT channel definition (CHECKINGS, CREDIT_CARD) while EMBEDDED still covers all four ` +
            `types, batch by batch: {"step": 1, "users": [ids…]} (first batch only, at most ${MAX_FIRST_BATCH} users), ` +
            `{"step": 1, "batch": "random", "share": 0.5} (that share of the users not yet members; at most ` +
            `${MAX_RANDOM_BATCHES}), {"step": 1, "batch": "all"} (last batch: every user, new ones too). Members' ` +
            'existing connections get an EMPTY channel for it (membership is kept on the connection). ' +
            '{"step": 2} (whole provider, no batches) removes CHECKINGS and CREDIT_CARD from the EMBEDDED definition: ' +
            'their ACTIVE or ERROR accounts on EMBEDDED channels become UNAVAILABLE, and such a channel becomes ' +
            'PARTIAL_SUCCESS (it still has SAVINGS or LOAN accounts) or FAILED (it had only CHECKINGS and ' +
            'CREDIT_CARD). Step 2 needs step 1 finished ("all") or not started; once step 1 is skipped, batching is ' +
            'unavailable. Answers the new state.',
          tags: TAGS,
          ...ext,
          params,
          body: {
            type: 'object',
            required: ['step'],
            properties: {
              step: { type: 'integer', enum: [1, 2] },
              users: { type: 'array', maxItems: MAX_FIRST_BATCH, items: { type: 'string' } },
              batch: { type: 'string', enum: ['random', 'all'] },
              share: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
            },
          },
          response: { 200: stateSchema, 400: errorSchema, 404: errorSchema },
        },
        // The body is checked by parseRequest (exact JSON types, clear messages), not by the coercing validator.
        validatorCompiler: () => () => true,
      },
      async (request) => ctx.services.rollout.apply(request.params.id, request.body),
    );
  },
});
