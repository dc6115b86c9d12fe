/**
 * Enable Banking (see docs/api/enablebanking.md): PSD2 access to EU banks through the person's own restricted
 * application. One connector serves every bank (ASPSP) of the application's countries; each bank is a provider of its
 * own in the catalogue (dynamicProviders). The session id and the session's account uids live in the grant (OS
 * keychain); the channel memory holds only pending rows and aliases; the provider's bank state holds the PSD2 read
 * ledger.
 */
import {
  AccountError,
  ConnectorError,
  type AccountFetchResult,
  type Connector,
  type ConnectorConfiguration,
  type ConnectorContext,
  type ConnectorEnvironment,
  type ConsentGrant,
  type ListedProvider,
  type ProviderAccount,
} from '../types';
import { EbApiError, ebClient, type EbClient } from './api';
import { enableBankingBaseUrl } from './base-url';
import { exhaust, nextReadAt, readsLeft, recordRead, type Endpoint } from './budget';
import { alpha2, alpha3 } from './countries';
import {
  CONFIGURATION_NAME,
  ENABLE_BANKING_ID_PREFIX,
  enableBankingDefinition,
  GENERIC_LOGO,
  REDIRECT_CHANNEL,
} from './definition';
import { failureOf } from './failures';
import { readPrivateKey } from './jwt';
import { accountType, dateSeconds, isoDay, mapTransaction, pickBalance, type MappedTransaction } from './mapping';
import { psuHeaders } from './psu-headers';
import type { AspspDetails, EbApplication, EbAspsp, EbBalance, EbSession, EbTransaction, GrantDetails } from './schema';
import { accountMemory, settleRows } from './settlement';

const DAY = 86_400;
/** PSD2 caps a consent at 180 days; Coffer asks 1 hour less than the bank allows, as a margin. */
const MAX_CONSENT_SECONDS = 180 * DAY;
const CONSENT_MARGIN_SECONDS = 3600;
/** Longest history asked at the first synchronization, and the fallback when the bank refuses it. */
export const FIRST_HISTORY_DAYS = 730;
export const FALLBACK_HISTORY_DAYS = 89;
/** Later synchronizations read again from 14 days before the last one (late bookings, settled pending rows). */
export const OVERLAP_DAYS = 14;
const MAX_PAGES = 10_000;

interface AppValues {
  application_id: string;
  redirect_urls?: string[];
  countries?: string[];
}

function client(configuration: ConnectorConfiguration | undefined, now: () => number, signal?: AbortSignal): EbClient {
  if (!configuration) {
    throw new ConnectorError('FAILED', 'Enable Banking is not configured: add your application in the settings');
  }
  const values = configuration.values as unknown as AppValues;
  try {
    return ebClient({
      baseUrl: enableBankingBaseUrl(),
      applicationId: values.application_id,
      privateKey: configuration.secret,
      now,
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    throw new ConnectorError('FAILED', `Enable Banking cannot be used: ${(err as Error).message}`);
  }
}

function aspspOf(env: Pick<ConnectorEnvironment, 'provider'>): AspspDetails {
  const details = env.provider?.details as AspspDetails | undefined;
  if (details?.aspsp_name && details.country) return details;
  if (env.provider) {
    const country = alpha2(env.provider.country_code);
    if (country)
      return { aspsp_name: env.provider.name, country, maximum_consent_validity: 90 * DAY, required_psu_headers: [] };
  }
  throw new ConnectorError('FAILED', 'this bank is no longer in the Enable Banking catalogue');
}

function grantDetails(grant: ConsentGrant | undefined): GrantDetails {
  const details = grant?.details as GrantDetails | undefined;
  if (!grant || !details || !Array.isArray(details.accounts)) {
    throw new ConnectorError(
      'TOKEN_EXPIRED',
      'no bank consent is kept for this connection: authorize again at the bank',
    );
  }
  return details;
}

const when = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** Unattended reads left for an account, the smaller of both endpoints. */
function budgetLeft(bank: Record<string, unknown>, account: string, now: number): number {
  return Math.min(readsLeft(bank, account, 'balances', now), readsLeft(bank, account, 'transactions', now));
}

async function exchangeSession(
  ctx: { configuration?: ConnectorConfiguration; now(): number; signal: AbortSignal },
  code: string,
): Promise<ConsentGrant> {
  const api = client(ctx.configuration, ctx.now, ctx.signal);
  let session: EbSession;
  try {
    session = await api.call<EbSession>('POST', '/sessions', { body: { code } });
  } catch (err) {
    if (err instanceof EbApiError) {
      switch (err.code) {
        case 'ALREADY_AUTHORIZED':
          throw new ConnectorError(
            'AUTH_FAILED',
            'this authorization code was already used: authorize again at the bank',
          );
        case 'EXPIRED_AUTHORIZATION_CODE':
          throw new ConnectorError('AUTH_FAILED', 'this authorization code has expired: authorize again at the bank');
        case 'WRONG_AUTHORIZATION_CODE':
          throw new ConnectorError(
            'AUTH_FAILED',
            'Enable Banking does not know this authorization code: authorize again at the bank',
          );
        case 'NO_ACCOUNTS_ADDED':
          throw new ConnectorError(
            'AUTH_FAILED',
            'the bank linked no account to the consent: authorize again and choose at least one account',
          );
      }
    }
    throw failureOf(err, false);
  }
  const accounts: GrantDetails['accounts'] = [];
  for (const a of session.accounts ?? []) {
    if (!a || typeof a.uid !== 'string' || typeof a.identification_hash !== 'string') continue;
    const iban = a.account_id?.iban ?? undefined;
    accounts.push({
      uid: a.uid,
      identification_hash: a.identification_hash,
      name: (a.name || a.product || a.details || iban || 'Account').trim(),
      cash_account_type: a.cash_account_type ?? 'CACC',
      currency: (a.currency || 'EUR').toUpperCase(),
      ...(iban ? { iban } : {}),
    });
  }
  if (accounts.length === 0) {
    throw new ConnectorError(
      'AUTH_FAILED',
      'the bank linked no account to the consent: authorize again and choose at least one account',
    );
  }
  const expires = dateSeconds(session.access?.valid_until) ?? ctx.now() + 90 * DAY;
  const details: GrantDetails = { accounts };
  return { access_token: session.session_id, expires, details: details as unknown as Record<string, unknown> };
}

async function fetchOne(ctx: ConnectorContext, account: ProviderAccount): Promise<AccountFetchResult> {
  const details = grantDetails(ctx.grant);
  const ref = account.reference;
  const acct = details.accounts.find((a) => a.identification_hash === ref);
  if (!acct) throw new AccountError('NOT_FOUND', 'this account is not part of the bank consent any more');
  const now = ctx.now();
  const unattended = ctx.unattended === true;
  const bank = ctx.bankState ?? ctx.state;
  if (unattended && budgetLeft(bank, ref, now) < 1) {
    const next = Math.max(nextReadAt(bank, ref, 'balances', now), nextReadAt(bank, ref, 'transactions', now));
    throw new AccountError(
      'ERROR',
      `PSD2 allows 4 automatic reads of an account a day: next possible at ${when(next)}`,
    );
  }
  const aspsp = aspspOf(ctx);
  const headers = unattended ? undefined : psuHeaders(aspsp.required_psu_headers ?? []);
  const api = client(ctx.configuration, ctx.now, ctx.signal);
  const uid = encodeURIComponent(acct.uid);

  const read = async <T>(
    endpoint: Endpoint,
    path: string,
    query: Record<string, string | undefined>,
    first: boolean,
  ): Promise<T> => {
    if (unattended && first) recordRead(bank, ref, endpoint, ctx.now());
    try {
      return await api.call<T>('GET', path, { query, ...(headers ? { headers } : {}) });
    } catch (err) {
      if (unattended && err instanceof EbApiError && err.code === 'ASPSP_RATE_LIMIT_EXCEEDED')
        exhaust(bank, ref, endpoint, ctx.now());
      throw err;
    }
  };

  let balance: EbBalance | undefined;
  try {
    const answer = await read<{ balances?: EbBalance[] }>('balances', `/accounts/${uid}/balances`, {}, true);
    balance = pickBalance(answer.balances ?? []);
  } catch (err) {
    throw failureOf(err, true);
  }

  const memory = accountMemory(ctx.state, ref);
  const since = ctx.since;
  const readAll = async (from: number, strategy: string | undefined): Promise<EbTransaction[]> => {
    const rows: EbTransaction[] = [];
    let key: string | undefined;
    const seen = new Set<string>();
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await read<{ transactions?: EbTransaction[]; continuation_key?: string | null }>(
        'transactions',
        `/accounts/${uid}/transactions`,
        { date_from: isoDay(from), ...(strategy ? { strategy } : {}), ...(key ? { continuation_key: key } : {}) },
        page === 0,
      );
      rows.push(...(answer.transactions ?? []));
      const next = answer.continuation_key;
      if (!next || seen.has(next)) break;
      seen.add(next);
      key = next;
    }
    return rows;
  };

  let windowStart = since !== undefined ? since - OVERLAP_DAYS * DAY : now - FIRST_HISTORY_DAYS * DAY;
  let rows: EbTransaction[];
  try {
    try {
      rows = await readAll(windowStart, since === undefined ? 'longest' : undefined);
    } catch (err) {
      if (!(err instanceof EbApiError && err.code === 'WRONG_TRANSACTIONS_PERIOD')) throw err;
      // The bank refuses that period: the 89 days every bank serves (shorter than the 90-day PSD2 floor some banks count exclusively).
      windowStart = Math.max(windowStart, now - FALLBACK_HISTORY_DAYS * DAY);
      rows = await readAll(windowStart, undefined);
    }
  } catch (err) {
    throw failureOf(err, true);
  }

  const mapped: MappedTransaction[] = rows.filter((r) => r && r.transaction_amount).map((r) => mapTransaction(r, now));
  const settled = settleRows(ref, mapped, memory, windowStart, now);
  const balanceDate = dateSeconds(balance?.last_change_date_time) ?? dateSeconds(balance?.reference_date) ?? now;
  return {
    reference: ref,
    balance: balance?.balance_amount.amount ?? '0',
    balance_date: Math.min(balanceDate, now),
    transactions: settled.transactions,
    pending_complete: settled.pendingComplete,
  };
}

function aspspProvider(a: EbAspsp): ListedProvider | undefined {
  const country3 = alpha3(a.country);
  if (!country3 || !a.name) return undefined;
  // Only banks whose personal login is a redirection (the consent window catches the return).
  const methods = (a.auth_methods ?? []).filter((m) => !m.psu_type || m.psu_type === 'personal');
  if (methods.length && !methods.some((m) => (m.approach ?? 'REDIRECT') === 'REDIRECT')) return undefined;
  const details: AspspDetails = {
    aspsp_name: a.name,
    country: a.country.toUpperCase(),
    maximum_consent_validity: typeof a.maximum_consent_validity === 'number' ? a.maximum_consent_validity : 90 * DAY,
    required_psu_headers: Array.isArray(a.required_psu_headers)
      ? a.required_psu_headers.filter((h) => typeof h === 'string')
      : [],
    ...(typeof a.logo === 'string' ? { logo_url: a.logo } : {}),
  };
  return {
    key: `${details.country}:${a.name}`,
    name: a.name,
    country_code: country3,
    logo: GENERIC_LOGO,
    base_url: 'https://enablebanking.com',
    channel_definitions: [REDIRECT_CHANNEL],
    details: details as unknown as Record<string, unknown>,
  };
}

/** A connector instance for one engine (it keeps no state of its own: the engine hands it everything). */
export function createEnableBankingConnector(): Connector {
  return {
    definition: enableBankingDefinition,
    configurationName: CONFIGURATION_NAME,
    // The accounts of a session are read 3 at a time: a careful client of a PSD2 API keeps a small bound (the
    // banks behind Enable Banking throttle bursts with 429 ASPSP_RATE_LIMIT_EXCEEDED), yet a first
    // synchronization of many accounts need not wait for each account's pages one after the other.
    // fetchAccount keeps each account's memory and read ledger under its own key.
    accountConcurrency: 3,

    async configure(input, env) {
      const applicationId = (input.application_id ?? '').trim();
      const pem = (input.private_key ?? '').trim();
      if (!/^[A-Za-z0-9-]{1,64}$/.test(applicationId)) {
        throw new ConnectorError(
          'FAILED',
          'application_id must be the id Enable Banking gave the application (letters, digits and dashes)',
        );
      }
      try {
        readPrivateKey(pem);
      } catch (err) {
        throw new ConnectorError('FAILED', (err as Error).message);
      }
      const candidate: ConnectorConfiguration = { values: { application_id: applicationId }, secret: `${pem}\n` };
      const api = client(candidate, env.now, env.signal);
      let app: EbApplication;
      try {
        app = await api.call<EbApplication>('GET', '/application');
      } catch (err) {
        if (err instanceof EbApiError && (err.httpStatus === 401 || err.code === 'UNAUTHORIZED_ACCESS')) {
          throw new ConnectorError(
            'AUTH_FAILED',
            `Enable Banking refused the key for application ${applicationId}: the private key is not this application's, or the application id is wrong`,
          );
        }
        if (err instanceof EbApiError) {
          throw new ConnectorError('SERVICE_UNAVAILABLE', `Enable Banking could not check the key now: ${err.message}`);
        }
        throw err;
      }
      return {
        values: {
          application_id: applicationId,
          name: typeof app.name === 'string' ? app.name : '',
          environment: typeof app.environment === 'string' ? app.environment : 'PRODUCTION',
          active: app.active === true,
          redirect_urls: Array.isArray(app.redirect_urls) ? app.redirect_urls.filter((u) => typeof u === 'string') : [],
          countries: Array.isArray(app.countries) ? app.countries.filter((c) => typeof c === 'string') : [],
        },
        secret: candidate.secret,
      };
    },

    dynamicProviders: {
      idPrefix: ENABLE_BANKING_ID_PREFIX,
      async list(env) {
        const api = client(env.configuration, env.now, env.signal);
        const countries = ((env.configuration?.values as unknown as AppValues).countries ?? []).filter((c) =>
          alpha3(c),
        );
        const out: ListedProvider[] = [];
        for (const country of countries) {
          const answer = await api.call<{ aspsps?: EbAspsp[] }>('GET', '/aspsps', {
            query: { country: country.toUpperCase(), psu_type: 'personal', service: 'AIS' },
          });
          for (const a of answer.aspsps ?? []) {
            const p = a && aspspProvider(a);
            if (p && !out.some((o) => o.key === p.key)) out.push(p);
          }
        }
        return out;
      },
    },

    async startConsent(args, env) {
      const aspsp = aspspOf(env);
      const api = client(env.configuration, env.now, env.signal);
      const refuse = (urls: string[]) =>
        new ConnectorError(
          'FAILED',
          urls.length
            ? `redirect_uri must be one of the redirect URLs registered for the Enable Banking application: ${urls.join(', ')}`
            : 'the Enable Banking application has no redirect URL registered: add one in the Enable Banking control panel',
        );
      let app: EbApplication;
      try {
        app = await api.call<EbApplication>('GET', '/application');
      } catch (err) {
        throw failureOf(err, false);
      }
      const urls = Array.isArray(app.redirect_urls) ? app.redirect_urls : [];
      if (!urls.includes(args.redirectUri)) throw refuse(urls);
      const validity =
        Math.min(aspsp.maximum_consent_validity || 90 * DAY, MAX_CONSENT_SECONDS) - CONSENT_MARGIN_SECONDS;
      try {
        const answer = await api.call<{ url: string }>('POST', '/auth', {
          body: {
            access: { valid_until: when(env.now() + validity), balances: true, transactions: true },
            aspsp: { name: aspsp.aspsp_name, country: aspsp.country },
            state: args.state,
            redirect_url: args.redirectUri,
            psu_type: 'personal',
            // The bank's pages in the language of the screen that sent the person there (ISO 639-1).
            ...(args.language ? { language: args.language } : {}),
          },
        });
        if (typeof answer.url !== 'string')
          throw new ConnectorError('SERVICE_UNAVAILABLE', 'Enable Banking gave no consent address');
        return answer.url;
      } catch (err) {
        if (err instanceof EbApiError && err.code === 'REDIRECT_URI_NOT_ALLOWED') throw refuse(urls);
        throw failureOf(err, false);
      }
    },

    async closeConsent(grant, env) {
      const api = client(env.configuration, env.now, env.signal);
      await api.call('DELETE', `/sessions/${encodeURIComponent(grant.access_token)}`);
    },

    exchangeCode: (ctx, code) => exchangeSession(ctx, code),

    async listAccounts(ctx) {
      const details = grantDetails(ctx.grant);
      const now = ctx.now();
      const bank = ctx.bankState ?? ctx.state;
      if (ctx.unattended === true && details.accounts.every((a) => budgetLeft(bank, a.identification_hash, now) < 1)) {
        const next = Math.min(
          ...details.accounts.map((a) =>
            Math.max(
              nextReadAt(bank, a.identification_hash, 'balances', now),
              nextReadAt(bank, a.identification_hash, 'transactions', now),
            ),
          ),
        );
        throw new ConnectorError(
          'SERVICE_UNAVAILABLE',
          `PSD2 allows 4 automatic reads of an account a day and they are spent: next possible at ${when(next)}`,
        );
      }
      return details.accounts.map((a) => ({
        reference: a.identification_hash,
        name: a.name,
        type: accountType(a.cash_account_type),
        currency: a.currency,
        ...(a.iban ? { iban: a.iban } : {}),
        usage: 'PERSONAL' as const,
        balance: '0',
        balance_date: now,
      }));
    },

    fetchAccount: fetchOne,
  };
}
