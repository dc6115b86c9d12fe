import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LIMIT, MAX_LIMIT, PAGE_LIMIT_PARAMS, wholeNumberParamProblem } from '../domain/list-input';
import { badRequest } from './errors';

export { DEFAULT_LIMIT, MAX_LIMIT, offsetOf, parseEnumList, type PageLimit } from '../domain/list-input';

/**
 * JSON-schema properties of `page` and `limit` (see docs/api/lists.md#paging), to spread into a route's querystring
 * schema.
 */
export const pageLimitProperties = {
  page: { type: 'integer', minimum: 1, maximum: 1_000_000_000, default: 1, description: 'Page number, from 1.' },
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_LIMIT,
    default: DEFAULT_LIMIT,
    description: `Items per page (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}).`,
  },
} as const;

/** The `X-Total-Count` header every list carries (see docs/api/lists.md#total-count), for the OpenAPI document. */
export const totalCountHeader = {
  'X-Total-Count': { type: 'integer', description: 'Number of items matching the filters, over all pages.' },
} as const;

/**
 * The one parser of `page` and `limit`, for every route (lists of users' tokens, clients, sign keys, webhook
 * deliveries… included): an onRequest hook, before any schema coerces "0x10" or "1e309" into a number. Bounds
 * come from the route's schema (`pageLimitProperties`).
 */
export function installListParams(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query) {
      for (const name of PAGE_LIMIT_PARAMS) {
        const problem = wholeNumberParamProblem(name, query[name]);
        if (problem) return done(badRequest(problem));
      }
    }
    done();
  });
}

/**
 * preValidation hook for a route's other whole-number query parameters (dates in seconds): the same rule
 * as page and limit (domain/list-input.ts).
 */
export function decimalQueryParams(names: readonly string[]) {
  const own = names.filter((n) => !(PAGE_LIMIT_PARAMS as readonly string[]).includes(n));
  // Callback style (not async): this runs on every list request.
  return (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const query = request.query as Record<string, unknown>;
    for (const name of own) {
      const problem = wholeNumberParamProblem(name, query[name]);
      if (problem) return done(badRequest(problem));
    }
    done();
  };
}

/** JSON-schema of a comma list of enum values (validated by `parseEnumList`). */
export function enumListSchema(allowed: readonly string[], description: string) {
  return { type: 'string', description: `${description} Comma list of: ${allowed.join(', ')}.`, minLength: 1 } as const;
}

/** Sends a list with its `X-Total-Count`. */
export function sendList<T>(reply: FastifyReply, items: T[], total: number): T[] {
  reply.header('x-total-count', String(total));
  return items;
}
