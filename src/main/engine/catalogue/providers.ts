import type { ChannelDefinition } from '../connectors/types';
import type { ProviderStore, CatalogueProvider } from '../store/providers';

export type { CatalogueProvider } from '../store/providers';

/** Anything that carries the engine's store (the engine context does). */
interface WithProviders {
  store: { providers: ProviderStore };
}

/** Every provider with its channel definitions (REDIRECT first), in catalogue order; cached per database version. */
export function catalogueProviders(ctx: WithProviders): CatalogueProvider[] {
  return ctx.store.providers.all();
}

export function catalogueProvider(ctx: WithProviders, id: string): CatalogueProvider | undefined {
  return ctx.store.providers.find(id);
}

/** A channel definition with the provider it belongs to. */
export function catalogueChannelDefinition(
  ctx: WithProviders,
  channelDefinitionId: string,
): { provider: CatalogueProvider; definition: ChannelDefinition } | undefined {
  return ctx.store.providers.channelDefinition(channelDefinitionId);
}

/**
 * The channel definition a new connection uses when none is named (see docs/api/request-bodies.md#connections): the
 * provider's first available one, REDIRECT before EMBEDDED.
 */
export function defaultChannelDefinition(provider: CatalogueProvider): ChannelDefinition | undefined {
  return provider.channel_definitions.find((d) => !d.unavailable);
}
