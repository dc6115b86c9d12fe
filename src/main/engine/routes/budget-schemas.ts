/** JSON schemas of the budget records (routes/budgets.ts); they also write the OpenAPI document. */
const money = (description: string) => ({ type: 'number', description }) as const;
const month = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'A month, YYYY-MM (1999-01 to 2199-12).' } as const;

export const monthParam = month;

export const targetSchema = {
  type: 'object',
  required: ['kind'],
  additionalProperties: false,
  description:
    'MONTHLY: `amount` each month. BY_DATE: `amount` held by the end of `month` (not a past month), spread over the months left. ' +
    'AVERAGE: as much as was spent on average over the last `months` (3, 6 or 12).',
  properties: {
    kind: { type: 'string', enum: ['MONTHLY', 'BY_DATE', 'AVERAGE'] },
    amount: { type: 'number', exclusiveMinimum: 0 },
    month,
    months: { type: 'integer', enum: [3, 6, 12] },
  },
} as const;

export const budgetSchema = {
  type: 'object',
  required: ['style', 'currency', 'start_month', 'creation_date'],
  properties: {
    style: { type: 'string', enum: ['ENVELOPE', 'TRACKING'] },
    currency: { type: 'string', description: 'The reporting currency: every amount of the budget is in it.' },
    start_month: month,
    creation_date: { type: 'integer' },
  },
} as const;

const carry = {
  carry_surplus: { type: 'boolean', description: 'Envelope style: money left at the month’s end stays in the category (else it goes back to the money to assign).' },
  carry_deficit: { type: 'boolean', description: 'Envelope style: overspending stays in the category next month (else it is taken from next month’s money to assign).' },
} as const;

export const budgetCategorySchema = {
  type: 'object',
  required: ['category_id', 'carry_surplus', 'carry_deficit'],
  properties: { category_id: { type: 'string' }, ...carry, target: targetSchema },
} as const;

export const budgetCategoryBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...carry, target: { anyOf: [targetSchema, { type: 'null' }], description: 'null removes the target.' } },
} as const;

const lineSchema = {
  type: 'object',
  required: ['category_id', 'label', 'carry_surplus', 'carry_deficit', 'carry_in', 'assigned', 'spent', 'available'],
  properties: {
    category_id: { type: 'string' },
    label: { type: 'string' },
    ...carry,
    target: targetSchema,
    carry_in: money('What the category held from the months before (envelope style).'),
    assigned: money('Assigned (envelope) or planned (tracking) this month.'),
    spent: money('Booked spending of the month less refunds (split parts counted, transfers not).'),
    available: money('carry_in + assigned − spent.'),
    target_amount: money('What the target asks for this month.'),
    target_needed: money('What is still to assign this month to meet the target.'),
  },
} as const;

export const budgetMonthSchema = {
  type: 'object',
  required: ['month', 'style', 'currency', 'income', 'from_last_month', 'to_assign', 'assigned', 'spent', 'available', 'groups', 'missing_rates'],
  properties: {
    month,
    style: budgetSchema.properties.style,
    currency: { type: 'string' },
    income: money('Booked income of the month (income categories).'),
    from_last_month: money('Envelope style: what came back to the money to assign from last month (surpluses that do not carry, less overspending that does not).'),
    to_assign: money('Money left to assign after this month’s assignments; negative when more is assigned than there is.'),
    assigned: money('The month’s total assigned or planned.'),
    spent: money('The month’s total spending.'),
    available: money('The total available in the categories.'),
    groups: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'label', 'assigned', 'spent', 'available', 'categories'],
        properties: { id: { type: 'string' }, label: { type: 'string' }, assigned: { type: 'number' }, spent: { type: 'number' }, available: { type: 'number' }, categories: { type: 'array', items: lineSchema } },
      },
    },
    missing_rates: { type: 'array', items: { type: 'string' }, description: 'Currencies left out for want of an exchange rate.' },
  },
} as const;
