import type { Language } from '../../../../shared/language';
import type { CatalogueProvider } from '../../store/providers';
import { getConnector } from '../../connectors/registry';
import { logoUrl } from '../connections/record';

export interface ProviderRecord {
  id: string;
  name: string;
  type: string;
  base_url: string;
  logo_url: string;
  country_code: string;
  channel_definitions: Array<{
    id: string;
    mode: string;
    account_types: string[];
    interactive: boolean;
    credentials: Array<{ id: string; label: string; type: string; encrypt: boolean; regexp: string }>;
    unavailable: boolean;
    capabilities: string[];
  }>;
}

/**
 * The Provider record (docs/api/providers-and-test-bank.md#ids); credential labels in the request language (`lang`,
 * French by default). A built-in provider named by what it is (statement files) has a French name, given only to a
 * request that asked for French (`askedLanguage`, from its Accept-Language: the app and the widget send one): a script
 * that sends none keeps finding the provider under the name it always had. Banks keep their brand.
 */
export function providerRecord(
  p: CatalogueProvider,
  hostUrl: string,
  lang: Language,
  askedLanguage?: Language,
): ProviderRecord {
  return {
    id: p.id,
    name: (askedLanguage === 'fr' && getConnector(p.id)?.definition.name_fr) || p.name,
    type: p.type,
    base_url: p.base_url,
    logo_url: logoUrl(hostUrl, p.id),
    country_code: p.country_code,
    channel_definitions: p.channel_definitions.map((d) => ({
      id: d.id,
      mode: d.mode,
      account_types: [...d.account_types],
      interactive: d.interactive,
      credentials: d.credentials.map((c) => ({
        id: c.id,
        label: lang === 'fr' && c.label_fr ? c.label_fr : c.label,
        type: c.type,
        encrypt: c.encrypt,
        regexp: c.regexp,
      })),
      unavailable: d.unavailable,
      capabilities: [...d.capabilities],
    })),
  };
}

export const credentialDefinitionSchema = {
  type: 'object',
  required: ['id', 'label', 'type', 'encrypt', 'regexp'],
  properties: {
    id: { type: 'string' },
    label: { type: 'string', description: 'In the Accept-Language language (en or fr; default fr).' },
    type: { type: 'string', enum: ['TEXT', 'PWD', 'AUTHORIZATION_CODE', 'ACCESS_TOKEN', 'REFRESH_TOKEN', 'STATE'] },
    encrypt: { type: 'boolean', description: 'true: send the value as a compact JWE made with a key from POST /keys.' },
    regexp: { type: 'string', description: 'Pattern the (decrypted) value must match.' },
  },
} as const;

export const providerSchema = {
  type: 'object',
  required: ['id', 'name', 'type', 'base_url', 'logo_url', 'country_code', 'channel_definitions'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', enum: ['BANKING', 'DOCUMENT'] },
    base_url: { type: 'string' },
    logo_url: { type: 'string' },
    country_code: { type: 'string', description: 'ISO 3166 alpha-3.' },
    channel_definitions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'mode', 'account_types', 'interactive', 'credentials', 'unavailable', 'capabilities'],
        properties: {
          id: { type: 'string' },
          mode: { type: 'string', enum: ['REDIRECT', 'EMBEDDED'] },
          account_types: { type: 'array', items: { type: 'string' } },
          interactive: { type: 'boolean' },
          credentials: { type: 'array', items: credentialDefinitionSchema },
          unavailable: { type: 'boolean' },
          capabilities: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;
