/** The widget's parameter rules as plain functions (engine side and page side), table-tested. */
import { describe, expect, it } from 'vitest';
import { isAcceptableResultRedirectUri as isAcceptableRedirectUri } from '../../../src/main/engine/domain/redirect-uri';
import {
  parseFlag,
  parseFlowParams,
  resultUrl,
  widgetLanguage,
  widgetPage,
} from '../../../src/main/engine/widget/flow-params';
import { widgetCsp } from '../../../src/main/engine/widget/widget-csp';
import { pickLanguage, readParams, resolveOptions } from '../../../src/renderer/widget/lib/params';
import { outcomeOf } from '../../../src/renderer/widget/lib/status';

describe('engine: flow parameters', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['false', false],
    ['0', false],
    [1, true],
    [0, false],
    [undefined, undefined],
    ['', undefined],
  ])('parseFlag(%j) = %j', (input, expected) => {
    expect(parseFlag('captive_mode', input)).toBe(expected);
  });

  it.each(['yes', 'on', '2', 2, {}, ['true']])('parseFlag(%j) throws', (input) => {
    expect(() => parseFlag('captive_mode', input)).toThrow(/captive_mode must be true or false/);
  });

  it('keeps only the flow parameters present', () => {
    expect(parseFlowParams({ provider_id: '9000', captive_mode: 'false', other: 'x', select_channel: '' })).toEqual({
      provider_id: '9000',
      captive_mode: false,
    });
    expect(() => parseFlowParams({ provider_id: '../x' })).toThrow();
  });

  it.each([
    [{ lng: 'en' }, undefined, 'en'],
    [{ lng: 'fr' }, 'en', 'fr'],
    [{ locale: 'en_US' }, undefined, 'en'],
    [{ locale: 'en_EN' }, undefined, 'en'],
    [{ locale: 'fr_FR' }, 'en', 'fr'],
    [{ lng: 'de', locale: 'en_GB' }, undefined, 'en'],
    [{}, 'de-DE,en-GB;q=0.8,fr;q=0.5', 'en'],
    [{}, 'fr-CA', 'fr'],
    [{}, 'de, es', 'fr'],
    [{}, undefined, 'fr'],
  ] as const)('widgetLanguage(%j, %j) = %s', (query, accept, expected) => {
    expect(widgetLanguage(query, accept)).toBe(expected);
  });

  it.each([
    ['http://127.0.0.1:8080/cb', true],
    ['https://example.com/done?x=1', true],
    ['http://localhost/cb', true],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['/relative', false],
    ['http://127.0.0.1/cb#frag', false],
    ['http://user:pw@127.0.0.1/cb', false],
  ])('isAcceptableRedirectUri(%s) = %s', (uri, ok) => {
    expect(isAcceptableRedirectUri(uri)).toBe(ok);
  });

  it('adds the result to redirect_uri, keeping its own query', () => {
    expect(
      resultUrl('http://127.0.0.1:9/cb?a=1', { result: 'error', error: 'invalid_provider', connection_id: undefined }),
    ).toBe('http://127.0.0.1:9/cb?a=1&result=error&error=invalid_provider');
  });

  it('knows both spellings of the professional-account page', () => {
    expect(widgetPage('professional-account')).toBe('professional_account');
    expect(widgetPage('professional_account')).toBe('professional_account');
    expect(widgetPage('__proto__')).toBeUndefined();
    expect(widgetPage('constructor')).toBeUndefined();
  });

  it('lets loopback pages (and allowed origins) embed the widget, nothing else', () => {
    expect(widgetCsp()).toMatch(/frame-ancestors 'self' http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\*$/);
    expect(widgetCsp(['https://ok.example', 'https://bad.example; script-src *'])).toMatch(
      /frame-ancestors 'self' http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\* https:\/\/ok\.example$/,
    );
  });
});

describe('page: parameters and options', () => {
  it('reads the page, the session, the aliases and the overrides from the address', () => {
    const p = readParams(
      new URL(
        'http://127.0.0.1:4820/embed/widget/professional-account?session_id=cws_x&redirect_url=http%3A%2F%2F127.0.0.1%3A9%2Fcb&locale=en_US&captive_mode=1&select_accounts=false&provider_id=9000&connection_id=7&wait_sync_end=true',
      ),
    );
    expect(p).toMatchObject({
      page: 'professional_account',
      base: '/embed',
      sessionId: 'cws_x',
      redirectUri: 'http://127.0.0.1:9/cb',
      lng: 'en',
      connectionId: '7',
      overrides: { captive_mode: true, select_accounts: false, provider_id: '9000', wait_sync_end: true },
    });
    expect(readParams(new URL('http://h/embed/widget/nope?session_id=a')).page).toBeNull();
  });

  it('query overrides the session; a new provider drops the session’s channel; aliases act as documented', () => {
    const session = {
      expires: 1,
      provider_id: '9000',
      channel_definition_id: '900001',
      captive_mode: true,
      select_channel: true,
    };
    expect(resolveOptions(session, {})).toEqual({
      providerId: '9000',
      channelDefinitionId: '900001',
      captive: true,
      selectAccounts: false,
      multipleChannels: false,
      selectChannel: true,
    });
    expect(resolveOptions(session, { captive_mode: false, provider_id: '1234' })).toMatchObject({
      providerId: '1234',
      channelDefinitionId: undefined,
      captive: false,
    });
    expect(resolveOptions(session, { provider_id: '9000' }).channelDefinitionId).toBe('900001');
    expect(resolveOptions({ expires: 1 }, { wait_sync_end: true, consent_per_account: true })).toMatchObject({
      captive: true,
      selectAccounts: true,
    });
    expect(resolveOptions({ expires: 1 }, {})).toMatchObject({
      captive: false,
      selectAccounts: false,
      multipleChannels: false,
      selectChannel: false,
    });
  });

  it.each([
    [undefined, ['de-DE', 'en-US'], 'en'],
    [undefined, ['fr-BE'], 'fr'],
    [undefined, ['de'], 'fr'],
    ['en', ['fr'], 'en'],
  ] as const)('pickLanguage(%s, %j) = %s', (param, browser, expected) => {
    expect(pickLanguage(param, browser)).toBe(expected);
  });

  it.each([
    ['SUCCESS', 'success'],
    ['PARTIAL_SUCCESS', 'success'],
    ['AUTH_FAILED', 'fixable'],
    ['CHALLENGE_FAILED', 'fixable'],
    ['TOKEN_EXPIRED', 'fixable'],
    ['TOO_MANY_ATTEMPTS', 'blocked'],
    ['PASSWORD_CHANGE_REQUIRED', 'blocked'],
    ['SERVICE_UNAVAILABLE', 'failed'],
    ['FAILED', 'failed'],
  ])('outcomeOf(%s) = %s', (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });
});
