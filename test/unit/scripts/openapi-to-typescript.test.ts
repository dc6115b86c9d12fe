import { describe, expect, it } from 'vitest';
import { recordsToTypeScript } from '../../../scripts/openapi-to-typescript.mjs';

const account = {
  type: 'object',
  description: 'The account.',
  required: ['id', 'status', 'tags'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    balance_date: { type: ['integer', 'null'], description: 'Seconds.' },
    kind: { type: 'string', enum: ["it's", 'B'] },
    extra: { type: 'object', additionalProperties: true, 'x-coffer-extension': true },
    'odd-name': { anyOf: [{ type: 'boolean' }, { const: 1 }] },
  },
};
const doc = {
  paths: {
    '/accounts/{id}': { get: { responses: { '200': { content: { 'application/json': { schema: account } } } } } },
    '/accounts': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                // the same record, described differently: still recognised by its shape
                schema: { type: 'array', items: { ...account, description: 'One account.' } },
              },
            },
          },
        },
      },
    },
    '/page': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['items'],
                  properties: { items: { type: 'array', items: { ...account, description: undefined } } },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe('JSON Schema → TypeScript for the renderer records', () => {
  it('names records, reuses their names inside others, keeps prose as comments', () => {
    const text = recordsToTypeScript(doc, {
      records: { Account: ['get', '/accounts/{id}', '200', ''], Page: ['get', '/page', '200', ''] },
      valueSets: { 'Account.status': ['AccountStatus', 'ACCOUNT_STATUSES'] },
      values: { ACCOUNT_STATUSES: ['ACTIVE', 'CLOSED'] },
      valueSetModule: './values',
      header: ['generated'],
    });
    expect(text).toBe(
      [
        '// generated',
        '',
        "import type { AccountStatus } from './values';",
        '',
        '/** The account. */',
        'export interface Account {',
        '  id: string;',
        '  status: AccountStatus;',
        '  tags: string[];',
        '  /** Seconds. */',
        '  balance_date?: number | null;',
        "  kind?: 'it\\'s' | 'B';",
        '  /** (Coffer extension to the published interface.) */',
        '  extra?: Record<string, unknown>;',
        "  'odd-name'?: boolean | 1;",
        '}',
        '',
        'export interface Page {',
        '  items: Account[];',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('refuses a document whose enum disagrees with the shared value set', () => {
    const strict = structuredClone(doc);
    (
      strict.paths['/accounts/{id}'].get.responses['200'].content['application/json'].schema.properties.status as {
        enum?: string[];
      }
    ).enum = ['ACTIVE'];
    expect(() =>
      recordsToTypeScript(strict, {
        records: { Account: ['get', '/accounts/{id}', '200', ''] },
        valueSets: { 'Account.status': ['AccountStatus', 'ACCOUNT_STATUSES'] },
        values: { ACCOUNT_STATUSES: ['ACTIVE', 'CLOSED'] },
      }),
    ).toThrow(/differs from ACCOUNT_STATUSES/);
  });

  it('says where a record is missing', () => {
    expect(() => recordsToTypeScript(doc, { records: { X: ['post', '/accounts', '201', ''] } })).toThrow(
      /no schema at POST \/accounts 201/,
    );
  });
});
