/**
 * Coffer Legacy Bank (provider 9100): the Coffer Test Bank's simulated bank and logins (user_ok,
 * user_challenge…: docs/api/providers-and-test-bank.md#test-bank) behind another provider whose REDIRECT channel is
 * rolled out step by step (docs/api/rollout.md#steps). Each call is handed to the test bank with the channel definition
 * id mapped (910000 → 900000, 910001 → 900001); the same mapped context object is used for every call of a run, since
 * the test bank keeps its per-run session keyed by that object.
 */
import { createTestBankConnector, EMBEDDED_CHANNEL_ID, REDIRECT_CHANNEL_ID } from '..';
import type { Connector, ConnectorContext, ExchangeContext } from '../../types';
import { LEGACY_BANK_ID, LEGACY_EMBEDDED_ID, LEGACY_REDIRECT_ID, legacyBankDefinition } from './definition';

export { LEGACY_BANK_ID, LEGACY_EMBEDDED_ID, LEGACY_REDIRECT_ID, legacyBankDefinition } from './definition';

const TO_TEST_BANK: Record<string, string> = {
  [LEGACY_EMBEDDED_ID]: EMBEDDED_CHANNEL_ID,
  [LEGACY_REDIRECT_ID]: REDIRECT_CHANNEL_ID,
};

const mapId = (id: string) => TO_TEST_BANK[id] ?? id;

function mapped<T extends { channelDefinitionId: string }>(ctx: T): T {
  // A view of the engine's context (state, bankState, signal… are the engine's own objects) with the id mapped.
  return Object.create(ctx, { channelDefinitionId: { value: mapId(ctx.channelDefinitionId), enumerable: true } }) as T;
}

export function createLegacyBankConnector(): Connector {
  const bank = createTestBankConnector();
  const views = new WeakMap<ConnectorContext, ConnectorContext>();
  const viewOf = (ctx: ConnectorContext) => {
    let v = views.get(ctx);
    if (!v) {
      v = mapped(ctx);
      views.set(ctx, v);
    }
    return v;
  };
  return {
    definition: legacyBankDefinition,
    listAccounts: (ctx) => bank.listAccounts(viewOf(ctx)),
    fetchAccount: (ctx, account) => bank.fetchAccount(viewOf(ctx), account),
    authorizeUrl(args) {
      const url = new URL(bank.authorizeUrl!({ ...args, channelDefinitionId: mapId(args.channelDefinitionId) }));
      url.searchParams.set('provider_id', LEGACY_BANK_ID);
      url.searchParams.set('channel_definition_id', args.channelDefinitionId);
      return url.toString();
    },
    exchangeCode: (ctx: ExchangeContext, code: string) => bank.exchangeCode!(mapped(ctx), code),
    consentPage: bank.consentPage,
  };
}

export const legacyBankConnector: Connector = createLegacyBankConnector();
