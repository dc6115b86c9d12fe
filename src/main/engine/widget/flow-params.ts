import { acceptLanguage, isLanguage, type Language } from '../../../shared/language';

/**
 * The widget's flow parameters (docs/api/widget.md#flow-parameters) as they arrive in a session body (JSON
 * booleans or form strings) or in a page's query string, and the compatibility aliases of docs/api/widget.md#aliases.
 */

import { FLOW_FLAGS, type FlowFlag } from '../../../shared/widget-pages';

export { FLOW_FLAGS, type FlowFlag };

/** What a session may carry for its pages; a page's query parameters override them (add_connection). */
export interface FlowParams {
  provider_id?: string;
  channel_definition_id?: string;
  captive_mode?: boolean;
  select_accounts?: boolean;
  multiple_channels?: boolean;
  select_channel?: boolean;
}

export class FlowParamError extends Error {}

/** A boolean given as JSON or as a form/query string; undefined when absent; throws on anything else. */
export function parseFlag(name: string, value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
  }
  throw new FlowParamError(`${name} must be true or false`);
}

const ID = /^[A-Za-z0-9._-]{1,64}$/;

function parseIdParam(name: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !ID.test(value)) throw new FlowParamError(`${name} must be an identifier`);
  return value;
}

/** The flow parameters present in `source` (a session body or a query string). */
export function parseFlowParams(source: Record<string, unknown>): FlowParams {
  const out: FlowParams = {};
  const provider = parseIdParam('provider_id', source.provider_id);
  const definition = parseIdParam('channel_definition_id', source.channel_definition_id);
  if (provider !== undefined) out.provider_id = provider;
  if (definition !== undefined) out.channel_definition_id = definition;
  for (const flag of FLOW_FLAGS) {
    const value = parseFlag(flag, source[flag]);
    if (value !== undefined) out[flag] = value;
  }
  return out;
}

/** `redirect_uri`, or its alias `redirect_url` (see docs/api/widget.md#aliases); undefined when neither is given. */
export function redirectParam(source: Record<string, unknown>): string | undefined {
  for (const name of ['redirect_uri', 'redirect_url']) {
    const value = source[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** The widget's pages speak the engine's languages. */
export type WidgetLanguage = Language;

/**
 * The page language: `lng` (en or fr), else its alias `locale` (fr_FR, en_EN, en_US, fr-CA…: the part
 * before the region), else the first supported language of Accept-Language, else French (see
 * docs/api/widget.md#language).
 */
export function widgetLanguage(
  query: Record<string, unknown>,
  acceptLanguageHeader: string | undefined,
): WidgetLanguage {
  for (const name of ['lng', 'locale']) {
    const value = query[name];
    if (typeof value !== 'string') continue;
    const base = value.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(base)) return base;
  }
  return acceptLanguage(acceptLanguageHeader);
}

/** `redirectUri` with the result parameters added (its own query kept): the one definition in src/shared. */
export { withResultParams as resultUrl } from '../../../shared/redirect-uri';

/** The widget's pages, by the path segment that opens them: the one definition in src/shared. */
export { WIDGET_PAGES, widgetPage, type WidgetPage } from '../../../shared/widget-pages';
