/**
 * A run's account plan (account-plan.ts), made ONCE per run from what the database holds then, and the
 * fingerprint of that basis: inside the results transaction the basis is read again, and only when it
 * changed meanwhile (an account deleted, a channel added, consent switched) is the plan made again — on the
 * database as it is then, so a change made during the run wins.
 */
import type { CatalogueProvider } from '../catalogue/providers';
import type { ProviderAccount } from '../connectors/types';
import type { LinkableChannel } from '../domain/channel-linking';
import type { SyncedAccountRow } from '../store/account-sync';
import type { Store } from '../store';
import { planAccounts, type PlannedAccount } from './account-plan';

export interface PlanBasis {
  channels: LinkableChannel[];
  stored: SyncedAccountRow[];
  deleted: Set<string>;
  consentPerAccount: boolean;
}

export interface RunPlan {
  plan: PlannedAccount[];
  /** What the plan was made from, as a comparable text. */
  fingerprint: string;
}

export interface PlanScope {
  type: 'ALL' | 'LIST_ACCOUNTS';
  channelDefinitionId: string;
  accountIds?: ReadonlySet<number>;
}

type PlanStore = Pick<Store, 'syncRuns' | 'accountSync'>;

/** The connection's channels as the linking rules see them (account types from the catalogue entry). */
function linkableChannels(
  store: PlanStore,
  provider: CatalogueProvider | undefined,
  connectionId: number,
): LinkableChannel[] {
  return store.syncRuns.channelLinks(connectionId).map((c) => ({
    channelDefinitionId: c.channel_definition_id,
    mode: c.mode,
    status: c.status,
    accountTypes: provider?.channel_definitions.find((d) => d.id === c.channel_definition_id)?.account_types ?? [],
  }));
}

export function readPlanBasis(
  store: PlanStore,
  provider: CatalogueProvider | undefined,
  connectionId: number,
  consentPerAccount: boolean,
): PlanBasis {
  return {
    channels: linkableChannels(store, provider, connectionId),
    stored: store.accountSync.accounts(connectionId),
    deleted: store.accountSync.deletedReferences(connectionId),
    consentPerAccount,
  };
}

/** Only what planAccounts reads: a channel's exact status matters only as EMPTY or not. */
function fingerprintOf(basis: PlanBasis): string {
  return JSON.stringify([
    basis.channels.map((c) => [c.channelDefinitionId, c.mode, c.status === 'EMPTY', c.accountTypes]),
    basis.stored.map((s) => [s.id, s.reference, s.type, s.status, s.usage, s.last_channel_definition_id]),
    [...basis.deleted].sort(),
    basis.consentPerAccount,
  ]);
}

export function makeRunPlan(scope: PlanScope, basis: PlanBasis, listed: readonly ProviderAccount[]): RunPlan {
  const self = basis.channels.find((c) => c.channelDefinitionId === scope.channelDefinitionId);
  const plan = planAccounts({
    type: scope.type,
    channelDefinitionId: scope.channelDefinitionId,
    coveredTypes: self?.accountTypes ?? [],
    channels: basis.channels,
    listed,
    stored: basis.stored,
    deleted: basis.deleted,
    consentPerAccount: basis.consentPerAccount,
    accountIds: scope.accountIds,
  });
  return { plan, fingerprint: fingerprintOf(basis) };
}

/** The plan to write with: the run's own when its basis still holds, else one made on `current`. */
export function revalidatePlan(
  planned: RunPlan,
  scope: PlanScope,
  current: PlanBasis,
  listed: readonly ProviderAccount[],
): PlannedAccount[] {
  if (fingerprintOf(current) === planned.fingerprint) return planned.plan;
  return makeRunPlan(scope, current, listed).plan;
}
