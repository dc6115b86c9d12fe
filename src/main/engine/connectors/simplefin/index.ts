/**
 * The SimpleFIN Bridge connector (provider 9600, docs/api/simplefin.md).
 *
 * One run = one read of the Bridge: `listAccounts` claims the setup token when the keychain still holds one,
 * then reads GET /accounts in windows of at most 90 days (windows.ts) within the daily budget (budget.ts),
 * and keeps the merged answer for the run; `fetchAccount` only hands out each account's part of it (one
 * request per synchronization, never one per account: the Bridge returns every account at once).
 *
 * Failures (transport.ts and here): 403 or `gen.auth` → AUTH_FAILED; 402 → USER_ACTION_REQUIRED; 429, 5xx,
 * non-JSON, time-out, budget spent → SERVICE_UNAVAILABLE; `con.*` for an institution → its accounts ERROR
 * (AccountError), the others updated, so the channel ends PARTIAL_SUCCESS; `act.*` → that account ERROR.
 */
import { createHash } from 'node:crypto';
import {
  AccountError,
  ConnectorError,
  type AccountFetchResult,
  type Connector,
  type ConnectorContext,
  type ProviderAccount,
} from '../types';
import { MalformedAnswer, readAnswer, type SfAccount, type SfAnswer, type SfTransaction } from './answer';
import { checkBudget, recordRateLimited, recordRequest } from './budget';
import { ACCESS_URL, SETUP_TOKEN, simplefinDefinition } from './definition';
import { toProviderAccount, toProviderTransaction } from './mapping';
import { claim, getAccounts, RateLimited, requestTimeoutMs } from './transport';
import { accessLedgerName, decodeSetupToken, parseAccessUrl, SetupTokenError } from './urls';
import { UNREADABLE_ACCOUNT, unreadableAsAccount, unreadableKnownAccounts } from './unreadable';
import { historyStart, readInTurn, requestWindows, WINDOWS_AT_ONCE } from './windows';

export { SIMPLEFIN_CHANNEL_ID, SIMPLEFIN_PROVIDER_ID } from './definition';

/** The whole of one run's read must end within the engine's time limit of a connector call (300 s by default). */
const RUN_LIMIT_MS = 270_000;

interface RunData {
  accounts: ProviderAccount[];
  results: Map<string, AccountFetchResult>;
  /** Accounts the Bridge reported a failure for (`con.*` of their institution, `act.*`), with its text. */
  failures: Map<string, string>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Creation-time check (Connector.validateCredentials): the token must decode to an https claim URL. */
function validateCredentials(_channelDefinitionId: string, values: Readonly<Record<string, string>>): string | undefined {
  const token = values[SETUP_TOKEN];
  if (token === undefined) return undefined;
  try {
    decodeSetupToken(token);
    return undefined;
  } catch (err) {
    if (err instanceof SetupTokenError) return `credential ${SETUP_TOKEN}: ${err.message}`;
    throw err;
  }
}

/**
 * The access URL of this run: a setup token still in the keychain is claimed first (once: the Bridge
 * accepts a token a single time) and replaced there by the access URL; the token itself is not kept.
 */
async function accessUrlOf(ctx: ConnectorContext, deadline: number): Promise<string> {
  const token = ctx.credentials[SETUP_TOKEN];
  if (token) {
    let claimUrl: URL;
    try {
      claimUrl = decodeSetupToken(token);
    } catch {
      throw new ConnectorError('AUTH_FAILED', 'the setup token kept for this connection is not valid: paste a new one');
    }
    if (!ctx.replaceSecrets) throw new ConnectorError('FAILED', 'this engine cannot keep a claimed SimpleFIN access');
    const result = await claim(claimUrl, ctx.signal, Math.min(requestTimeoutMs(), Math.max(1, deadline - Date.now())));
    if (result.kind === 'refused') {
      ctx.replaceSecrets({});
      throw new ConnectorError(
        'AUTH_FAILED',
        `${result.reason}. Someone else may have claimed it: the token may be compromised. Disconnect Coffer's access at the Bridge if you did not claim it, then create a new setup token and paste it here.`,
      );
    }
    if (result.kind === 'unusable' || !parseAccessUrl(result.accessUrl)) {
      ctx.replaceSecrets({});
      const reason = result.kind === 'unusable' ? result.reason : 'the SimpleFIN Bridge answered the claim with an unusable access address';
      throw new ConnectorError('AUTH_FAILED', `${reason}: nothing was kept; create a new setup token at your Bridge and paste it here`);
    }
    ctx.replaceSecrets({ [ACCESS_URL]: result.accessUrl });
    return result.accessUrl;
  }
  const kept = ctx.credentials[ACCESS_URL];
  if (!kept) throw new ConnectorError('AUTH_FAILED', 'no SimpleFIN access is kept for this connection: paste a new setup token');
  return kept;
}

/** Accounts of every window merged by id (the newest window's balance), transactions merged by id. */
function merge(answers: SfAnswer[]): { accounts: SfAccount[]; transactions: Map<string, Map<string, SfTransaction>> } {
  const accounts = new Map<string, SfAccount>();
  const transactions = new Map<string, Map<string, SfTransaction>>();
  for (const answer of answers) {
    for (const a of answer.accounts) {
      if (!accounts.has(a.id)) accounts.set(a.id, a);
      let rows = transactions.get(a.id);
      if (!rows) transactions.set(a.id, (rows = new Map()));
      for (const t of a.transactions) if (!rows.has(t.id)) rows.set(t.id, t);
    }
  }
  return { accounts: [...accounts.values()], transactions };
}

/** Of several failed windows, the one that says most: a revoked access before a lapsed payment before a transient fault. */
function pickFailure(settled: PromiseSettledResult<unknown>[]): unknown {
  const reasons = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => s.reason as unknown);
  const rank = (e: unknown) =>
    e instanceof ConnectorError ? ({ AUTH_FAILED: 0, USER_ACTION_REQUIRED: 1 } as Record<string, number>)[e.status] ?? (e instanceof RateLimited ? 2 : 3) : 4;
  return reasons.sort((a, b) => rank(a) - rank(b))[0];
}

function describeNext(nextTry: number): string {
  return new Date(nextTry * 1000).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
}

export function createSimplefinConnector(): Connector {
  // Per-run reads, keyed by the run's context object (the engine hands the same one to every call of a run).
  const runs = new WeakMap<ConnectorContext, Promise<RunData>>();
  // Stands in for ConnectorContext.bankState when an engine does not provide it.
  const fallbackBankState: Record<string, unknown> = {};

  async function read(ctx: ConnectorContext): Promise<RunData> {
    const deadline = Date.now() + RUN_LIMIT_MS;
    const accessUrl = await accessUrlOf(ctx, deadline);
    const access = parseAccessUrl(accessUrl);
    if (!access) throw new ConnectorError('AUTH_FAILED', 'the SimpleFIN access kept for this connection is unreadable: paste a new setup token');
    const bankState = ctx.bankState ?? fallbackBankState;
    const ledger = accessLedgerName(accessUrl, sha256);
    const now = ctx.now();
    const from = historyStart(now, ctx.since);
    const windows = requestWindows(from, now + 1);
    const verdict = checkBudget(bankState, ledger, now, windows.length);
    if (!verdict.ok) {
      throw new ConnectorError('SERVICE_UNAVAILABLE', `${verdict.reason}: no request was made; next synchronization possible after ${describeNext(verdict.nextTry)}`);
    }
    // The windows are asked two at a time (each counted in the budget), so that at most two answers are
    // in memory together. Any failure fails the run: no further window is asked, the answers are dropped.
    const timeout = Math.max(1, Math.min(requestTimeoutMs(), deadline - Date.now()));
    const readWindow = async (w: (typeof windows)[number]): Promise<SfAnswer> => {
      recordRequest(bankState, ledger, ctx.now());
      let body: unknown;
      try {
        body = await getAccounts(access, w, ctx.signal, timeout);
      } catch (err) {
        if (err instanceof RateLimited) recordRateLimited(bankState, ledger, ctx.now());
        throw err;
      }
      try {
        return readAnswer(body);
      } catch (err) {
        if (err instanceof MalformedAnswer) {
          throw new ConnectorError(
            'SERVICE_UNAVAILABLE',
            `the SimpleFIN Bridge's answer is unusable (${err.message}): nothing was changed; Coffer asks again at the next synchronization`,
          );
        }
        throw err;
      }
    };
    const settled = await readInTurn(windows, WINDOWS_AT_ONCE, readWindow);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw pickFailure(settled);
    const answers = settled.map((s) => (s as PromiseFulfilledResult<SfAnswer>).value);
    const revoked = answers.flatMap((a) => a.errors).find((e) => e.family === 'gen.auth');
    if (revoked) {
      throw new ConnectorError('AUTH_FAILED', `the SimpleFIN Bridge refused the access (${revoked.message || 'gen.auth'}): paste a new setup token`);
    }

    const { accounts, transactions } = merge(answers);
    const unreadable = unreadableKnownAccounts(ctx.state, answers, accounts);
    const failedInstitutions = new Map<string, string>();
    const failedAccounts = new Map<string, string>();
    for (const e of answers.flatMap((a) => a.errors)) {
      if (e.family === 'con.' && e.connId && !failedInstitutions.has(e.connId)) failedInstitutions.set(e.connId, e.message || e.code);
      if (e.family === 'act.' && e.accountId && !failedAccounts.has(e.accountId)) failedAccounts.set(e.accountId, e.message || e.code);
    }
    const failures = new Map<string, string>();
    for (const a of accounts) {
      const institution = failedInstitutions.get(a.connId);
      if (institution !== undefined) failures.set(a.id, `${a.institution || 'the institution'} needs attention at the SimpleFIN Bridge: ${institution}`);
      else if (failedAccounts.has(a.id)) failures.set(a.id, `the SimpleFIN Bridge could not read this account: ${failedAccounts.get(a.id)}`);
    }
    if (accounts.length > 0 && failedInstitutions.size > 0 && accounts.every((a) => failedInstitutions.has(a.connId))) {
      throw new ConnectorError(
        'USER_ACTION_REQUIRED',
        `every institution needs attention at the SimpleFIN Bridge (${[...failedInstitutions.values()][0]}): sign in at the Bridge and re-authenticate them`,
      );
    }
    for (const u of unreadable) failures.set(u.id, UNREADABLE_ACCOUNT);
    const results = new Map<string, AccountFetchResult>();
    for (const a of accounts) {
      results.set(a.id, {
        reference: a.id,
        balance: a.balance,
        balance_date: a.balanceDate || now,
        transactions: [...(transactions.get(a.id)?.values() ?? [])].map((t) => toProviderTransaction(t, a.currency)),
        pending_complete: true,
        pending_covered_from: from,
        pending_settles_by_match: true,
      });
    }
    const listed = [...accounts, ...unreadable.map(unreadableAsAccount)];
    return { accounts: listed.map((a) => toProviderAccount(a, now)), results, failures };
  }

  function runOf(ctx: ConnectorContext): Promise<RunData> {
    let run = runs.get(ctx);
    if (!run) {
      run = read(ctx);
      runs.set(ctx, run);
    }
    return run;
  }

  return {
    definition: simplefinDefinition,
    validateCredentials,
    async listAccounts(ctx) {
      return (await runOf(ctx)).accounts;
    },
    async fetchAccount(ctx, account) {
      const run = await runOf(ctx);
      const failure = run.failures.get(account.reference);
      if (failure) throw new AccountError('ERROR', failure);
      const result = run.results.get(account.reference);
      if (!result) throw new AccountError('NOT_FOUND', 'the SimpleFIN Bridge no longer lists this account');
      return result;
    },
  };
}

export const simplefinConnector: Connector = createSimplefinConnector();
