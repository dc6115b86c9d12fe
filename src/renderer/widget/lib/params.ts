import { firstSupportedLanguage, languageOfTag, type Language } from '../../../shared/language';
import {
  FLOW_FLAGS,
  PAGE_ONLY_FLAGS,
  REDIRECT_URI_PARAMS,
  widgetPage,
  type WidgetPage,
} from '../../../shared/widget-pages';
import { withResultParams } from '../../../shared/redirect-uri';
import type { WidgetSessionParameters } from './types';

/**
 * What a widget page reads from its address: the page, the session, the language, the redirect_uri
 * and the flow parameters that override the session's (the engine checked them before serving the page).
 */

export type PageName = WidgetPage;
export type { Language };

export interface FlowOverrides {
  provider_id?: string;
  channel_definition_id?: string;
  captive_mode?: boolean;
  select_accounts?: boolean;
  multiple_channels?: boolean;
  select_channel?: boolean;
  consent_per_account?: boolean;
  wait_sync_end?: boolean;
}

export interface WidgetParams {
  page: PageName | null;
  /** The path of {widget_url} (everything before /widget/). */
  base: string;
  sessionId: string;
  redirectUri?: string;
  /** lng, or its alias locale; undefined when neither names en or fr. */
  lng?: Language;
  overrides: FlowOverrides;
  connectionId?: string;
  /** The callback page's answer from the provider's consent page. */
  consent: { code?: string; state?: string; error?: string; popup: boolean };
}

export function parseBool(value: string | null): boolean | undefined {
  if (value === null) return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

/** lng, or its alias locale (fr_FR, en-US…: the part before the region); undefined when neither names en or fr. */
export function languageParam(q: URLSearchParams): Language | undefined {
  for (const name of ['lng', 'locale']) {
    const language = languageOfTag(q.get(name));
    if (language) return language;
  }
  return undefined;
}

/** lng/locale, else the browser's first supported language, else French (the widget's default). */
export function pickLanguage(param: Language | undefined, browser: readonly string[]): Language {
  return param ?? firstSupportedLanguage(browser) ?? 'fr';
}

export function readParams(url: URL): WidgetParams {
  const q = url.searchParams;
  const m = /^(.*)\/widget\/([^/]+)\/?$/.exec(url.pathname);
  const overrides: FlowOverrides = {};
  const id = (name: 'provider_id' | 'channel_definition_id') => {
    const v = q.get(name);
    if (v) overrides[name] = v;
  };
  id('provider_id');
  id('channel_definition_id');
  for (const name of [...FLOW_FLAGS, ...PAGE_ONLY_FLAGS]) {
    const v = parseBool(q.get(name));
    if (v !== undefined) overrides[name] = v;
  }
  return {
    page: m ? (widgetPage(m[2]) ?? null) : null,
    base: m ? m[1] : '/embed',
    sessionId: q.get('session_id') ?? '',
    redirectUri: REDIRECT_URI_PARAMS.map((name) => q.get(name)).find(Boolean) || undefined,
    lng: languageParam(q),
    overrides,
    connectionId: q.get('connection_id') || undefined,
    consent: {
      code: q.get('code') ?? undefined,
      state: q.get('state') ?? undefined,
      error: q.get('error') ?? undefined,
      popup: q.get('popup') === '1',
    },
  };
}

/** The session's flow parameters as the page's bootstrap gives them. */
export type SessionInfo = WidgetSessionParameters;

export interface FlowOptions {
  providerId?: string;
  channelDefinitionId?: string;
  /** Stay until the synchronization ends (captive_mode, or wait_sync_end). Default false. */
  captive: boolean;
  /** The user picks the accounts to share (select_accounts, or consent_per_account). */
  selectAccounts: boolean;
  multipleChannels: boolean;
  selectChannel: boolean;
}

/** Query parameters override the session's values (docs/api/widget.md). */
export function resolveOptions(session: SessionInfo, o: FlowOverrides): FlowOptions {
  let channelDefinitionId = o.channel_definition_id ?? session.channel_definition_id;
  if (o.provider_id !== undefined && o.channel_definition_id === undefined && o.provider_id !== session.provider_id)
    channelDefinitionId = undefined;
  const selectAccounts = o.select_accounts ?? session.select_accounts ?? false;
  return {
    providerId: o.provider_id ?? session.provider_id,
    channelDefinitionId,
    captive: o.wait_sync_end === true || (o.captive_mode ?? session.captive_mode ?? false),
    selectAccounts: selectAccounts || o.consent_per_account === true,
    multipleChannels: o.multiple_channels ?? session.multiple_channels ?? false,
    selectChannel: o.select_channel ?? session.select_channel ?? false,
  };
}

/** `uri` with the result parameters added (its own query kept). */
export const resultUrl = withResultParams;
