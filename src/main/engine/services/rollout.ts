/**
 * Carries out a roll-out request (see docs/api/rollout.md#steps) in one database transaction: the provider's state
 * (`providers.rollout`), the catalogue (REDIRECT availability, EMBEDDED account types), the channels of existing
 * connections (an EMPTY REDIRECT channel; `connections.rollout_member`) and, at step 2, the account transitions. The
 * rules are in domain/rollout-rules.ts, the statements in store/rollout.ts.
 */
import { randomInt } from 'node:crypto';
import type { ChannelDefinition } from '../connectors/types';
import { connectionStatusFromChannels } from '../domain/connection-status';
import { InvalidInput, NotFound } from '../domain/errors';
import {
  drawRandomBatch,
  membersOf,
  nextState,
  parseRequest,
  parseState,
  refusal,
  step2ForChannel,
  type RolloutRequest,
  type RolloutState,
} from '../domain/rollout-rules';
import type { Store } from '../store';
import type { CatalogueProvider } from '../store/providers';

export interface RolloutDefinitions {
  provider: CatalogueProvider;
  embedded: ChannelDefinition;
  redirect: ChannelDefinition;
}

type RolloutDeps = { store: Pick<Store, 'providers' | 'rollout' | 'transaction'>; now(): number };

const PSD2_TYPES = ['CHECKINGS', 'CREDIT_CARD'];

/** The provider and the two definitions a roll-out is about; NotFound for an unknown provider, InvalidInput when it has no pair. */
export function rolloutDefinitions(deps: RolloutDeps, providerId: string): RolloutDefinitions {
  const provider = deps.store.providers.find(providerId);
  if (!provider) throw NotFound.of('provider', providerId);
  const embedded = provider.channel_definitions.filter((d) => d.mode === 'EMBEDDED');
  const redirect = provider.channel_definitions.filter((d) => d.mode === 'REDIRECT');
  if (embedded.length !== 1 || redirect.length !== 1) {
    throw new InvalidInput(`provider ${providerId} has no REDIRECT channel definition to roll out beside its EMBEDDED one`, providerId);
  }
  return { provider, embedded: embedded[0], redirect: redirect[0] };
}

export function readState(deps: RolloutDeps, providerId: string): RolloutState {
  return parseState(deps.store.rollout.stateJson(providerId));
}

const random = () => randomInt(2 ** 47) / 2 ** 47;

export function applyRollout(deps: RolloutDeps, providerId: string, request: RolloutRequest, now: number): RolloutState {
  const { rollout } = deps.store;
  return deps.store.transaction(() => {
    const defs = rolloutDefinitions(deps, providerId);
    const state = readState(deps, providerId);
    if (state.step === 0 && !defs.redirect.unavailable) {
      throw new InvalidInput(
        `the REDIRECT channel definition ${defs.redirect.id} of provider ${providerId} is already available to everyone: there is nothing to roll out`,
        providerId,
      );
    }
    const refused = refusal(state, request);
    if (refused) throw new InvalidInput(refused, providerId);

    let joined: number[] = [];
    if (request.step === 1 && 'users' in request) {
      const known = rollout.knownUsers(request.users);
      const unknown = request.users.filter((u) => !known.has(u));
      if (unknown.length) throw new InvalidInput(`unknown user ids: ${unknown.slice(0, 10).join(', ')}`);
      joined = request.users;
    } else if (request.step === 1 && request.batch === 'random') {
      const members = membersOf(state);
      const candidates = rollout.allUserIds().filter((id) => !members.has(id));
      joined = drawRandomBatch(candidates, request.share, random);
    }

    const next = nextState(state, request, joined, now);
    rollout.setState(providerId, JSON.stringify(next));
    if (next.all) {
      rollout.makeDefinitionAvailable(defs.redirect.id);
      rollout.addRedirectChannels(providerId, defs.redirect.id, null);
    } else if (joined.length) {
      rollout.addRedirectChannels(providerId, defs.redirect.id, joined);
    }
    if (request.step === 2) applyStep2(deps, providerId, defs);
    return next;
  });
}

/** EMBEDDED stops covering CHECKINGS and CREDIT_CARD; existing connections follow the step-2 rows. */
function applyStep2(deps: RolloutDeps, providerId: string, defs: RolloutDefinitions): void {
  const { rollout } = deps.store;
  rollout.setDefinitionAccountTypes(defs.embedded.id, defs.embedded.account_types.filter((t) => !PSD2_TYPES.includes(t)));
  for (const channel of rollout.openChannels(providerId, defs.embedded.id)) {
    const accounts = rollout.accountsOnChannel(channel.connection_id, defs.embedded.id);
    const { unavailable, channelStatus } = step2ForChannel(accounts);
    accounts.forEach((a, i) => unavailable[i] && rollout.setAccountUnavailable(a.id));
    // A channel being synchronized gets its status from the end of that run.
    if (!channelStatus || channel.status === 'RUNNING') continue;
    rollout.setChannelStatus(channel.id, channelStatus);
    if (rollout.connectionStatus(channel.connection_id) !== 'RUNNING') {
      rollout.setConnectionStatus(channel.connection_id, connectionStatusFromChannels(rollout.channelStatuses(channel.connection_id)));
    }
  }
}

/** The roll-out state as GET/POST /admin/providers/{id}/rollout answer it. */
export function stateRecord(deps: RolloutDeps, providerId: string, state: RolloutState) {
  const defs = rolloutDefinitions(deps, providerId);
  return {
    provider_id: providerId,
    step: state.step,
    embedded_channel_definition_id: defs.embedded.id,
    redirect_channel_definition_id: defs.redirect.id,
    embedded_account_types: defs.embedded.account_types,
    redirect_available_to_all: !defs.redirect.unavailable,
    batches: state.batches.map((b, i) => ({
      number: i + 1,
      kind: b.kind,
      creation_date: b.date,
      users: b.users.map(String),
      ...(b.share !== undefined ? { share: b.share } : {}),
    })),
    member_count: membersOf(state).size,
    step1_skipped: state.step1_skipped,
    ...(state.step2_date !== undefined ? { step2_date: state.step2_date } : {}),
  };
}

/** The roll-out use cases (routes/rollout.ts). */
export function createRolloutService(deps: RolloutDeps) {
  return {
    state: (providerId: string) => stateRecord(deps, providerId, readState(deps, providerId)),
    /** Parses the body (InvalidInput with the reason), applies it, answers the new state. */
    apply(providerId: string, body: unknown) {
      const parsed = parseRequest(body);
      if (typeof parsed === 'string') throw new InvalidInput(parsed);
      return stateRecord(deps, providerId, applyRollout(deps, providerId, parsed, deps.now()));
    },
  };
}

export type RolloutService = ReturnType<typeof createRolloutService>;
