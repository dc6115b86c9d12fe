/**
 * The catalogue as one user (or one connection) sees it during a batched roll-out step 1 (C13): the
 * provider's REDIRECT definition is unavailable in the catalogue until the last batch, except for batch
 * members — users of a batch, and connections marked `rollout_member`. Code that decides what a caller may
 * use (creating a connection, adding a channel, running a channel, an authorize_url) reads the provider
 * through `providerFor` instead of `catalogueProvider`.
 */
import { catalogueProvider, type CatalogueProvider } from '../catalogue/providers';
import type { Db } from '../db/database';
import { membersOf, parseState } from './rollout-rules';

export interface Viewer {
  userId?: number | null;
  connectionId?: number | null;
}

/** Whether the viewer is a member of the provider's step-1 batches (false when no batch is in progress). */
export function isRolloutMember(db: Db, providerId: string, viewer: Viewer): boolean {
  const json = db.prepare<[string], string>('SELECT rollout FROM providers WHERE id = ?').pluck().get(providerId);
  if (!json || json === '{}') return false;
  const state = parseState(json);
  if (state.step !== 1 || state.all) return false;
  if (viewer.userId !== undefined && viewer.userId !== null && membersOf(state).has(viewer.userId)) return true;
  if (viewer.connectionId !== undefined && viewer.connectionId !== null) {
    return (
      db
        .prepare<[number, string], number>('SELECT rollout_member FROM connections WHERE id = ? AND provider_id = ?')
        .pluck()
        .get(viewer.connectionId, providerId) === 1
    );
  }
  return false;
}

/** `catalogueProvider`, with the REDIRECT definition available when the viewer is a batch member. */
export function providerFor(db: Db, providerId: string, viewer: Viewer): CatalogueProvider | undefined {
  const provider = catalogueProvider(db, providerId);
  if (!provider || !provider.channel_definitions.some((d) => d.mode === 'REDIRECT' && d.unavailable)) return provider;
  if (!isRolloutMember(db, providerId, viewer)) return provider;
  return {
    ...provider,
    channel_definitions: provider.channel_definitions.map((d) =>
      d.mode === 'REDIRECT' && d.unavailable ? { ...d, unavailable: false } : d,
    ),
  };
}
