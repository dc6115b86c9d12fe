import { describe, expect, it } from 'vitest';
import { isOrigin, parseSettingsPatch } from '../../../src/main/engine/services/settings';
import { signatureHeader, verifySignature } from '../../../src/main/engine/webhooks/signature';
import { accountsIncluded } from '../../../src/main/engine/webhooks/webhook-event';
import { checkWebhookUrl } from '../../../src/main/engine/webhooks/webhook-url';
import { parseSignParam } from '../../../src/main/engine/signing/sign-param';

describe('checkWebhookUrl: loopback http(s) only', () => {
  it.each([
    ['http://127.0.0.1:8080/hook', 'http://127.0.0.1:8080/hook'],
    ['https://127.0.0.1/hook', 'https://127.0.0.1/hook'],
    ['http://127.12.3.4:1/', 'http://127.12.3.4:1/'],
    ['http://localhost:3000/x?y=1', 'http://localhost:3000/x?y=1'],
    ['http://LOCALHOST:3000', 'http://localhost:3000/'],
    ['http://[::1]:9000/hook', 'http://[::1]:9000/hook'],
    ['http://127.0.0.1:8080/hook#frag', 'http://127.0.0.1:8080/hook'],
  ])('accepts %s', (input, normalized) => {
    expect(checkWebhookUrl(input)).toEqual({ ok: true, url: normalized });
  });

  it.each([
    ['https://example.com/hook', /this machine/],
    ['http://10.0.0.1/hook', /this machine/],
    ['http://128.0.0.1/hook', /this machine/],
    ['http://[::2]/hook', /this machine/],
    ['http://localhost.example.com/', /this machine/],
    ['http://127.0.0.1.nip.io/', /this machine/],
    ['http://0.0.0.0:80/', /this machine/],
    ['ftp://127.0.0.1/', /http/],
    ['file:///etc/passwd', /http/],
    ['127.0.0.1:8080/hook', /absolute URL|http/],
    ['not a url', /absolute URL/],
    ['http://user:pw@127.0.0.1/', /user name/],
  ])('refuses %s', (input, reason) => {
    const r = checkWebhookUrl(input);
    expect(r.ok).toBe(false);
    expect((r as { reason: string }).reason).toMatch(reason);
  });

  it('refuses a URL longer than 2048 characters', () => {
    expect(checkWebhookUrl(`http://127.0.0.1/${'a'.repeat(3000)}`)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/at most/),
    });
  });
});

describe('X-Coffer-Signature', () => {
  const secret = 'whsec_0123456789abcdef';
  const body = '{"id":"1","event_type":"UPDATED"}';

  it('is t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">', async () => {
    const { createHmac } = await import('node:crypto');
    const header = signatureHeader(secret, 1_700_000_000, body);
    expect(header).toBe(`t=1700000000,v1=${createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex')}`);
  });

  it.each([
    ['the right header', (h: string) => h, 1_700_000_100, true],
    ['another body', (h: string) => h, 1_700_000_000, false, '{"id":"2"}'],
    ['another secret', () => signatureHeader('whsec_other-secret-000', 1_700_000_000, body), 1_700_000_000, false],
    ['a timestamp too old', (h: string) => h, 1_700_000_301, false],
    ['a timestamp too far ahead', (h: string) => h, 1_699_999_699, false],
    ['a changed timestamp', (h: string) => h.replace('t=1700000000', 't=1700000001'), 1_700_000_000, false],
    ['no v1', (h: string) => h.split(',')[0], 1_700_000_000, false],
    ['garbage', () => 'nonsense', 1_700_000_000, false],
  ])('verifies %s', (_name, make, now, ok, otherBody?: string) => {
    const header = make(signatureHeader(secret, 1_700_000_000, body));
    expect(verifySignature(secret, header, otherBody ?? body, now).ok).toBe(ok);
  });
});

describe('webhook accounts threshold (docs/api/events.md#accounts-threshold)', () => {
  it.each([
    [0, 100, true],
    [100, 100, true],
    [101, 100, false],
    [150, 100, false],
    [3, 2, false],
    [150, 200, true],
  ])('%i accounts with threshold %i → accounts included: %s', (count, threshold, included) => {
    expect(accountsIncluded(count, threshold)).toBe(included);
  });
});

describe('PUT /admin/settings values', () => {
  it.each([
    [{ sync_interval_hours: 6 }],
    [{ sync_interval_hours: 0.5 }],
    [{ challenge_timeout_seconds: 60 }],
    [{ webhook_accounts_threshold: 0 }],
    [{ max_parallel_syncs: 8 }],
    [{ allowed_origins: ['http://localhost:3000', 'https://app.example'] }],
    [{}],
    [{ unknown_setting: 1 }],
  ])('accepts %j', (body) => {
    expect(parseSettingsPatch(body).ok).toBe(true);
  });

  it.each([
    [{ sync_interval_hours: 0 }, /sync_interval_hours/],
    [{ sync_interval_hours: -1 }, /sync_interval_hours/],
    [{ sync_interval_hours: '12' }, /sync_interval_hours/],
    [{ challenge_timeout_seconds: 1.5 }, /challenge_timeout_seconds/],
    [{ challenge_timeout_seconds: 5 }, /challenge_timeout_seconds/],
    [{ webhook_accounts_threshold: -1 }, /webhook_accounts_threshold/],
    [{ max_parallel_syncs: 0 }, /max_parallel_syncs/],
    [{ max_parallel_syncs: 65 }, /max_parallel_syncs/],
    [{ allowed_origins: 'http://localhost:3000' }, /allowed_origins/],
    [{ allowed_origins: ['http://localhost:3000/'] }, /allowed_origins/],
    [{ allowed_origins: ['localhost:3000'] }, /allowed_origins/],
    [{ allowed_origins: [5] }, /allowed_origins/],
    [[], /object/],
    [null, /object/],
  ])('refuses %j', (body, reason) => {
    const r = parseSettingsPatch(body);
    expect(r.ok).toBe(false);
    expect((r as { reason: string }).reason).toMatch(reason);
  });

  it('deduplicates origins', () => {
    expect(parseSettingsPatch({ allowed_origins: ['http://a.test', 'http://a.test'] })).toEqual({
      ok: true,
      patch: { allowed_origins: ['http://a.test'] },
    });
    expect(isOrigin('http://a.test:8080')).toBe(true);
    expect(isOrigin('http://a.test/path')).toBe(false);
  });
});

describe('sign_response parameter', () => {
  it.each([
    ['/v2/x', undefined, '/v2/x'],
    ['/v2/x?sign_response=true', true, '/v2/x'],
    ['/v2/x?a=1&sign_response=true&b=2', true, '/v2/x?a=1&b=2'],
    ['/v2/x?a=1&sign_response=false', false, '/v2/x?a=1'],
    ['/v2/x?sign_response=TRUE', true, '/v2/x'],
    ['/v2/x?sign%5Fresponse=1', true, '/v2/x'],
    ['/v2/x?a=%26sign_response%3Dtrue', undefined, '/v2/x?a=%26sign_response%3Dtrue'],
    ['/v2/x?not_sign_response=true', undefined, '/v2/x?not_sign_response=true'],
  ])('%s → sign %s, url %s', (raw, sign, url) => {
    const r = parseSignParam(raw);
    expect(r.sign).toBe(sign);
    expect(r.url).toBe(url);
    expect(r.invalid).toBeUndefined();
  });

  it('reports a value that is neither true nor false', () => {
    expect(parseSignParam('/x?sign_response=yes')).toEqual({ sign: undefined, invalid: 'yes', url: '/x' });
  });
});
