import { describe, expect, it } from 'vitest';
import type { ProviderAccount } from '../../../src/main/engine/connectors/types';
import type { LinkableChannel } from '../../../src/main/engine/domain/channel-linking';
import {
  accountsOfFailedRun,
  channelStatusFromOutcomes,
  planAccounts,
  type PlanInput,
  type StoredAccount,
} from '../../../src/main/engine/sync/account-plan';

const EMB: LinkableChannel = {
  channelDefinitionId: '900000',
  mode: 'EMBEDDED',
  accountTypes: ['CHECKINGS', 'SAVINGS', 'LOAN', 'CREDIT_CARD'],
  status: 'SUCCESS',
};
const RED: LinkableChannel = {
  channelDefinitionId: '900001',
  mode: 'REDIRECT',
  accountTypes: ['CHECKINGS', 'CREDIT_CARD'],
  status: 'SUCCESS',
};
const listed = (
  reference: string,
  type: ProviderAccount['type'] = 'CHECKINGS',
  usage: ProviderAccount['usage'] = 'PERSONAL',
): ProviderAccount => ({
  reference,
  name: reference,
  type,
  currency: 'EUR',
  usage,
  balance: '0',
  balance_date: 0,
});
let nextId = 1;
const stored = (reference: string, extra: Partial<StoredAccount> = {}): StoredAccount => ({
  id: nextId++,
  reference,
  type: 'CHECKINGS',
  status: 'ACTIVE',
  usage: 'PERSONAL',
  last_channel_definition_id: '900000',
  ...extra,
});
const input = (extra: Partial<PlanInput>): PlanInput => ({
  type: 'ALL',
  channelDefinitionId: '900000',
  coveredTypes: EMB.accountTypes,
  channels: [EMB],
  listed: [],
  stored: [],
  deleted: new Set(),
  consentPerAccount: false,
  ...extra,
});
const summary = (plan: ReturnType<typeof planAccounts>) =>
  plan.map((p) => [
    p.reference,
    p.action,
    p.fetch,
    p.fixedStatus ?? '',
    p.missing ? 'missing' : (p.listStatus ?? ''),
    p.link ?? '',
  ]);

describe('planAccounts', () => {
  it.each<[string, Partial<PlanInput>, unknown[]]>([
    [
      'first ALL: every listed account is added and fetched',
      { listed: [listed('A'), listed('S', 'SAVINGS')] },
      [
        ['A', 'insert', true, '', '', '900000'],
        ['S', 'insert', true, '', '', '900000'],
      ],
    ],
    [
      'ALL with consent per account: new accounts wait in PENDING_CONSENT',
      { listed: [listed('A')], consentPerAccount: true },
      [['A', 'insert', false, 'PENDING_CONSENT', '', '900000']],
    ],
    [
      'ALL: a deleted account is not brought back',
      { listed: [listed('A')], deleted: new Set(['A']) },
      [['A', 'none', false, '', '', '']],
    ],
    [
      'ALL: a professional account is added SUSPENDED, not fetched',
      { listed: [listed('P', 'CHECKINGS', 'PROFESSIONAL')] },
      [['P', 'insert', false, 'SUSPENDED', '', '900000']],
    ],
    [
      'ALL: CLOSED and SUSPENDED accounts keep their status, not fetched',
      {
        listed: [listed('C'), listed('P', 'CHECKINGS', 'PROFESSIONAL')],
        stored: [stored('C', { status: 'CLOSED' }), stored('P', { status: 'SUSPENDED', usage: 'PROFESSIONAL' })],
      },
      [
        ['C', 'update', false, 'CLOSED', '', '900000'],
        ['P', 'update', false, 'SUSPENDED', '', '900000'],
      ],
    ],
    [
      'ALL: a validated professional account is fetched',
      { listed: [listed('P', 'CHECKINGS', 'PROFESSIONAL')], stored: [stored('P', { usage: 'PROFESSIONAL' })] },
      [['P', 'update', true, '', '', '900000']],
    ],
    [
      'ALL: an account that became professional is suspended',
      { listed: [listed('P', 'CHECKINGS', 'PROFESSIONAL')], stored: [stored('P')] },
      [['P', 'update', false, 'SUSPENDED', '', '900000']],
    ],
    [
      'ALL: a stored account no longer listed is missing (NOT_FOUND)',
      { listed: [], stored: [stored('G')] },
      [['G', 'update', false, '', 'missing', '']],
    ],
    [
      'ALL: a missing account already CLOSED is left alone',
      { listed: [], stored: [stored('G', { status: 'CLOSED' })] },
      [],
    ],
    [
      'LIST_ACCOUNTS: NEW, PRESENT, MISSING; new ones added',
      { type: 'LIST_ACCOUNTS', listed: [listed('N'), listed('P')], stored: [stored('P'), stored('M')] },
      [
        ['N', 'insert', false, 'ACTIVE', 'NEW', '900000'],
        ['P', 'none', false, '', 'PRESENT', ''],
        ['M', 'none', false, '', 'MISSING', ''],
      ],
    ],
    [
      'LIST_ACCOUNTS brings a deleted account back',
      { type: 'LIST_ACCOUNTS', listed: [listed('D')], deleted: new Set(['D']), consentPerAccount: true },
      [['D', 'insert', false, 'PENDING_CONSENT', 'NEW', '900000']],
    ],
    [
      'types the channel does not cover are ignored',
      { coveredTypes: ['CHECKINGS'], listed: [listed('L', 'LOAN')] },
      [],
    ],
  ])('%s', (_name, extra, expected) => {
    const plan = planAccounts(input(extra));
    expect(summary(plan)).toEqual(expected);
    if (extra.deleted?.size && extra.type === 'LIST_ACCOUNTS') expect(plan[0].undelete).toBe(true);
  });

  it('accountIds limits a run to those accounts (no new ones added)', () => {
    const a = stored('A');
    const b = stored('B');
    const plan = planAccounts(
      input({ listed: [listed('A'), listed('B'), listed('N')], stored: [a, b], accountIds: new Set([b.id]) }),
    );
    expect(summary(plan)).toEqual([
      ['A', 'none', false, '', '', ''],
      ['B', 'update', true, '', '', '900000'],
      ['N', 'none', false, '', '', ''],
    ]);
  });

  it('linking: with a REDIRECT channel, the EMBEDDED run leaves PSD2 accounts to it; the REDIRECT run takes them over', () => {
    const checking = stored('CHK', { last_channel_definition_id: '900000' });
    const savings = stored('SAV', { type: 'SAVINGS' });
    const embedded = planAccounts(
      input({
        channels: [EMB, RED],
        listed: [listed('CHK'), listed('SAV', 'SAVINGS'), listed('NEWCARD', 'CREDIT_CARD')],
        stored: [checking, savings],
      }),
    );
    expect(summary(embedded)).toEqual([
      ['CHK', 'none', false, '', '', ''],
      ['SAV', 'update', true, '', '', '900000'],
      ['NEWCARD', 'none', false, '', '', ''],
    ]);
    const redirect = planAccounts(
      input({
        channelDefinitionId: '900001',
        coveredTypes: RED.accountTypes,
        channels: [EMB, RED],
        listed: [listed('CHK'), listed('NEWCARD', 'CREDIT_CARD')],
        stored: [checking, savings],
      }),
    );
    expect(summary(redirect)).toEqual([
      ['CHK', 'update', true, '', '', '900001'],
      ['NEWCARD', 'insert', true, '', '', '900001'],
    ]);
  });

  it('an EMPTY REDIRECT channel does not take accounts', () => {
    const plan = planAccounts(input({ channels: [EMB, { ...RED, status: 'EMPTY' }], listed: [listed('CHK')] }));
    expect(summary(plan)).toEqual([['CHK', 'insert', true, '', '', '900000']]);
  });

  it('a failed run marks the accounts it owns that are synchronized', () => {
    const own = stored('A');
    const closed = stored('B', { status: 'CLOSED' });
    const other = stored('C', { last_channel_definition_id: '900001' });
    const result = accountsOfFailedRun({
      channelDefinitionId: '900000',
      coveredTypes: EMB.accountTypes,
      channels: [EMB, RED],
      stored: [own, closed, other],
    });
    expect(result.map((a) => a.reference)).toEqual([]);
    const alone = accountsOfFailedRun({
      channelDefinitionId: '900000',
      coveredTypes: EMB.accountTypes,
      channels: [EMB],
      stored: [own, closed, stored('S', { type: 'SAVINGS' })],
    });
    expect(alone.map((a) => a.reference)).toEqual(['A', 'S']);
  });
});

describe('channelStatusFromOutcomes', () => {
  it.each<[string[], string]>([
    [[], 'SUCCESS'],
    [['SYNCED', 'SYNCED'], 'SUCCESS'],
    [['SYNCED', 'FAILED'], 'PARTIAL_SUCCESS'],
    [['SYNCED', 'NOT_FOUND'], 'PARTIAL_SUCCESS'],
    [['NOT_FOUND'], 'PARTIAL_SUCCESS'],
    [['FAILED'], 'FAILED'],
    [['FAILED', 'FAILED'], 'FAILED'],
    [['FAILED', 'NOT_FOUND'], 'PARTIAL_SUCCESS'],
  ])('%j → %s', (outcomes, status) => {
    expect(channelStatusFromOutcomes(outcomes as never)).toBe(status);
  });
});
