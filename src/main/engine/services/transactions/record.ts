/** JSON schema of the record (the OpenAPI document; the JSON itself is written by SQLite: store/transaction-json.ts). */
export const transactionSchema = {
  type: 'object',
  required: ['id', 'account_id', 'amount', 'currency', 'date', 'import_date', 'last_update_date', 'label', 'type', 'origin', 'category_id', 'status'],
  properties: {
    id: { type: 'string' },
    account_id: { type: 'string' },
    amount: { type: 'number', description: 'Signed amount in the currency.' },
    currency: { type: 'string' },
    date: { type: 'integer' },
    import_date: { type: 'integer' },
    booking_date: { type: 'integer' },
    value_date: { type: 'integer' },
    last_update_date: { type: 'integer' },
    label: { type: 'string', description: 'Cleaned label.' },
    notes: { type: 'string', description: 'Raw bank text.' },
    remittance_information: { type: 'array', items: { type: 'string' } },
    source: { type: 'object', properties: { label: { type: 'string', description: 'Counterparty.' } }, required: ['label'] },
    type: { type: 'string' },
    origin: { type: 'string', enum: ['TRANSACTION'] },
    category_id: { type: 'string' },
    status: { type: 'string' },
  },
} as const;
