#!/usr/bin/env node
// Generates the renderer's record types from the engine's own OpenAPI document, so the app, the widget and
// the engine share one contract: src/renderer/src/lib/api/generated/openapi-types.ts (checked in).
//
//   node scripts/generate-api-types.mjs           writes the file (`npm run gen:api-types`, run by `npm run build`)
//   node scripts/generate-api-types.mjs --check   exits 1 when the checked-in file differs (run by `npm test`)
//
// How: starts a real engine in a temporary data directory with an in-memory secret store (no keychain, no
// fixed port: port 0 on 127.0.0.1, only for the instant), asks it for GET /v2/openapi.json through
// Fastify's in-process `inject` (no socket traffic), stops it and removes the directory. The document is
// built from the route schemas, so what the renderer compiles against is what the engine serves.
//
// The route schemas are inline (the document has no components/schemas), so RECORDS below names the
// records: each is the response schema of one operation (or a part of it). Wherever a structurally equal
// schema appears inside another record, the emitter (openapi-to-typescript.mjs) writes the record's name.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ROOT } from './lib.mjs';
import { recordsToTypeScript } from './openapi-to-typescript.mjs';

const OUT = join(ROOT, 'src/renderer/core/api/generated/openapi-types.ts');

/**
 * Record name → where its schema is in the served document: [method, path, status, JSON pointer inside
 * the response schema ('' for the whole schema)]. A list operation's records are its `items`.
 */
const RECORDS = {
  ApiErrorBody: ['post', '/v2/admin/sign-keys/rotate', '503', ''],
  AppStatus: ['get', '/v2/app/status', '200', ''],
  AppTerms: ['get', '/v2/app/terms', '200', ''],
  OwnerSession: ['post', '/v2/app/owner', '201', ''],
  AdminToken: ['post', '/v2/app/admin-token', '200', ''],
  TokenAnswer: ['post', '/auth/token', '200', ''],
  User: ['get', '/v2/users/{id}', '200', ''],
  UserTerms: ['get', '/v2/users/{id}/terms', '200', ''],
  ImportAnswer: ['post', '/v2/users/me/import', '201', ''],
  PersonalToken: ['get', '/v2/users/{id}/tokens', '200', '/items'],
  CreatedPersonalToken: ['post', '/v2/users/{id}/tokens', '201', ''],
  OAuthClient: ['get', '/v2/admin/clients', '200', '/items'],
  CreatedOAuthClient: ['post', '/v2/admin/clients', '201', ''],
  Provider: ['get', '/v2/providers/{id}', '200', ''],
  ChannelDefinition: ['get', '/v2/providers/{id}', '200', '/properties/channel_definitions/items'],
  CredentialDefinition: [
    'get',
    '/v2/providers/{id}',
    '200',
    '/properties/channel_definitions/items/properties/credentials/items',
  ],
  Category: ['get', '/v2/categories', '200', '/items'],
  EncryptionKey: ['get', '/v2/keys/{id}', '200', ''],
  Connection: ['get', '/v2/connections/{id}', '200', ''],
  Channel: ['get', '/v2/connections/{id}', '200', '/properties/channels/items'],
  Credential: ['get', '/v2/connections/{id}', '200', '/properties/channels/items/properties/credentials/items'],
  Account: ['get', '/v2/accounts/{id}', '200', ''],
  Transaction: ['get', '/v2/transactions/{id}', '200', ''],
  CategorizationRule: ['get', '/v2/categorization_rules/{id}', '200', ''],
  RulesApplied: ['post', '/v2/categorization_rules/apply', '200', ''],
  Budget: ['get', '/v2/budget', '200', ''],
  BudgetMonth: ['get', '/v2/budget/months/{month}', '200', ''],
  BudgetCategory: ['get', '/v2/budget/categories', '200', '/items'],
  Transfer: ['get', '/v2/transfers/{id}', '200', ''],
  RecurringPayment: ['get', '/v2/recurring_payments/{id}', '200', ''],
  RecurringDetection: ['post', '/v2/recurring_payments/detect', '200', ''],
  Forecast: ['get', '/v2/forecast', '200', ''],
  LedgerOperation: ['get', '/v2/ledger_operations', '200', '/items'],
  RulePreview: ['post', '/v2/categorization_rules/preview', '200', ''],
  Payee: ['get', '/v2/payees/{id}', '200', ''],
  MergeResult: ['post', '/v2/payees/{id}/merge', '200', ''],
  Queue: ['get', '/v2/queues/{id}', '200', ''],
  QueueEvent: ['get', '/v2/queues/{id}', '200', '/properties/events/items'],
  ChallengeRequired: ['get', '/embed/widget/api/connections/{id}/challenge', '200', '/properties/challenge_required'],
  SignKey: ['get', '/sign-keys', '200', '/items'],
  WebhookConfig: ['put', '/v2/admin/webhook', '200', ''],
  WebhookStatus: ['get', '/v2/admin/webhook', '200', ''],
  WebhookDelivery: ['get', '/v2/admin/webhook/deliveries', '200', '/items'],
  AdminSettings: ['get', '/v2/admin/settings', '200', ''],
  Backup: ['post', '/v2/admin/backups', '201', ''],
  EnableBankingApplication: ['get', '/v2/admin/connectors/enablebanking', '200', ''],
  Rollout: ['get', '/v2/admin/providers/{id}/rollout', '200', ''],
  AuthorizeUrl: [
    'post',
    '/v2/providers/{provider_id}/channel_definitions/{channel_definition_id}/authorize_url',
    '200',
    '',
  ],
  StatementFile: ['get', '/v2/connections/{id}/documents', '200', '/items'],
  DocumentSettings: ['get', '/v2/connections/{id}/document_settings', '200', ''],
  WidgetSessionCreated: ['post', '/embed/widget_session', '201', ''],
  WidgetSessionAnswer: ['post', '/embed/widget/api/session', '200', ''],
  WidgetSessionParameters: ['post', '/embed/widget/api/session', '200', '/properties/session'],
  FxRate: ['get', '/v2/fx_rates', '200', ''],
  RatesRefresh: ['post', '/v2/admin/fx_rates/refresh', '200', ''],
  Summary: ['get', '/v2/summary', '200', ''],
  SummaryAccount: ['get', '/v2/summary', '200', '/properties/accounts/items'],
  Report: ['get', '/v2/reports/{kind}', '200', ''],
  ReportRow: ['get', '/v2/reports/{kind}', '200', '/properties/rows/items'],
};

/**
 * Fields whose served schema says only `string` but whose values are one of the value sets of
 * src/shared/api-values.ts (the engine validates them against the same constants). The generated type uses
 * the value set; if the document ever lists an enum for such a field, it must equal the value set.
 */
const VALUE_SETS = {
  'Account.status': ['AccountStatus', 'ACCOUNT_STATUSES'],
  'Account.type': ['AccountType', 'ACCOUNT_TYPES'],
  'Account.usage': ['AccountUsage', 'ACCOUNT_USAGES'],
  'Connection.status': ['ChannelStatus', 'CHANNEL_STATUSES'],
  'Channel.status': ['ChannelStatus', 'CHANNEL_STATUSES'],
  'Channel.account_types': ['AccountType', 'ACCOUNT_TYPES', 'array'],
  'ChannelDefinition.account_types': ['AccountType', 'ACCOUNT_TYPES', 'array'],
  'ChallengeRequired.fields': ['CredentialDefinition', null, 'record-array'],
  'Transaction.status': ['TransactionStatus', 'TRANSACTION_STATUSES'],
  'Transaction.type': ['TransactionType', 'TRANSACTION_TYPES'],
};

// ── fetching the document ────────────────────────────────────────────────────────────────────────────────

async function fetchOpenApiDocument() {
  const { register } = await import('tsx/esm/api');
  register();
  const { startEngine } = await import('../src/main/engine/engine.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-openapi-'));
  const memory = new Map();
  /** The keychain is not needed to describe the API; an in-memory store keeps the OS keychain untouched. */
  const secrets = {
    assertAvailable() {},
    isAvailable: () => true,
    get: (name) => memory.get(name) ?? null,
    set: (name, value) => void memory.set(name, value),
    delete: (name) => void memory.delete(name),
  };
  const engine = await startEngine({
    dataDir,
    port: 0,
    resourcesDir: join(ROOT, 'resources'),
    appDir: null,
    logLevel: 'silent',
    secrets,
    // The throwaway database's key too stays in memory: describing the API needs no keychain.
    databaseKeys: secrets,
  });
  try {
    const answer = await engine.app.inject({
      method: 'GET',
      url: '/v2/openapi.json',
      // The engine answers only to its own Host (DNS-rebinding guard).
      headers: { host: new URL(engine.urls.host_url).host },
    });
    if (answer.statusCode !== 200)
      throw new Error(`GET /v2/openapi.json answered ${answer.statusCode}: ${answer.body}`);
    return JSON.parse(answer.body);
  } finally {
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function loadValueSets() {
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/shared/api-values.ts');
}

export async function generate(doc) {
  return recordsToTypeScript(doc, {
    records: RECORDS,
    valueSets: VALUE_SETS,
    values: await loadValueSets(),
    valueSetModule: relative(dirname(OUT), join(ROOT, 'src/shared/api-values')).split('\\').join('/'),
    header: [
      "Generated by scripts/generate-api-types.mjs from the engine's OpenAPI document (GET /v2/openapi.json).",
      'Do not edit: change the route schemas in the engine, then run `npm run gen:api-types`.',
      `${doc.info?.title ?? 'API'} ${doc.info?.version ?? ''}`.trimEnd(),
    ],
  });
}

async function main() {
  const check = process.argv.includes('--check');
  const text = await generate(await fetchOpenApiDocument());
  const where = relative(ROOT, OUT);
  if (check) {
    let current = '';
    try {
      current = readFileSync(OUT, 'utf8');
    } catch {
      // missing: reported below
    }
    if (current !== text) {
      process.stderr.write(
        `${where} differs from what the engine's OpenAPI document gives: run \`npm run gen:api-types\` and commit it.\n`,
      );
      process.exit(1);
    }
    process.stdout.write(`${where} matches the engine's OpenAPI document\n`);
    return;
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, text);
  process.stdout.write(`wrote ${where}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
