/**
 * The catalogue as one user (or one connection) sees it during a batched roll-out step 1 (see
 * docs/api/rollout.md#batches): the provider's REDIRECT definition is unavailable in the catalogue until the last
 * batch, except for batch members — users of a batch, and connections marked `rollout_member`. Code that decides what a
 * caller may use (creating a connection, adding a channel, running a channel, an authorize_url) reads the provider
 * through `providerFor` instead of `catalogueProvider`.
 */
import { membersOf, parseState } from '../domain/rollout-rules';
import type { CatalogueProvider, ProviderStore } from '../store/providers';
import type { RolloutStore } from '../store/rollout';

/** Anything that carries the engine's store (the engine context does). */
export interface WithCatalogue {
  store: { providers: ProviderStore; rollout: RolloutStore };
}

export interface Viewer {
  userId?: number | null;
  connectionId?: number | null;
}

/** Whether the viewer is a member of the provider's step-1 batches (false when no batch is in progress). */
export function isRolloutMember(ctx: WithCatalogue, providerId: string, viewer: Viewer): boolean {
  const json = ctx.store.rollout.stateJson(providerId);
  if (!json || json === '{}') return false;
  const state = parseState(json);
  if (state.step !== 1 || state.all) return false;
  if (viewer.userId !== undefined && viewer.userId !== null && membersOf(state).has(viewer.userId)) return true;
  if (viewer.connectionId !== undefined && viewer.connectionId !== null) {
    return ctx.store.rollout.isMemberConnection(viewer.connectionId, providerId);
  }
  return false;
}

/** `catalogueProvider`, with the REDIRECT definition available when the viewer is a batch member. */
export function providerFor(ctx: WithCatalogue, providerId: string, viewer: Viewer): CatalogueProvider | undefined {
  const provider = ctx.store.providers.find(providerId);
  if (!provider || !provider.channel_definitions.some((d) => d.mode === 'REDIRECT' && d.unavailable)) return provider;
  if (!isRolloutMember(ctx, providerId, viewer)) return provider;
  return {
    ...provider,
    channel_definitions: provider.channel_definitions.map((d) =>
      d.mode === 'REDIRECT' && d.unavailable ? { ...d, unavailable: false } : d,
    ),
  };
}
