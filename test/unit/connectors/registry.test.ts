import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connectorRegistry, getChannelDefinition, getConnector, listProviderDefinitions } from '../../../src/main/engine/connectors/registry';
import { testBankConnector } from '../../../src/main/engine/connectors/testbank';

const logos = fileURLToPath(new URL('../../../resources/logos/', import.meta.url));

describe('connector registry', () => {
  it('finds connectors by provider id', () => {
    expect(getConnector('9000')).toBe(testBankConnector);
    expect(getConnector('nope')).toBeUndefined();
    expect(getChannelDefinition('9000', '900001')?.mode).toBe('REDIRECT');
    expect(getChannelDefinition('9000', '900002')).toBeUndefined();
    expect(listProviderDefinitions().map((d) => d.id)).toContain('9000');
  });

  it.each(connectorRegistry.map((c) => [c.definition.id, c] as const))('provider %s is well formed', (id, connector) => {
    const d = connector.definition;
    expect(connectorRegistry.filter((c) => c.definition.id === id)).toHaveLength(1);
    expect(d.country_code).toMatch(/^[A-Z]{3}$/);
    expect(['BANKING', 'DOCUMENT']).toContain(d.type);
    expect(existsSync(`${logos}${d.logo}`)).toBe(true);
    for (const ch of d.channel_definitions) {
      expect(ch.id).toBe(`${id}${ch.mode === 'EMBEDDED' ? '00' : '01'}`);
      for (const cred of ch.credentials) expect(() => new RegExp(cred.regexp)).not.toThrow();
      if (ch.mode === 'REDIRECT') {
        expect(typeof connector.authorizeUrl).toBe('function');
        expect(typeof connector.exchangeCode).toBe('function');
      }
    }
  });

  it('describes the Coffer Test Bank as docs/api/providers-and-test-bank.md#test-bank says', () => {
    const d = testBankConnector.definition;
    expect(d).toMatchObject({ id: '9000', name: 'Coffer Test Bank', type: 'BANKING', country_code: 'FRA', logo: '9000.svg' });
    const [embedded, redirect] = d.channel_definitions;
    expect(embedded).toMatchObject({ id: '900000', mode: 'EMBEDDED', interactive: true, unavailable: false });
    expect(embedded.account_types.sort()).toEqual(['CHECKINGS', 'CREDIT_CARD', 'LOAN', 'SAVINGS']);
    expect(embedded.credentials).toEqual([
      expect.objectContaining({ id: 'login', type: 'TEXT', encrypt: false, regexp: '^.{1,64}$' }),
      expect.objectContaining({ id: 'password', type: 'PWD', encrypt: true, regexp: '^.{1,128}$' }),
    ]);
    expect(redirect).toMatchObject({ id: '900001', mode: 'REDIRECT', account_types: ['CHECKINGS', 'CREDIT_CARD'] });
    expect(redirect.credentials.map((c) => [c.type, c.encrypt])).toEqual([
      ['AUTHORIZATION_CODE', false],
      ['STATE', false],
    ]);
  });

  it('ships a small SVG logo', () => {
    const svg = readFileSync(`${logos}9000.svg`, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox');
    expect(svg).not.toMatch(/<script|href="http/i);
    expect(svg.length).toBeLessThan(4_000);
  });
});
