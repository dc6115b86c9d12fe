/**
 * Reads of transactions for the person's operations (issue 22): their corrections by id, the rows a rule
 * looks at, and the JSON records of a preview. Writes go through store/ledger-operations.ts (each one
 * recorded as part of an operation).
 */
import type { Db } from '../db/database';
import type { Corrections } from '../domain/ledger-operations';
import { transactionJsonSql } from './transaction-json';

export interface CorrectedRow extends Corrections {
  id: number;
  label: string;
  amount: number;
  type: string;
}

/** A transaction as a rule looks at it. */
export interface RuleCandidate extends Corrections {
  id: number;
  label: string;
  source_label: string | null;
  notes: string | null;
  amount: number;
  currency: string;
  account_id: number;
  date: number;
}

const CORRECTIONS = 'category_id, category_source, category_rule_id, user_note, tags';
const CANDIDATE_COLUMNS = `id, label, source_label, notes, amount, currency, account_id, date, ${CORRECTIONS}`;

/** The SQL test of domain/rule-prefilter.ts for `words` LIKE patterns (each bound three times: one per text). */
function prefilterSql(words: number): string {
  const texts = ['label', 'source_label', 'notes'];
  const unusual = texts.map((t) => `${t} GLOB '*[^ -~]*'`);
  const likes = Array.from({ length: words }, () => texts.map((t) => `${t} LIKE ? ESCAPE '\\'`)).flat();
  return `(${[...unusual, ...likes].join(' OR ')})`;
}

export function createLedgerRowStore(db: Db) {
  const owned = db.prepare<[string, number], CorrectedRow>(
    `SELECT t.id, t.label, t.amount, t.type, ${CORRECTIONS.replace(/(\w+)/g, 't.$1')} FROM json_each(?) j CROSS JOIN transactions t ON t.id = j.value
     WHERE t.user_id = ? ORDER BY t.id`,
  );
  const candidates = db.prepare<[number], RuleCandidate>(
    // `+user_id`: read along the primary key, in the table's order; through a user index every row would be
    // a jump to another page of the table.
    `SELECT ${CANDIDATE_COLUMNS} FROM transactions WHERE +user_id = ? AND category_source IS NOT 'USER'`,
  );
  const one = db.prepare<[number, number], RuleCandidate & { type: string }>(
    `SELECT id, label, source_label, notes, amount, currency, account_id, date, type, ${CORRECTIONS} FROM transactions
     WHERE id = ? AND user_id = ?`,
  );
  // The newest `limit` first, chosen before any JSON is built (a preview may name thousands of rows).
  const json = db.prepare<[string, number, number], string>(
    `SELECT ${transactionJsonSql('t')} FROM transactions t WHERE t.id IN (
       SELECT x.id FROM json_each(?) j CROSS JOIN transactions x ON x.id = j.value WHERE x.user_id = ?
       ORDER BY x.date DESC, x.id DESC LIMIT ?)
     ORDER BY t.date DESC, t.id DESC`,
  ).pluck();
  const accountsOwned = db.prepare<[string, number], number>(
    'SELECT count(*) FROM json_each(?) j CROSS JOIN accounts a ON a.id = j.value WHERE a.user_id = ?',
  ).pluck();
  const narrowed = new Map<number, ReturnType<typeof db.prepare<unknown[], RuleCandidate>>>();
  const narrowedBy = (words: number) => {
    let statement = narrowed.get(words);
    if (!statement) {
      statement = db.prepare<unknown[], RuleCandidate>(
        `SELECT ${CANDIDATE_COLUMNS} FROM transactions WHERE +user_id = ? AND category_source IS NOT 'USER' AND ${prefilterSql(words)}`,
      );
      narrowed.set(words, statement);
    }
    return statement;
  };
  return {
    /** The user's transactions among `ids` (others' and unknown ids are left out), by id. */
    owned: (userId: number, ids: readonly number[]): CorrectedRow[] => owned.all(JSON.stringify(ids), userId),
    /** The user's transactions whose category the person did not set themselves (what rules may re-file). */
    ruleCandidates: (userId: number): IterableIterator<RuleCandidate> => candidates.iterate(userId),
    /**
     * The same, narrowed by SQLite to the rows whose texts may contain one of `likes` (LIKE patterns of
     * domain/rule-prefilter.ts: every row a rule matches is among them).
     */
    ruleCandidatesLike: (userId: number, likes: readonly string[]): IterableIterator<RuleCandidate> =>
      narrowedBy(likes.length).iterate(...[userId, ...likes.flatMap((l) => [l, l, l])]) as IterableIterator<RuleCandidate>,
    /** One of the user's transactions as a rule looks at it, with its type. */
    candidateOf: (userId: number, id: number | null): (RuleCandidate & { type: string }) | undefined =>
      id === null ? undefined : one.get(id, userId),
    /** The JSON records (as GET /transactions/{id} gives them) of the newest `limit` of the user's transactions among `ids`. */
    jsonOf: (userId: number, ids: readonly number[], limit: number): string[] => json.all(JSON.stringify(ids), userId, limit),
    /** How many of `ids` are the user's accounts. */
    ownedAccountCount: (userId: number, ids: readonly number[]): number => accountsOwned.get(JSON.stringify(ids), userId)!,
  };
}

export type LedgerRowStore = ReturnType<typeof createLedgerRowStore>;
