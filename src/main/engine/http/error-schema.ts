/**
 * The error body every failure answers, `{"error", "error_description", "id"?}` (http/errors.ts writes it),
 * as the JSON schema the routes name for their error statuses in the OpenAPI document.
 */
export const errorSchema = {
  type: 'object',
  required: ['error', 'error_description'],
  properties: { error: { type: 'string' }, error_description: { type: 'string' }, id: { type: 'string' } },
} as const;
