import type { CredentialDefinition } from '../../connectors/types';
import { maskCredential } from '../../domain/credential-mask';
import { InvalidInput } from '../../domain/errors';
import type { EncryptionKeyStore } from '../keys';
import { decryptCredentialValue } from '../keys-jwe';

export interface CredentialInput {
  id: string;
  value: string;
}

export interface CheckedCredentials {
  /** Plain values by credential-definition id: for the keychain only, never the database, logs or errors. */
  values: Record<string, string>;
  /** What the channel shows: `[{id, masked_value}]` in definition order. */
  masked: Array<{ id: string; masked_value: string }>;
}

function patternOf(definition: CredentialDefinition): RegExp | null {
  if (!definition.regexp) return null;
  try {
    return new RegExp(definition.regexp, 'u');
  } catch {
    try {
      return new RegExp(definition.regexp);
    } catch {
      return null;
    }
  }
}

/**
 * Checks credential values against a channel definition's credential definitions (see
 * docs/api/request-bodies.md#credentials): every id must be one of the definition's, given once; `encrypt: true` values
 * must be compact JWEs made with one of the caller's live keys and are decrypted here; every (decrypted) value must
 * match its definition's `regexp`; every definition must end up with a value — from `input`, or else from `existing`
 * (the values already kept for the channel, when credentials are updated). Errors name the credential id, never a
 * value.
 */
export async function checkCredentials(
  keys: EncryptionKeyStore,
  userId: number,
  definitions: readonly CredentialDefinition[],
  input: readonly CredentialInput[],
  options: { keyId?: string; existing?: Record<string, string>; what: string },
): Promise<CheckedCredentials> {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const given = new Map<string, string>();
  for (const { id, value } of input) {
    const definition = byId.get(id);
    if (!definition) {
      throw new InvalidInput(`credential ${JSON.stringify(id.slice(0, 64))} is not a credential of ${options.what} (expected: ${definitions.map((d) => d.id).join(', ') || 'none'})`);
    }
    if (given.has(id)) throw new InvalidInput(`credential ${id} is given twice`);
    given.set(id, value);
  }

  const values: Record<string, string> = {};
  for (const definition of definitions) {
    let value = given.get(definition.id);
    if (value !== undefined) {
      if (definition.encrypt) value = await decryptCredentialValue(keys, userId, definition.id, value, options.keyId);
      const pattern = patternOf(definition);
      if (pattern && !pattern.test(value)) {
        throw new InvalidInput(`credential ${definition.id} does not match the expected format of ${options.what}`);
      }
    } else {
      value = options.existing?.[definition.id];
      if (value === undefined) throw new InvalidInput(`credential ${definition.id} is required by ${options.what}`);
    }
    values[definition.id] = value;
  }
  const masked = definitions.map((d) => ({ id: d.id, masked_value: maskCredential(d.type, values[d.id], d.encrypt) }));
  return { values, masked };
}
