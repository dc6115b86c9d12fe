/** The body and answer shared by the merges of the person's own categories and payees (extensions). */
export const mergeBody = {
  type: 'object',
  required: ['into_id'],
  additionalProperties: false,
  properties: { into_id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export const mergeAnswer = {
  200: {
    type: 'object',
    required: ['moved', 'into_id'],
    properties: { moved: { type: 'integer', description: 'Transactions moved.' }, into_id: { type: 'string' } },
  },
} as const;

export const idParams = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

/** A 409 answer: another record has that name (its id in `id`). */
export const nameConflict = (what: string) =>
  ({
    type: 'object',
    properties: { error: { type: 'string' }, error_description: { type: 'string' }, id: { type: 'string' } },
    description: `Another ${what} has that name (its id).`,
  }) as const;
