import type { CredentialDefinition } from '../../connectors/types';
import { InvalidInput, NotFound } from '../../domain/errors';
import { parseJson } from '../../domain/record';
import type { ServiceDeps } from '../deps';
import { decryptCredentialValue } from '../keys-jwe';
import { checkCredentials, type CredentialInput } from './credential-input';

export interface UserInputBody {
  channel_definition_id?: string;
  key_id?: string;
  credentials?: CredentialInput[];
  cancel?: boolean;
}

const noChallenge = (connectionId: number) =>
  new NotFound(`no challenge pending for connection ${connectionId}`, String(connectionId));

const LOOKS_LIKE_JWE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+$/;

/**
 * POST /connections/{id}/user_input (see docs/api/request-bodies.md#user-input and
 * docs/api/synchronization.md#challenges). The answer is checked against the pending challenge's fields (table
 * `challenges`: ids, `encrypt`, `regexp`) and handed to the synchronization engine, which resumes the run; `{"cancel":
 * true}` cancels it (CHALLENGE_CANCELLED). No pending challenge → NotFound.
 */
export async function answerChallenge(
  deps: Pick<ServiceDeps, 'store' | 'sync' | 'keys'>,
  userId: number,
  connectionId: number,
  body: UserInputBody,
): Promise<void> {
  const rows = deps.store.channels.pendingChallenges(connectionId);
  const pending = body.channel_definition_id === undefined ? rows[0] : rows.find((r) => r.channel_definition_id === body.channel_definition_id);
  if (rows.length > 0 && !pending) throw noChallenge(connectionId);
  const channelDefinitionId = pending?.channel_definition_id ?? body.channel_definition_id;

  if (body.cancel === true) {
    if (!deps.sync.answerChallenge(connectionId, { channelDefinitionId, cancel: true })) throw noChallenge(connectionId);
    return;
  }
  if (!body.credentials || body.credentials.length === 0) {
    throw new InvalidInput('give the answer as credentials: [{id, value}], or {"cancel": true}');
  }
  let values: Record<string, string>;
  if (pending) {
    const fields = parseJson<CredentialDefinition[]>(pending.fields, []);
    ({ values } = await checkCredentials(deps.keys, userId, fields, body.credentials, {
      keyId: body.key_id,
      what: 'the pending challenge',
    }));
  } else {
    // The synchronization engine keeps no record of this challenge: pass the values on, decrypted when sent as JWEs.
    values = {};
    for (const { id, value } of body.credentials) {
      values[id] = LOOKS_LIKE_JWE.test(value) ? await decryptCredentialValue(deps.keys, userId, id, value, body.key_id) : value;
    }
  }
  if (!deps.sync.answerChallenge(connectionId, { channelDefinitionId, values })) throw noChallenge(connectionId);
}
