/**
 * The pure rules of the Enable Banking connector (see docs/api/enablebanking.md) and of pending settlement (see
 * docs/api/simplefin.md#pending and docs/api/enablebanking.md), as tables.
 */
import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { matchSettlements, settlesDecimal as settles } from '../../../src/main/engine/domain/pending-settlement';
import { exhaust, readsLeft, recordRead } from '../../../src/main/engine/connectors/enablebanking/budget';
import { enableBankingBaseUrl } from '../../../src/main/engine/connectors/enablebanking/base-url';
import { failureOf } from '../../../src/main/engine/connectors/enablebanking/failures';
import { EbApiError } from '../../../src/main/engine/connectors/enablebanking/api';
import { applicationJwt, readPrivateKey } from '../../../src/main/engine/connectors/enablebanking/jwt';
import { accountType, mapTransaction, pickBalance, transactionStatus } from '../../../src/main/engine/connectors/enablebanking/mapping';
import { AccountError, ConnectorError } from '../../../src/main/engine/connectors/types';

const D = 86_400;

describe('pending settlement rule', () => {
  const p = { key: 'k', date: 100 * D, amount: '-12.00', text: 'RATP' };
  it.each([
    ['same day, same amount', { date: 100 * D, amount: '-12.00', text: 'ratp' }, true],
    ['7 days later, +25 %', { date: 107 * D, amount: '-15.00', text: 'RATP' }, true],
    ['8 days later', { date: 108 * D, amount: '-12.00', text: 'RATP' }, false],
    ['the day before', { date: 99 * D, amount: '-12.00', text: 'RATP' }, false],
    ['+26 %', { date: 101 * D, amount: '-15.12', text: 'RATP' }, false],
    ['other sign', { date: 101 * D, amount: '12.00', text: 'RATP' }, false],
    ['other counterpart', { date: 101 * D, amount: '-12.00', text: 'SNCF' }, false],
    ['accents and spaces ignored', { date: 101 * D, amount: '-12.50', text: ' Ràtp ' }, true],
  ])('%s', (_n, booked, expected) => {
    expect(settles(p, booked)).toBe(expected);
  });
  it('pairs each pending row once, the closest first', () => {
    const m = matchSettlements(
      [p, { ...p, key: 'k2', date: 101 * D }],
      [{ date: 101 * D, amount: '-12.00', text: 'RATP' }, { date: 102 * D, amount: '-12.00', text: 'RATP' }],
    );
    expect([...m.entries()]).toEqual([[0, 'k2'], [1, 'k']]);
  });
});

describe('mappings', () => {
  it.each([['CACC', 'CHECKINGS'], ['SVGS', 'SAVINGS'], ['CARD', 'CREDIT_CARD'], ['LOAN', 'LOAN'], ['CASH', 'CHECKINGS'], [null, 'CHECKINGS']])(
    'cash_account_type %s → %s',
    (t, expected) => expect(accountType(t)).toBe(expected),
  );
  it.each([['BOOK', 'BOOKED'], ['PDNG', 'PENDING'], ['HOLD', 'PENDING'], ['CNCL', 'CANCELLED'], ['RJCT', 'REJECTED']])(
    'status %s → %s',
    (s, expected) => expect(transactionStatus(s)).toBe(expected),
  );
  it('balance preference CLBD, ITBD, ITAV, CLAV, XPCD, then the first', () => {
    const b = (t: string) => ({ balance_type: t, balance_amount: { currency: 'EUR', amount: t } });
    expect(pickBalance([b('XPCD'), b('ITAV'), b('CLBD')])?.balance_type).toBe('CLBD');
    expect(pickBalance([b('XPCD'), b('CLAV'), b('ITAV')])?.balance_type).toBe('ITAV');
    expect(pickBalance([b('OTHR'), b('INFO')])?.balance_type).toBe('OTHR');
    expect(pickBalance([])).toBeUndefined();
  });
  it('signs by credit_debit_indicator, labels from the counterpart, never keys by transaction_id', () => {
    const debit = mapTransaction(
      { transaction_id: 'tx-1', entry_reference: null, transaction_amount: { currency: 'EUR', amount: '42.17' }, credit_debit_indicator: 'DBIT', status: 'BOOK', booking_date: '2026-09-05', creditor: { name: 'CARREFOUR' }, debtor: { name: 'ME' }, remittance_information: ['CB CARREFOUR'] },
      0,
    );
    expect(debit.tx.amount).toBe('-42.17');
    expect(debit.tx.label).toBe('CARREFOUR');
    expect(debit.tx.key).toBeUndefined();
    expect(debit.entryReference).toBeUndefined();
    const credit = mapTransaction(
      { entry_reference: 'E1', transaction_amount: { currency: 'EUR', amount: '10' }, credit_debit_indicator: 'CRDT', status: 'PDNG', transaction_date: '2026-09-06', remittance_information: ['VIREMENT'] },
      0,
    );
    expect(credit.tx.amount).toBe('10');
    expect(credit.tx.label).toBe('VIREMENT');
    expect(credit.tx.status).toBe('PENDING');
    expect(credit.entryReference).toBe('E1');
  });
});

describe('failures', () => {
  const f = (status: number, code: string, forAccount = false) => failureOf(new EbApiError(status, code, code), forAccount);
  it.each([
    [401, 'EXPIRED_SESSION', 'TOKEN_EXPIRED'],
    [401, 'REVOKED_SESSION', 'TOKEN_EXPIRED'],
    [401, 'CLOSED_SESSION', 'TOKEN_EXPIRED'],
    [401, 'UNAUTHORIZED_ACCESS', 'AUTH_FAILED'],
    [429, 'ASPSP_RATE_LIMIT_EXCEEDED', 'SERVICE_UNAVAILABLE'],
    [500, 'ASPSP_ERROR', 'SERVICE_UNAVAILABLE'],
    [408, 'ASPSP_TIMEOUT', 'SERVICE_UNAVAILABLE'],
    [502, 'NON_JSON', 'SERVICE_UNAVAILABLE'],
    [422, 'ASPSP_PSU_ACTION_REQUIRED', 'USER_ACTION_REQUIRED'],
  ])('%i %s → %s', (status, code, expected) => {
    const e = f(status, code);
    expect(e).toBeInstanceOf(ConnectorError);
    expect((e as ConnectorError).status).toBe(expected);
  });
  it.each(['ACCOUNT_DOES_NOT_EXIST', 'ASPSP_ACCOUNT_NOT_ACCESSIBLE'])('%s → the account NOT_FOUND', (code) => {
    const e = f(404, code, true);
    expect(e).toBeInstanceOf(AccountError);
    expect((e as AccountError).kind).toBe('NOT_FOUND');
  });
});

describe('budget, JWT, base URL', () => {
  it('4 unattended reads per account and endpoint in 24 hours', () => {
    const bank: Record<string, unknown> = {};
    for (let i = 0; i < 4; i++) recordRead(bank, 'h', 'balances', 1000 + i);
    expect(readsLeft(bank, 'h', 'balances', 1010)).toBe(0);
    expect(readsLeft(bank, 'h', 'transactions', 1010)).toBe(4);
    expect(readsLeft(bank, 'h', 'balances', 1001 + D)).toBe(2);
    exhaust(bank, 'x', 'transactions', 5);
    expect(readsLeft(bank, 'x', 'transactions', 6)).toBe(0);
  });
  it('RS256, kid = application id, iss, aud, exp = iat + 3600', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const jwt = applicationJwt('app-1', readPrivateKey(pem), 1_000);
    const [h, c, s] = jwt.split('.');
    expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'RS256', kid: 'app-1' });
    expect(JSON.parse(Buffer.from(c, 'base64url').toString())).toEqual({ iss: 'enablebanking.com', aud: 'api.enablebanking.com', iat: 1000, exp: 4600 });
    expect(verify('sha256', Buffer.from(`${h}.${c}`), publicKey, Buffer.from(s, 'base64url'))).toBe(true);
    expect(() => readPrivateKey('nope')).toThrow(/PEM/);
  });
  it('https by default, http only for loopback hosts', () => {
    expect(enableBankingBaseUrl({})).toBe('https://api.enablebanking.com');
    expect(enableBankingBaseUrl({ COFFER_ENABLEBANKING_URL: 'http://127.0.0.1:9/' })).toBe('http://127.0.0.1:9');
    expect(() => enableBankingBaseUrl({ COFFER_ENABLEBANKING_URL: 'http://eb.example.com' })).toThrow(/loopback/);
  });
});
