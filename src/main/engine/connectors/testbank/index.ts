/**
 * Coffer Test Bank (provider 9000): a simulated bank whose behaviour is chosen by the login (see
 * docs/api/providers-and-test-bank.md#test-bank), with deterministic, realistic data. See profiles.ts (scenarios),
 * ledger.ts (data), view.ts (statuses and balances), bank-state.ts (what is persisted) and consent.ts (the REDIRECT
 * channel).
 */
import {
  AccountError,
  type AccountFetchResult,
  type AuthorizeUrlArgs,
  type Connector,
  type ConnectorContext,
  ConnectorError,
  type ExchangeContext,
  type ProviderAccount,
} from '../types';
import { commitClock, committedClocks, countFailure, loginRecord, resetFailures } from './bank-state';
import type { Ledger } from './book';
import { consentAccounts, mintConsentCode, readAccessToken, redeemConsentCode } from './consent';
import { buildLedger } from './ledger';
import { EMBEDDED_CHANNEL_ID, REDIRECT_CHANNEL_ID, SMS_CODE_FIELD, TEST_BANK_ID, testBankDefinition } from './definition';
import { type AccountSpec, challengeAttempts, type Profile, profileOf } from './profiles';
import { viewBook } from './view';

export { consentAccounts, mintConsentCode, type MintConsentCodeArgs, CODE_LIFETIME, CONSENT_LIFETIME } from './consent';
export { scenarioOf, MANY_ACCOUNTS, type Scenario } from './profiles';
export { BIG_COUNT } from './big';
export { PENDING_WINDOW, SINCE_MARGIN } from './view';
export { EMBEDDED_CHANNEL_ID, REDIRECT_CHANNEL_ID, TEST_BANK_ID, testBankDefinition } from './definition';

export const PASSWORD = 'pass_ok';
export const SMS_CODE = '123456';
/** Wrong passwords in a row that lock a login (TOO_MANY_ATTEMPTS from this one on). */
export const MAX_FAILURES = 5;
export const SLOW_SYNC_MS = 10_000;

export interface TestBankOptions {
  /** Duration of a `user_slow` synchronization; default env COFFER_TESTBANK_SLOW_MS, else 10 000. */
  slowSyncMs?: number;
  /** Number of progress steps of a `user_slow` synchronization (default 20). */
  slowSteps?: number;
}

interface Session {
  profile: Profile;
  login: string;
  /** Accounts this channel shows (type covered and, for REDIRECT, consented). */
  visible: AccountSpec[];
  /** Committed bank clocks plus this run's clock. */
  clocks: number[];
  committed: boolean;
  ledger?: Ledger;
}

function covered(channelId: string): (spec: AccountSpec) => boolean {
  const types = testBankDefinition.channel_definitions.find((c) => c.id === channelId)!.account_types;
  return (spec) => types.includes(spec.type);
}

async function authenticateEmbedded(ctx: ConnectorContext): Promise<string> {
  const login = ctx.credentials.login ?? '';
  if (!login) throw new ConnectorError('AUTH_FAILED', 'Login missing');
  const scenario = profileOf(login).scenario;
  if (scenario === 'unavailable') throw new ConnectorError('SERVICE_UNAVAILABLE', 'The bank is unavailable, try again later');
  const record = loginRecord(ctx, login);
  if (ctx.credentials.password !== PASSWORD) {
    const failures = countFailure(record);
    if (failures >= MAX_FAILURES) throw new ConnectorError('TOO_MANY_ATTEMPTS', 'Too many wrong passwords: access is locked');
    throw new ConnectorError('AUTH_FAILED', `Wrong login or password (${MAX_FAILURES - failures} attempts left)`);
  }
  resetFailures(record);
  if (scenario === 'password_change') throw new ConnectorError('PASSWORD_CHANGE_REQUIRED', 'Your password has expired: change it on the bank website');
  if (scenario === 'action') throw new ConnectorError('USER_ACTION_REQUIRED', 'Accept the new terms of service on the bank website');
  if (scenario === 'challenge') await askSmsCode(ctx, challengeAttempts(login));
  return login;
}

/**
 * The SMS code, asked again after a wrong one while attempts remain (each question says how many); a wrong
 * code on the last attempt fails the run, saying how to get a new code. A single-attempt login
 * (`user_challenge`) asks exactly as docs/api/providers-and-test-bank.md#test-bank describes, without `attempts_left`:
 * its event is unchanged for scripts.
 */
async function askSmsCode(ctx: ConnectorContext, attempts: number): Promise<void> {
  const ask = 'Enter the 6-digit code sent by SMS to +33 6 •• •• •• 42 (test bank: 123456).';
  for (let left = attempts; left >= 1; left--) {
    const wrong = left < attempts;
    const answer = await ctx.challenge({
      fields: [SMS_CODE_FIELD],
      message: wrong ? `Wrong code: ${left === 1 ? 'last attempt' : `${left} attempts left`}. ${ask}` : ask,
      ...(attempts > 1 && { attempts_left: left }),
    });
    if (answer[SMS_CODE_FIELD.id] === SMS_CODE) return;
  }
  throw new ConnectorError(
    'CHALLENGE_FAILED',
    attempts > 1
      ? `Wrong SMS code ${attempts} times: synchronize again to receive a new code`
      : 'Wrong SMS code: synchronize again to receive a new code',
  );
}

function authenticateRedirect(ctx: ConnectorContext): { login: string; accounts?: string[] } {
  const token = ctx.grant?.access_token;
  const consent = token ? readAccessToken(token) : undefined;
  if (!consent) throw new ConnectorError('AUTH_FAILED', 'No valid consent: authorize access at the bank first');
  if (ctx.now() >= consent.exp) throw new ConnectorError('TOKEN_EXPIRED', 'The 90-day consent has expired: renew it');
  const scenario = profileOf(consent.login).scenario;
  if (scenario === 'unavailable') throw new ConnectorError('SERVICE_UNAVAILABLE', 'The bank is unavailable, try again later');
  if (scenario === 'action') throw new ConnectorError('USER_ACTION_REQUIRED', 'Accept the new terms of service on the bank website');
  return consent;
}

async function openSession(ctx: ConnectorContext): Promise<Session> {
  ctx.signal.throwIfAborted();
  let login: string;
  let consented: string[] | undefined;
  if (ctx.channelDefinitionId === EMBEDDED_CHANNEL_ID) {
    login = await authenticateEmbedded(ctx);
  } else if (ctx.channelDefinitionId === REDIRECT_CHANNEL_ID) {
    ({ login, accounts: consented } = authenticateRedirect(ctx));
  } else {
    throw new ConnectorError('FAILED', `Unknown channel definition ${ctx.channelDefinitionId}`);
  }
  ctx.signal.throwIfAborted();
  const profile = profileOf(login);
  const inChannel = covered(ctx.channelDefinitionId);
  const visible = profile.accounts.filter((a) => inChannel(a) && (!consented || consented.includes(a.reference)));
  const committed = committedClocks(loginRecord(ctx, login));
  const last = committed[committed.length - 1];
  // The bank clock always moves forward, by at least a second per synchronization.
  const now = last === undefined ? Math.floor(ctx.now()) : Math.max(Math.floor(ctx.now()), last + 1);
  return { profile, login, visible, clocks: [...committed, now], committed: false };
}


function ledgerOf(session: Session): Ledger {
  return (session.ledger ??= buildLedger(session.profile, session.clocks));
}

/** Fetching data is what moves the bank clock (a run that only lists accounts leaves it). */
function commit(ctx: ConnectorContext, session: Session): void {
  if (session.committed) return;
  session.committed = true;
  commitClock(loginRecord(ctx, session.login), session.clocks[session.clocks.length - 1]);
  ctx.state.syncs = (typeof ctx.state.syncs === 'number' ? ctx.state.syncs : 0) + 1;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function slowly(ctx: ConnectorContext, options: TestBankOptions): Promise<void> {
  const fromEnv = Number(process.env.COFFER_TESTBANK_SLOW_MS);
  const total = options.slowSyncMs ?? (Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : SLOW_SYNC_MS);
  const steps = Math.max(1, options.slowSteps ?? 20);
  for (let i = 0; i < steps; i++) {
    ctx.progress(i, steps, 'Downloading transactions');
    await sleep(total / steps, ctx.signal);
  }
  ctx.progress(steps, steps, 'Downloading transactions');
}

export function createTestBankConnector(options: TestBankOptions = {}): Connector {
  // One session per run (per context object: the engine hands one to every call of a run), owned by this
  // connector instance: authentication and challenge happen once per run.
  const sessions = new WeakMap<ConnectorContext, Promise<Session>>();
  const sessionOf = (ctx: ConnectorContext): Promise<Session> => {
    let session = sessions.get(ctx);
    if (!session) {
      session = openSession(ctx);
      sessions.set(ctx, session);
    }
    return session;
  };
  return {
    definition: testBankDefinition,

    async listAccounts(ctx: ConnectorContext): Promise<ProviderAccount[]> {
      const session = await sessionOf(ctx);
      const ledger = ledgerOf(session);
      return session.visible.map((spec) => viewBook(ledger.get(spec.reference)!, session.clocks, { transactions: false }).account);
    },

    async fetchAccount(ctx: ConnectorContext, account: ProviderAccount): Promise<AccountFetchResult> {
      const session = await sessionOf(ctx);
      ctx.signal.throwIfAborted();
      const spec = session.visible.find((a) => a.reference === account.reference);
      if (!spec) throw new AccountError('NOT_FOUND', `No account ${account.reference} at the bank`);
      commit(ctx, session);
      if (session.profile.scenario === 'partial') {
        if (spec.role === 'card') throw new AccountError('NOT_FOUND', 'This card no longer exists at the bank');
        if (spec.role === 'savings') throw new AccountError('ERROR', 'The bank could not return this account');
      }
      if (session.profile.scenario === 'slow') await slowly(ctx, options);
      const view = viewBook(ledgerOf(session).get(spec.reference)!, session.clocks, { since: ctx.since, transactions: true });
      // user_big's 100 000 entries need not outlive its only fetch (they would be rebuilt identically).
      if (session.profile.kind === 'big') session.ledger = undefined;
      return {
        reference: spec.reference,
        balance: view.account.balance,
        balance_date: view.account.balance_date,
        transactions: view.transactions,
        pending_complete: true,
      };
    },

    authorizeUrl(args: AuthorizeUrlArgs): string {
      if (args.channelDefinitionId !== REDIRECT_CHANNEL_ID) throw new ConnectorError('FAILED', `Channel ${args.channelDefinitionId} is not a REDIRECT channel`);
      const url = new URL(args.consentPageUrl);
      url.searchParams.set('provider_id', TEST_BANK_ID);
      url.searchParams.set('channel_definition_id', REDIRECT_CHANNEL_ID);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', args.redirectUri);
      url.searchParams.set('state', args.state);
      return url.toString();
    },

    async exchangeCode(ctx: ExchangeContext, code: string) {
      ctx.signal.throwIfAborted();
      if (ctx.channelDefinitionId !== REDIRECT_CHANNEL_ID) throw new ConnectorError('FAILED', `Channel ${ctx.channelDefinitionId} is not a REDIRECT channel`);
      return redeemConsentCode(code, Math.floor(ctx.now()));
    },

    consentPage: { accounts: consentAccounts, mintCode: mintConsentCode },
  };
}

export const testBankConnector: Connector = createTestBankConnector();
