import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../domain/list-input';
import { badRequest } from './errors';

export { DEFAULT_LIMIT, MAX_LIMIT, offsetOf, parseEnumList, type PageLimit } from '../domain/list-input';

/** JSON-schema properties of `page` and `limit` (C5), to spread into a route's querystring schema. */
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

/** The `X-Total-Count` header every list carries (C5), for the OpenAPI document. */
export const totalCountHeader = {
  'X-Total-Count': { type: 'integer', description: 'Number of items matching the filters, over all pages.' },
} as const;

const DIGITS = /^\d+$/;

/**
 * preValidation hook: the named query parameters must be plain decimal digits. The schema validator alone
 * would coerce "0x10", "1e2" or " 5" into numbers; C5 wants a malformed number refused.
 */
export function decimalQueryParams(names: readonly string[]) {
  // Callback style (not async): this runs on every list request.
  return (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const query = request.query as Record<string, unknown>;
    for (const name of names) {
      const value = query[name];
      if (value !== undefined && (typeof value !== 'string' || !DIGITS.test(value))) {
        done(badRequest(`query parameter ${name} must be a whole number written with digits only`));
        return;
      }
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
