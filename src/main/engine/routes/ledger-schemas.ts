/** JSON schemas of the person's operations, bulk edits and rule conditions (docs/local-api.md). */
export const operationSchema = {
  type: 'object',
  required: ['id', 'kind', 'transaction_count', 'creation_date'],
  properties: {
    id: { type: 'string' },
    kind: {
      type: 'string',
      enum: ['EDIT', 'BULK_EDIT', 'RULE_APPLIED', 'AUTOMATIC', 'CATEGORY_MERGE'],
      description: 'A single edit, a bulk edit, a rule applied to past transactions, back to automatic, a category merge.',
    },
    transaction_count: { type: 'integer', description: 'Transactions it changed.' },
    creation_date: { type: 'integer' },
    undone_date: { type: 'integer', description: 'When it was undone; absent while it stands.' },
    details: { type: 'object', additionalProperties: true, description: 'What it was about: transaction_id, rule_id, category_id, tags, add_note.' },
  },
} as const;

const tagsSchema = {
  type: 'array',
  maxItems: 100,
  items: { type: 'string', maxLength: 200 },
  description: 'Each trimmed, 1 to 40 characters; duplicates (ignoring case) removed, order kept; at most 20.',
} as const;

export const ruleConditionsSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'All given must hold (besides the pattern). Absent: the pattern alone decides.',
  properties: {
    amount_min: { type: 'number', description: 'Lowest amount in the currency\'s units (debits are negative).' },
    amount_max: { type: 'number', description: 'Highest amount in the currency\'s units.' },
    sign: { type: 'string', enum: ['DEBIT', 'CREDIT'], description: 'Only money out, or only money in.' },
    account_ids: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 40 }, description: 'Only these accounts of the caller.' },
    date_from: { type: 'integer', description: 'Unix time (seconds), inclusive.' },
    date_to: { type: 'integer', description: 'Unix time (seconds), inclusive.' },
  },
} as const;

export const ruleActionsSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Besides filing under category_id: tags added to the transaction\'s tags, a note added to its note.',
  properties: {
    tags: tagsSchema,
    user_note: { type: 'string', minLength: 1, maxLength: 4000, description: '1 to 1000 characters after trimming.' },
  },
} as const;

export const bulkEditBody = {
  type: 'object',
  required: ['transaction_ids'],
  additionalProperties: false,
  properties: {
    transaction_ids: {
      type: 'array',
      minItems: 1,
      maxItems: 250_000,
      items: { type: 'string', minLength: 1, maxLength: 40 },
      description: 'The caller\'s transactions to change (an id that is not theirs: 404, nothing changed).',
    },
    category_id: { type: 'string', minLength: 1, maxLength: 100, description: 'Files them all under this category, as the person\'s (category_source USER).' },
    tags: { ...tagsSchema, description: `Replaces the tags of each. ${tagsSchema.description} [] clears them.` },
    add_note: { type: 'string', minLength: 1, maxLength: 4000, description: 'Added to each transaction\'s note on a line of its own (1 to 1000 characters after trimming).' },
  },
} as const;

export const operationResult = {
  type: 'object',
  required: ['updated'],
  properties: {
    updated: { type: 'integer', description: 'Transactions changed.' },
    operation: { ...operationSchema, description: 'The operation recorded (undo it with POST /ledger_operations/{id}/undo); absent when nothing changed.' },
  },
} as const;
