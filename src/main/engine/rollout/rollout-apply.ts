/**
 * Carries out a roll-out request (C13) in one database transaction: the provider's state (`providers.rollout`),
 * the catalogue (REDIRECT availability, EMBEDDED account types), the channels of existing connections
 * (an EMPTY REDIRECT channel; `connections.rollout_member`) and, at step 2, the account transitions.
 */
import { randomInt } from 'node:crypto';
import { catalogueProvider, type CatalogueProvider } from '../catalogue/providers';
import type { ChannelDefinition } from '../connectors/types';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { connectionStatusFromChannels } from '../resources/rules/connection-status';
import type { ChannelStatus } from '../resources/values';
import {
  drawRandomBatch,
  membersOf,
  nextState,
  parseState,
  refusal,
  step2ForChannel,
  type RolloutRequest,
  type RolloutState,
} from './rollout-rules';

export interface RolloutDefinitions {
  provider: CatalogueProvider;
  embedded: ChannelDefinition;
  redirect: ChannelDefinition;
}

const PSD2_TYPES = ['CHECKINGS', 'CREDIT_CARD'];

/** The provider and the two definitions a roll-out is about; 404 for an unknown provider, 400 when it has no pair. */
export function rolloutDefinitions(db: Db, providerId: string): RolloutDefinitions {
  const provider = catalogueProvider(db, providerId);
  if (!provider) throw notFound('provider', providerId);
  const embedded = provider.channel_definitions.filter((d) => d.mode === 'EMBEDDED');
  const redirect = provider.channel_definitions.filter((d) => d.mode === 'REDIRECT');
  if (embedded.length !== 1 || redirect.length !== 1) {
    throw badRequest(
      `provider ${providerId} has no REDIRECT channel definition to roll out beside its EMBEDDED one`,
      providerId,
    );
  }
  return { provider, embedded: embedded[0], redirect: redirect[0] };
}

export function readState(db: Db, providerId: string): RolloutState {
  return parseState(db.prepare<[string], string>('SELECT rollout FROM providers WHERE id = ?').pluck().get(providerId));
}

const random = () => randomInt(2 ** 47) / 2 ** 47;

export function applyRollout(db: Db, providerId: string, request: RolloutRequest, now: number): RolloutState {
  return db.transaction(() => {
    const defs = rolloutDefinitions(db, providerId);
    const state = readState(db, providerId);
    if (state.step === 0 && !defs.redirect.unavailable) {
      throw badRequest(
        `the REDIRECT channel definition ${defs.redirect.id} of provider ${providerId} is already available to everyone: there is nothing to roll out`,
        providerId,
      );
    }
    const refused = refusal(state, request);
    if (refused) throw badRequest(refused, providerId);

    let joined: number[] = [];
    if (request.step === 1 && 'users' in request) {
      const known = new Set(
        db
          .prepare<number[], number>(`SELECT id FROM users WHERE id IN (${request.users.map(() => '?').join(',')})`)
          .pluck()
          .all(...request.users),
      );
      const unknown = request.users.filter((u) => !known.has(u));
      if (unknown.length) throw badRequest(`unknown user ids: ${unknown.slice(0, 10).join(', ')}`);
      joined = request.users;
    } else if (request.step === 1 && request.batch === 'random') {
      const members = membersOf(state);
      const candidates = db
        .prepare<[], number>('SELECT id FROM users ORDER BY id')
        .pluck()
        .all()
        .filter((id) => !members.has(id));
      joined = drawRandomBatch(candidates, request.share, random);
    }

    const next = nextState(state, request, joined, now);
    db.prepare('UPDATE providers SET rollout = ? WHERE id = ?').run(JSON.stringify(next), providerId);
    if (next.all) {
      db.prepare('UPDATE channel_definitions SET unavailable = 0 WHERE id = ?').run(defs.redirect.id);
      addRedirectChannels(db, providerId, defs.redirect.id, null);
    } else if (joined.length) {
      addRedirectChannels(db, providerId, defs.redirect.id, joined);
    }
    if (request.step === 2) applyStep2(db, providerId, defs);
    return next;
  })();
}

/** Existing connections (of `users`, or all) get an EMPTY channel for the REDIRECT definition and become members. */
function addRedirectChannels(db: Db, providerId: string, redirectId: string, users: number[] | null): void {
  const filter = users ? `AND user_id IN (${users.map(() => '?').join(',')})` : '';
  const params = [providerId, ...(users ?? [])];
  db.prepare(
    `INSERT OR IGNORE INTO channels (connection_id, channel_definition_id, mode, status)
     SELECT id, ?, 'REDIRECT', 'EMPTY' FROM connections WHERE provider_id = ? AND status <> 'CLOSED' ${filter}`,
  ).run(redirectId, ...params);
  db.prepare(`UPDATE connections SET rollout_member = 1 WHERE provider_id = ? ${filter}`).run(...params);
}

/** EMBEDDED stops covering CHECKINGS and CREDIT_CARD; existing connections follow the step-2 rows. */
function applyStep2(db: Db, providerId: string, defs: RolloutDefinitions): void {
  const kept = defs.embedded.account_types.filter((t) => !PSD2_TYPES.includes(t));
  db.prepare('UPDATE channel_definitions SET account_types = ? WHERE id = ?').run(
    JSON.stringify(kept),
    defs.embedded.id,
  );

  const channels = db
    .prepare<[string, string], { id: number; connection_id: number; status: ChannelStatus }>(
      `SELECT ch.id, ch.connection_id, ch.status FROM channels ch JOIN connections c ON c.id = ch.connection_id
        WHERE c.provider_id = ? AND ch.channel_definition_id = ? AND ch.status NOT IN ('EMPTY', 'CLOSED')`,
    )
    .all(providerId, defs.embedded.id);
  const accountsOf = db.prepare<[number, string], { id: number; type: string; status: string }>(
    'SELECT id, type, status FROM accounts WHERE connection_id = ? AND last_channel_definition_id = ? ORDER BY id',
  );
  const setAccount = db.prepare("UPDATE accounts SET status = 'UNAVAILABLE' WHERE id = ?");
  const setChannel = db.prepare('UPDATE channels SET status = ? WHERE id = ?');
  const statusesOf = db.prepare<[number], ChannelStatus>('SELECT status FROM channels WHERE connection_id = ?').pluck();
  const connectionStatus = db.prepare<[number], string>('SELECT status FROM connections WHERE id = ?').pluck();
  const setConnection = db.prepare('UPDATE connections SET status = ? WHERE id = ?');

  for (const channel of channels) {
    const accounts = accountsOf.all(channel.connection_id, defs.embedded.id);
    const { unavailable, channelStatus } = step2ForChannel(accounts);
    accounts.forEach((a, i) => unavailable[i] && setAccount.run(a.id));
    // A channel being synchronized gets its status from the end of that run.
    if (!channelStatus || channel.status === 'RUNNING') continue;
    setChannel.run(channelStatus, channel.id);
    if (connectionStatus.get(channel.connection_id) !== 'RUNNING') {
      setConnection.run(connectionStatusFromChannels(statusesOf.all(channel.connection_id)), channel.connection_id);
    }
  }
}
