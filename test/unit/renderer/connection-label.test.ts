import { describe, expect, it } from 'vitest';
import {
  connectionLabelParts,
  connectionLabels,
  maskedLogin,
} from '../../../src/renderer/core/labels/connection-label';

type Channel = {
  channel_definition_id: string;
  mode: string;
  status: string;
  credentials: Array<{ id: string; masked_value: string }>;
};

const embedded = (login: string, status = 'SUCCESS'): Channel =>
  ({
    channel_definition_id: 'EMBEDDED',
    mode: 'EMBEDDED',
    status,
    credentials: [
      { id: 'login', masked_value: login },
      { id: 'password', masked_value: '********' },
    ],
  }) as Channel;

const redirect: Channel = {
  channel_definition_id: 'REDIRECT',
  mode: 'REDIRECT',
  status: 'SUCCESS',
  credentials: [],
} as Channel;

const connection = (id: string, name: string, creation_date: number, channels: Channel[] = []) => ({
  id,
  name,
  creation_date,
  channels,
});

describe('connection display name', () => {
  it('keeps a name no other connection has as it is', () => {
    const labels = connectionLabels([
      connection('1', 'Coffer Test Bank', 1, [embedded('us****ok')]),
      connection('2', 'BNP', 2, [embedded('jo****hn')]),
    ]);
    expect([labels.get('1'), labels.get('2')]).toEqual(['Coffer Test Bank', 'BNP']);
  });

  it('tells five connections to the same bank apart by their masked logins', () => {
    const logins = ['al****in', 'bo****nd', 'ca****it', 'da****el', 'us****ok'];
    const labels = connectionLabels(logins.map((l, i) => connection(`c${i}`, 'Coffer Test Bank', i, [embedded(l)])));
    expect([...labels.values()]).toEqual(logins.map((l) => `Coffer Test Bank · ${l}`));
    expect(new Set(labels.values()).size).toBe(5);
  });

  it('compares names without case or accents, and keeps each one as it is written', () => {
    const labels = connectionLabels([
      connection('1', 'Crédit Agricole', 1, [embedded('al****in')]),
      connection('2', 'credit agricole', 2, [embedded('bo****nd')]),
    ]);
    expect([labels.get('1'), labels.get('2')]).toEqual(['Crédit Agricole · al****in', 'credit agricole · bo****nd']);
  });

  it('numbers, in the order they were added, connections that their logins do not tell apart', () => {
    const labels = connectionLabels([
      connection('late', 'Coffer Test Bank', 20, [embedded('us****ok')]),
      connection('early', 'Coffer Test Bank', 10, [embedded('us****ok')]),
      connection('psd2', 'Coffer Test Bank', 30, [redirect]),
    ]);
    expect(labels.get('early')).toBe('Coffer Test Bank · us****ok #1');
    expect(labels.get('late')).toBe('Coffer Test Bank · us****ok #2');
    expect(labels.get('psd2')).toBe('Coffer Test Bank');
  });

  it('a name the person gave stands alone once it is unique', () => {
    const labels = connectionLabels([
      connection('1', 'Joint account (Alice)', 1, [embedded('al****in')]),
      connection('2', 'Coffer Test Bank', 2, [embedded('bo****nd')]),
    ]);
    expect([labels.get('1'), labels.get('2')]).toEqual(['Joint account (Alice)', 'Coffer Test Bank']);
  });

  it('marks the login and the number as the parts a narrow place keeps', () => {
    const parts = connectionLabelParts([
      connection('1', 'Coffer Test Bank', 1, [embedded('us****ok')]),
      connection('2', 'Coffer Test Bank', 2, [embedded('us****ok')]),
    ]).get('2');
    expect(parts).toEqual([
      { text: 'Coffer Test Bank' },
      { text: ' · us****ok', keep: true },
      { text: ' #2', keep: true },
    ]);
  });

  it('reads the login from a channel in use whose mask shows something', () => {
    expect(maskedLogin({ channels: [embedded('al****in')] })).toBe('al****in');
    expect(maskedLogin({ channels: [embedded('****')] })).toBeUndefined();
    expect(maskedLogin({ channels: [embedded('al****in', 'EMPTY'), embedded('bo****nd')] })).toBe('bo****nd');
    expect(maskedLogin({ channels: [redirect] })).toBeUndefined();
  });
});
