import { describe, expect, it } from 'vitest';
import { maskCredential } from '../../../src/shared/credential-mask';
import { findSameLogin } from '../../../src/renderer/src/features/connections/duplicate-login';
import type { Connection, CredentialDefinition } from '../../../src/renderer/src/lib/api';

const definitions = [
  { id: 'login', label: 'Login', type: 'TEXT', encrypt: false },
  { id: 'password', label: 'Password', type: 'PWD', encrypt: true },
] as CredentialDefinition[];

const connection = (id: string, login: string, over: Partial<Connection> = {}): Connection =>
  ({
    id,
    provider_id: '9000',
    name: 'Coffer Test Bank',
    status: 'SUCCESS',
    channels: [
      {
        channel_definition_id: '900000',
        mode: 'EMBEDDED',
        status: 'SUCCESS',
        credentials: [
          { id: 'login', masked_value: maskCredential('TEXT', login) },
          { id: 'password', masked_value: maskCredential('PWD', 'x') },
        ],
      },
    ],
    ...over,
  }) as unknown as Connection;

describe('same login already connected (issue 15)', () => {
  it('finds the connection of the same provider and channel whose masked login matches', () => {
    const found = findSameLogin([connection('1', 'user_ok'), connection('2', 'someone')], '9000', '900000', definitions, {
      login: 'someone',
      password: 'pass_ok',
    });
    expect(found?.connection.id).toBe('2');
    expect(found?.masked).toBe('so****ne');
  });

  it('finds nothing for another login, another provider or another channel', () => {
    const list = [connection('1', 'user_ok')];
    expect(findSameLogin(list, '9000', '900000', definitions, { login: 'someone' })).toBeNull();
    expect(findSameLogin(list, '9100', '900000', definitions, { login: 'user_ok' })).toBeNull();
    expect(findSameLogin(list, '9000', '900001', definitions, { login: 'user_ok' })).toBeNull();
  });

  it('never compares masks that hide everything (short logins, passwords)', () => {
    expect(findSameLogin([connection('1', 'abc')], '9000', '900000', definitions, { login: 'xyz' })).toBeNull();
    expect(findSameLogin([connection('1', 'user_ok')], '9000', '900000', definitions, { password: 'pass_ok' })).toBeNull();
  });
});
