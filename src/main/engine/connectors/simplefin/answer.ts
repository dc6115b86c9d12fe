/**
 * Reads an answer of GET /accounts in either shape (see docs/api/simplefin.md): v2 (`errlist`, `connections`, accounts
 * with `conn_id`) and v1 (`errors` as texts, accounts with an `org`), since a bridge may ignore `version=2`. The result
 * is one neutral shape: institutions, accounts with their institution, and classified errors. Nothing here trusts the
 * bridge: every field is checked and anything unusable is skipped or reported. Amounts are rounded to their currency's
 * decimals here (half to even), the amount as written kept beside. An answer without a list of accounts, or none of
 * whose accounts can be read, is unusable (MalformedAnswer): read as "no accounts" it would turn every account
 * NOT_FOUND.
 */
import { currencyExponent } from '../../domain/money';
import { roundToCurrency } from '../../domain/money-rounding';
import { currencyOf } from './mapping';

export interface SfTransaction {
  id: string;
  posted: number;
  amount: string;
  description: string;
  payee?: string;
  memo?: string;
  transacted_at?: number;
  pending: boolean;
  /** The amount as the bridge wrote it, when rounding to the currency changed it. */
  amountAsSent?: string;
}

export interface SfAccount {
  id: string;
  name: string;
  currency: string;
  balance: string;
  balanceDate: number;
  /** The institution's connection id (v2 `conn_id`, v1 `org.id`/domain/name). */
  connId: string;
  institution: string;
  transactions: SfTransaction[];
}

/** The family of an error code: unknown subcodes count as their prefix (`con.weird` is a `con.`). */
export type ErrorFamily = 'gen.auth' | 'gen.' | 'con.' | 'act.';

export interface SfError {
  family: ErrorFamily;
  code: string;
  message: string;
  connId?: string;
  accountId?: string;
}

/** An account the bridge sent without a balance that can be counted (its rows are not read either). */
export type SfUnreadableAccount = Pick<SfAccount, 'id' | 'name' | 'currency' | 'connId' | 'institution'>;

export interface SfAnswer {
  version: 1 | 2;
  accounts: SfAccount[];
  unreadable: SfUnreadableAccount[];
  errors: SfError[];
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const epoch = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
const decimal = (v: unknown): string | undefined => {
  const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : text(v)?.trim();
  return s !== undefined && /^[+-]?\d+(\.\d+)?$/.test(s) ? s : undefined;
};

/** Known full codes keep their meaning; anything else is read as its prefix. */
export function errorFamily(code: string): ErrorFamily {
  const c = code.trim().toLowerCase();
  if (c === 'gen.auth') return 'gen.auth';
  if (c.startsWith('con.')) return 'con.';
  if (c.startsWith('act.')) return 'act.';
  return 'gen.';
}

/** Error objects may say `message` instead of `msg` (the protocol's own examples do). */
function readErrorObject(e: unknown): SfError | undefined {
  if (!e || typeof e !== 'object') return undefined;
  const o = e as Record<string, unknown>;
  const code = text(o.code);
  if (!code) return undefined;
  const message = (text(o.msg) ?? text(o.message) ?? '').slice(0, 300);
  return {
    family: errorFamily(code),
    code: code.slice(0, 40),
    message,
    ...(text(o.conn_id) ? { connId: text(o.conn_id) } : {}),
    ...(text(o.account_id) ? { accountId: text(o.account_id) } : {}),
  };
}

/** A decimal amount rounded to `exponent` decimals; undefined when it is none or too large to count. */
function amountOf(v: unknown, exponent: number): { amount: string; asSent?: string } | undefined {
  const written = decimal(v);
  const rounded = written === undefined ? undefined : roundToCurrency(written, exponent);
  if (!rounded) return undefined;
  return rounded.changed ? { amount: rounded.text, asSent: written!.replace(/^\+/, '') } : { amount: rounded.text };
}

function readTransaction(t: unknown, exponent: number): SfTransaction | undefined {
  if (!t || typeof t !== 'object') return undefined;
  const o = t as Record<string, unknown>;
  const id = text(o.id);
  const money = amountOf(o.amount, exponent);
  const posted = epoch(o.posted) ?? 0;
  const transactedAt = epoch(o.transacted_at);
  if (!id || money === undefined) return undefined;
  const pending = o.pending === true || (posted === 0 && transactedAt !== undefined);
  if (!pending && posted === 0) return undefined;
  // One object shape for every row (no conditional spreads): large answers stay fast to read.
  const tx: SfTransaction = { id, posted, amount: money.amount, description: text(o.description) ?? '', pending };
  if (money.asSent !== undefined) tx.amountAsSent = money.asSent;
  const payee = text(o.payee);
  if (payee) tx.payee = payee;
  const memo = text(o.memo);
  if (memo) tx.memo = memo;
  if (transactedAt !== undefined) tx.transacted_at = transactedAt;
  return tx;
}

/** v1 free-text errors: only the known "Connection to <org> may need attention" names an institution. */
function readV1Error(message: string, institutions: Map<string, string>): SfError {
  const m = /^Connection to (.+?) may need attention/i.exec(message);
  if (m) {
    for (const [connId, name] of institutions) {
      if (name === m[1]) return { family: 'con.', code: 'con.', message: message.slice(0, 300), connId };
    }
  }
  return { family: 'gen.', code: 'gen.', message: message.slice(0, 300) };
}

/** One account of an answer; its `balance` is undefined when the bridge gave none that can be counted. */
function readAccount(
  a: unknown,
  institutions: Map<string, string>,
): (Omit<SfAccount, 'balance'> & { balance?: string }) | undefined {
  if (!a || typeof a !== 'object') return undefined;
  const r = a as Record<string, unknown>;
  const id = text(r.id);
  if (!id) return undefined;
  const currency = text(r.currency) ?? 'USD';
  const exponent = currencyExponent(currencyOf(currency));
  let connId = text(r.conn_id);
  let institution = connId ? institutions.get(connId) : undefined;
  const org = r.org && typeof r.org === 'object' ? (r.org as Record<string, unknown>) : undefined;
  if (!connId && org) {
    connId = text(org.id) ?? text(org.domain) ?? text(org.name);
    institution = text(org.name) ?? text(org.domain);
    if (connId && institution) institutions.set(connId, institution.slice(0, 120));
  }
  const transactions: SfTransaction[] = [];
  if (Array.isArray(r.transactions)) {
    for (const t of r.transactions) {
      const tx = readTransaction(t, exponent);
      if (tx) transactions.push(tx);
    }
  }
  return {
    id,
    name: (text(r.name) ?? id).slice(0, 200),
    currency,
    balance: amountOf(r.balance, exponent)?.amount,
    balanceDate: epoch(r['balance-date']) ?? 0,
    connId: connId ?? '',
    institution: (institution ?? '').slice(0, 120),
    transactions,
  };
}

export class MalformedAnswer extends Error {}

export function readAnswer(body: unknown): SfAnswer {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new MalformedAnswer('the answer is not a JSON object');
  const o = body as Record<string, unknown>;
  const v2 = Array.isArray(o.errlist) || Array.isArray(o.connections);
  const institutions = new Map<string, string>();
  if (Array.isArray(o.connections)) {
    for (const c of o.connections) {
      const r = (c ?? {}) as Record<string, unknown>;
      const id = text(r.conn_id);
      if (id) institutions.set(id, (text(r.name) ?? text(r.org_url) ?? id).slice(0, 120));
    }
  }
  if (!Array.isArray(o.accounts)) throw new MalformedAnswer('it has no list of accounts');
  const accounts: SfAccount[] = [];
  const unreadable: SfUnreadableAccount[] = [];
  for (const a of o.accounts) {
    const account = readAccount(a, institutions);
    if (account?.balance === undefined) {
      if (account) unreadable.push({ id: account.id, name: account.name, currency: account.currency, connId: account.connId, institution: account.institution });
    } else accounts.push(account as SfAccount);
  }
  if (o.accounts.length > 0 && accounts.length === 0) throw new MalformedAnswer('none of its accounts can be read');
  const errors: SfError[] = [];
  if (Array.isArray(o.errlist)) {
    for (const e of o.errlist) {
      const err = readErrorObject(e);
      if (err) errors.push(err);
    }
  }
  // v1 texts, and the deprecated list a v2 bridge may still send alongside `errlist` (then ignored).
  if (Array.isArray(o.errors) && !Array.isArray(o.errlist)) {
    for (const e of o.errors) {
      if (typeof e === 'string') errors.push(readV1Error(e, institutions));
      else {
        const err = readErrorObject(e);
        if (err) errors.push(err);
      }
    }
  }
  return { version: v2 ? 2 : 1, accounts, unreadable, errors };
}
