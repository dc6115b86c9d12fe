import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

/**
 * The server's validator coerces types (needed for query strings), so `{"first_name": 5}` would become
 * "5". Wrong types must be refused (docs/api/request-bodies.md#json): this checks the JSON types of a body against its
 * schema before the validator runs (a `preValidation` hook), and the validator then checks everything else.
 */
interface TypeSchema {
  type?: string | string[];
  properties?: Record<string, TypeSchema>;
  items?: TypeSchema;
  additionalProperties?: boolean | TypeSchema;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matches(value: unknown, type: string): boolean {
  const actual = jsonType(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** The first type mismatch as "path must be type", or null. */
export function typeMismatch(value: unknown, schema: TypeSchema | undefined, path = 'body'): string | null {
  if (!schema || value === undefined) return null;
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => matches(value, t))) return `${path} must be ${types.join(' or ')}`;
  }
  if (jsonType(value) === 'object') {
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const sub =
        schema.properties?.[key] ??
        (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      const problem = typeMismatch(v, sub, `${path}.${key}`);
      if (problem) return problem;
    }
  } else if (Array.isArray(value) && schema.items) {
    for (let i = 0; i < value.length; i++) {
      const problem = typeMismatch(value[i], schema.items, `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  return null;
}

export async function rejectWrongBodyTypes(request: FastifyRequest): Promise<void> {
  const schema = (request.routeOptions.schema as { body?: TypeSchema } | undefined)?.body;
  const problem = typeMismatch(request.body, schema);
  if (problem) throw badRequest(problem);
}
