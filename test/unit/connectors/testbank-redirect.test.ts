import { describe, expect, it } from 'vitest';
import {
  CODE_LIFETIME,
  CONSENT_LIFETIME,
  consentAccounts,
  mintConsentCode,
  testBankConnector as bank,
} from '../../../src/main/engine/connectors/testbank';
import { ConnectorError, type ConsentGrant } from '../../../src/main/engine/connectors/types';
import { DAY, fakeContext, rejectionOf, syncAll, T0 } from './fake-context';

const exchangeCtx = (now = T0) => ({ channelDefinitionId: '900001', now: () => now, signal: new AbortController().signal });

async function grantFor(login: string, accounts?: string[], now = T0): Promise<ConsentGrant> {
  return bank.exchangeCode!(exchangeCtx(now), mintConsentCode({ login, accounts, now }));
}

async function statusOf(promise: Promise<unknown>): Promise<string> {
  const e = await rejectionOf(promise);
  expect(e).toBeInstanceOf(ConnectorError);
  return (e as ConnectorError).status;
}

describe('test bank REDIRECT channel (900001)', () => {
  it('authorizeUrl points at the engine’s consent page with the flow parameters', () => {
    const url = new URL(
      bank.authorizeUrl!({
        channelDefinitionId: '900001',
        redirectUri: 'http://127.0.0.1:5000/cb?x=1',
        state: 'st&ate',
        consentPageUrl: 'http://127.0.0.1:4820/auth/providers/9000/consent?lng=fr',
      }),
    );
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:4820/auth/providers/9000/consent');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lng: 'fr',
      provider_id: '9000',
      channel_definition_id: '900001',
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:5000/cb?x=1',
      state: 'st&ate',
    });
    expect(() => bank.authorizeUrl!({ channelDefinitionId: '900000', redirectUri: 'x', state: 's', consentPageUrl: 'http://a/' })).toThrow();
  });

  it('the consent page offers the CHECKINGS and CREDIT_CARD accounts of the login', () => {
    expect(consentAccounts('user_ok').map((a) => a.type)).toEqual(['CHECKINGS', 'CREDIT_CARD']);
    expect(consentAccounts('user_many').every((a) => a.type === 'CHECKINGS' || a.type === 'CREDIT_CARD')).toBe(true);
  });

  it('a minted code exchanges once for a 90-day grant; the code matches the credential regexp', async () => {
    const code = mintConsentCode({ login: 'user_ok', now: T0 });
    const cred = bank.definition.channel_definitions[1].credentials.find((c) => c.type === 'AUTHORIZATION_CODE')!;
    expect(code).toMatch(new RegExp(cred.regexp));
    const grant = await bank.exchangeCode!(exchangeCtx(), code);
    expect(grant.expires).toBe(T0 + CONSENT_LIFETIME);
    expect(CONSENT_LIFETIME).toBe(90 * DAY);
    expect(grant.access_token).toBeTruthy();
    expect(await statusOf(bank.exchangeCode!(exchangeCtx(), code))).toBe('AUTH_FAILED');
  });

  it.each([
    ['expired', () => mintConsentCode({ login: 'user_ok', now: T0 - CODE_LIFETIME - 1 })],
    ['refused', () => mintConsentCode({ login: 'user_ok', approved: false, now: T0 })],
    ['tampered', () => mintConsentCode({ login: 'user_ok', now: T0 }).replace(/\.[^.]{4}/, '.AAAA')],
    ['garbage', () => 'not-a-code'],
  ])('a %s code is AUTH_FAILED', async (_, make) => {
    expect(await statusOf(bank.exchangeCode!(exchangeCtx(), make()))).toBe('AUTH_FAILED');
  });

  it('exposes the consent page hooks on the connector, so the engine needs no test-bank import', async () => {
    const hooks = bank.consentPage!;
    expect(hooks.accounts('user_ok')).toEqual(consentAccounts('user_ok'));
    const [checking] = hooks.accounts('user_ok');
    const grant = await bank.exchangeCode!(exchangeCtx(), hooks.mintCode({ login: 'user_ok', accounts: [checking.reference], now: T0 }));
    expect(grant.accounts).toEqual([checking.reference]);
  });

  it('rejects unknown accounts or logins when minting', () => {
    expect(() => mintConsentCode({ login: 'user_ok', accounts: ['nope'] })).toThrow(RangeError);
    expect(() => mintConsentCode({ login: '' })).toThrow(RangeError);
  });

  it('lists only the covered accounts, with the same references and data as the EMBEDDED channel', async () => {
    const bankState = {};
    const embedded = await syncAll(bank, fakeContext({ bankState }));
    const grant = await grantFor('user_ok');
    const redirect = await syncAll(bank, fakeContext({ channel: '900001', grant, bankState, now: T0 + 60 }));
    expect(redirect.accounts.map((a) => a.type)).toEqual(['CHECKINGS', 'CREDIT_CARD']);
    for (const account of redirect.accounts) {
      const before = new Map(embedded.results.get(account.reference)!.transactions.map((t) => [t.key, t]));
      const after = redirect.results.get(account.reference)!.transactions;
      let same = 0;
      for (const t of after) {
        const b = before.get(t.key);
        if (b?.status === 'BOOKED') {
          expect(t).toEqual(b);
          same++;
        }
      }
      expect(same).toBeGreaterThan(10);
    }
  });

  it('only the consented accounts when the user chose some', async () => {
    const [, card] = consentAccounts('user_ok');
    const grant = await grantFor('user_ok', [card.reference]);
    expect(grant.accounts).toEqual([card.reference]);
    const accounts = await bank.listAccounts(fakeContext({ channel: '900001', grant }));
    expect(accounts.map((a) => a.reference)).toEqual([card.reference]);
  });

  it('TOKEN_EXPIRED once the 90 days have passed; AUTH_FAILED without a valid grant', async () => {
    const grant = await grantFor('user_ok');
    expect(await bank.listAccounts(fakeContext({ channel: '900001', grant, now: grant.expires - 1 }))).toHaveLength(2);
    expect(await statusOf(bank.listAccounts(fakeContext({ channel: '900001', grant, now: grant.expires })))).toBe('TOKEN_EXPIRED');
    expect(await statusOf(bank.listAccounts(fakeContext({ channel: '900001' })))).toBe('AUTH_FAILED');
    expect(await statusOf(bank.listAccounts(fakeContext({ channel: '900001', grant: { ...grant, access_token: `${grant.access_token}x` } })))).toBe('AUTH_FAILED');
  });

  it.each([
    ['user_unavailable', 'SERVICE_UNAVAILABLE'],
    ['user_action', 'USER_ACTION_REQUIRED'],
  ])('%s → %s through REDIRECT too', async (login, status) => {
    const grant = await grantFor(login);
    expect(await statusOf(bank.listAccounts(fakeContext({ channel: '900001', grant })))).toBe(status);
  });

  it('user_partial through REDIRECT: the card is NOT_FOUND', async () => {
    const grant = await grantFor('user_partial');
    const { results, errors } = await syncAll(bank, fakeContext({ channel: '900001', grant }));
    expect(results.size).toBe(1);
    expect([...errors.values()]).toEqual([expect.objectContaining({ kind: 'NOT_FOUND' })]);
  });
});
