import type { Statement } from 'better-sqlite3-multiple-ciphers';
import type { Db } from '../db/database';
import { InvalidInput } from '../domain/errors';
import { offsetOf, type PageLimit } from '../domain/list-input';
import { currencyExponent } from '../domain/money';
import { customCategoryId, customCategoryRowId } from '../domain/own-categories';
import { decimalToScaled, type DecimalText, type TransactionFilters } from '../domain/transaction-filters';
import { dbVersionReader, VersionedCache } from './db-version';
import { transactionJsonSql } from './transaction-json';

/** The WHERE clause of one filter set. */
export interface TransactionWhere {
  /** Every condition (the count and the filtered plan). */
  sql: string;
  params: unknown[];
  /** The same without the start_import_date bound, which the ordered plan replaces by the first match's import date. */
  sqlNoImport: string;
  paramsNoImport: unknown[];
  /** The index that reads rows already in the default order (import_date ASC, id DESC). */
  orderedIndex: OrderedIndex;
  /** The equalities that lead that index (user_id = ?, account_id = ?, user_id = ? AND status = ?…). */
  prefixSql: string;
  prefixParams: unknown[];
}

/**
 * Indexes that end on (import_date, id DESC), by their leading equalities: account_id; user_id and one
 * category; user_id and one status; user_id and one payee; user_id.
 */
export type OrderedIndex =
  | 'transactions_account_order'
  | 'transactions_user_category'
  | 'transactions_user_status'
  | 'transactions_user_payee'
  | 'transactions_user_order';

/**
 * How much more a row of the filtered plan costs than an index entry of the ordered plan (the row is read
 * and sorted); measured with bench/scenarios/transactions.ts.
 */
const FILTERED_ROW_COST = 3;

/** Response bodies above this size are not kept in the page cache. */
const MAX_CACHED_BODY = 512 * 1024;

/**
 * GET /transactions over SQLite (docs/api/lists.md).
 *
 * Every statement is user_id-scoped. A page is read by one of two plans:
 * - ordered: walk the index that is already in the default order (`transactions_user_order`, or
 *   `transactions_account_order` with account_id); it carries every filter column, so entries are checked
 *   without reading rows, and the walk stops after offset+limit matches. It starts at the import date of the
 *   first match (known from the count query), so matches clustered late (recent dates, one account) are
 *   reached at once.
 * - filtered: SQLite reads the most selective filter index (amount, date, category, status) and sorts the
 *   matches — for few matches.
 * The plan is picked by comparing (offset+limit)·entries/matches with matches·FILTERED_ROW_COST, from the
 * exact count that `X-Total-Count` needs anyway. Only the page's ids come out of the plan; the rows are then
 * read by id and written as one JSON text by SQLite (`transactionJsonSql`).
 *
 * Counts and page bodies are cached per filter values and database version (`VersionedCache`): they can
 * never be stale, paging through a result counts once, and a client polling an unchanged list is answered
 * from memory. Statements are prepared once per SQL shape.
 */
export class TransactionQueries {
  private readonly statements = new Map<string, Statement>();
  private readonly stats: VersionedCache<{ total: number; minImport: number | null }>;
  private readonly counts: VersionedCache<number>;
  private readonly pages: VersionedCache<Buffer>;
  private readonly responses: VersionedCache<{ json: Buffer; total: number }>;
  private readonly version: () => string;
  private readonly exponents: VersionedCache<Map<string, number>>;
  private readonly categoryTree: VersionedCache<Map<string, string[]>>;
  private readonly ownCategories: VersionedCache<Array<{ id: number; parent_id: string }>>;
  private readonly recordSql = transactionJsonSql('t');
  /** Page bodies are cached unless this is false (the benchmark measures the query path with it off). */
  pageCache = true;
  /** Forces one plan (tests compare both plans' answers); null lets the cost estimate choose. */
  forcePlan: 'ordered' | 'filtered' | null = null;

  constructor(private readonly db: Db) {
    const version = dbVersionReader(db);
    this.version = version;
    this.stats = new VersionedCache(version, 512);
    this.counts = new VersionedCache(version, 512);
    this.pages = new VersionedCache(version, 32);
    this.responses = new VersionedCache(version, 32);
    this.exponents = new VersionedCache(version, 64);
    this.categoryTree = new VersionedCache(version, 1);
    this.ownCategories = new VersionedCache(version, 64);
  }

  private statement(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
      if (this.statements.size > 500) this.statements.delete(this.statements.keys().next().value!);
    }
    return s;
  }

  private ownsAccount(userId: number, accountId: number): boolean {
    return this.statement('SELECT 1 FROM accounts WHERE id = ? AND user_id = ?').pluck().get(accountId, userId) === 1;
  }

  /** Currencies of the user's accounts and their exponents: amount filters compare in minor units. */
  private currencyExponents(userId: number): Map<string, number> {
    return this.exponents.get(String(userId), () => {
      const currencies = this.statement('SELECT DISTINCT currency FROM accounts WHERE user_id = ?').pluck().all(userId) as string[];
      return new Map(currencies.map((c) => [c, currencyExponent(c)]));
    });
  }

  /**
   * A category with its children (a parent category matches the transactions of its children, the user's
   * own categories under it included); undefined if unknown or another user's.
   */
  private categoryWithChildren(userId: number, id: string): string[] | undefined {
    const tree = this.categoryTree.get('tree', () => {
      const rows = this.statement('SELECT id, parent_id FROM categories').all() as Array<{ id: string; parent_id: string | null }>;
      const map = new Map<string, string[]>(rows.map((r) => [r.id, [r.id]]));
      for (const r of rows) if (r.parent_id) map.get(r.parent_id)?.push(r.id);
      return map;
    });
    const own = this.ownCategories.get(String(userId), () =>
      this.statement('SELECT id, parent_id FROM user_categories WHERE user_id = ?').all(userId) as Array<{ id: number; parent_id: string }>,
    );
    const shipped = tree.get(id);
    if (shipped) return [...shipped, ...own.filter((o) => shipped.includes(o.parent_id)).map((o) => customCategoryId(o.id))];
    const rowId = customCategoryRowId(id);
    return own.some((o) => o.id === rowId) ? [id] : undefined;
  }

  /** Builds the WHERE of a filter set (InvalidInput for an unknown category or an amount too precise for the currencies). */
  where(userId: number, f: TransactionFilters): TransactionWhere {
    const conds: string[] = [];
    const params: unknown[] = [];
    const byAccount = f.accountId !== undefined;
    if (byAccount) {
      // The account index has no user_id: ownership is checked once here (another user's account matches nothing).
      conds.push('account_id = ?');
      params.push(this.ownsAccount(userId, f.accountId!) ? f.accountId : -1);
    } else {
      conds.push('user_id = ?');
      params.push(userId);
    }
    const { values, include } = f.statuses;
    if (values.length === 1) conds.push(include ? 'status = ?' : 'status <> ?');
    else conds.push(`status ${include ? '' : 'NOT '}IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
    if (f.origin !== undefined) {
      conds.push('origin = ?');
      params.push(f.origin);
    }
    this.amountConditions(userId, f, conds, params);
    if (f.startDate !== undefined) {
      conds.push('date >= ?');
      params.push(f.startDate);
    }
    if (f.endDate !== undefined) {
      conds.push('date < ?');
      params.push(f.endDate);
    }
    if (f.accountType !== undefined) {
      conds.push('account_id IN (SELECT id FROM accounts WHERE user_id = ? AND type = ?)');
      params.push(userId, f.accountType);
    }
    let categories: string[] | undefined;
    if (f.categoryId !== undefined) {
      categories = this.categoryWithChildren(userId, f.categoryId);
      if (!categories) throw new InvalidInput(`query parameter category_id: unknown category ${f.categoryId}`);
      conds.push(categories.length === 1 ? 'category_id = ?' : `category_id IN (${categories.map(() => '?').join(', ')})`);
      params.push(...categories);
    }
    if (f.payeeId !== undefined) {
      conds.push('payee_id = ?');
      params.push(f.payeeId);
    }
    const sqlNoImport = conds.join(' AND ');
    const paramsNoImport = [...params];
    if (f.startImportDate !== undefined) {
      conds.push('import_date > ?');
      params.push(f.startImportDate);
    }
    // The most specific index whose leading equalities the filters give and that holds every other filter
    // column (else each entry walked would cost a row lookup): the status and category indexes only serve
    // lists filtered by nothing else.
    const others =
      f.origin !== undefined ||
      f.minAmount !== undefined ||
      f.maxAmount !== undefined ||
      f.amount !== undefined ||
      f.startDate !== undefined ||
      f.endDate !== undefined ||
      f.accountType !== undefined;
    const byPayee = f.payeeId !== undefined;
    let ordered: Pick<TransactionWhere, 'orderedIndex' | 'prefixSql' | 'prefixParams'>;
    if (byAccount) ordered = { orderedIndex: 'transactions_account_order', prefixSql: 'account_id = ?', prefixParams: [params[0]] };
    else if (categories?.length === 1 && !others && !byPayee) {
      ordered = { orderedIndex: 'transactions_user_category', prefixSql: 'user_id = ? AND category_id = ?', prefixParams: [userId, categories[0]] };
    } else if (byPayee && !others && categories === undefined) {
      ordered = { orderedIndex: 'transactions_user_payee', prefixSql: 'user_id = ? AND payee_id = ?', prefixParams: [userId, f.payeeId] };
    } else if (include && values.length === 1 && !others && categories === undefined && !byPayee) {
      ordered = { orderedIndex: 'transactions_user_status', prefixSql: 'user_id = ? AND status = ?', prefixParams: [userId, values[0]] };
    } else ordered = { orderedIndex: 'transactions_user_order', prefixSql: 'user_id = ?', prefixParams: [userId] };
    return { sql: conds.join(' AND '), params, sqlNoImport, paramsNoImport, ...ordered };
  }

  private amountConditions(userId: number, f: TransactionFilters, conds: string[], params: unknown[]): void {
    const bounds: Array<[string, DecimalText, string]> = [];
    if (f.minAmount) bounds.push(['>=', f.minAmount, 'min_amount']);
    if (f.maxAmount) bounds.push(['<=', f.maxAmount, 'max_amount']);
    if (f.amount) bounds.push(['=', f.amount, 'amount']);
    if (bounds.length === 0) return;
    const exponents = this.currencyExponents(userId);
    const distinct = [...new Set(exponents.values())];
    if (distinct.length <= 1) {
      // One minor unit for all the user's accounts (the usual case): a plain, indexable comparison.
      const e = distinct[0] ?? 2;
      for (const [op, d, name] of bounds) {
        const scaled = decimalToScaled(d, e);
        if (scaled === null) throw new InvalidInput(`query parameter ${name} has more decimals than the currency allows (${e})`);
        conds.push(`amount ${op} ?`);
        params.push(scaled);
      }
      return;
    }
    // Accounts in currencies of different minor units: every row is compared in the finest unit, exactly.
    const max = Math.max(...distinct);
    const cases: string[] = [];
    const caseParams: unknown[] = [];
    for (const e of distinct) {
      if (e === max) continue;
      const currencies = [...exponents].filter(([, x]) => x === e).map(([c]) => c);
      cases.push(`WHEN currency IN (${currencies.map(() => '?').join(', ')}) THEN amount * ${10 ** (max - e)}`);
      caseParams.push(...currencies);
    }
    const expr = `(CASE ${cases.join(' ')} ELSE amount END)`;
    for (const [op, d, name] of bounds) {
      const scaled = decimalToScaled(d, max);
      if (scaled === null) throw new InvalidInput(`query parameter ${name} has more decimals than the currencies allow (${max})`);
      conds.push(`${expr} ${op} ?`);
      params.push(...caseParams, scaled);
    }
  }

  /** Number of matches and the import date of the first one. */
  private statsOf(w: TransactionWhere, version = this.version()) {
    const sql = `SELECT count(*) AS total, min(import_date) AS minImport FROM transactions WHERE ${w.sql}`;
    return this.stats.get(
      `${sql}\u0000${w.params.join('\u0001')}`,
      () => this.statement(sql).get(...w.params) as { total: number; minImport: number | null },
      undefined,
      version,
    );
  }

  /** One page as JSON (UTF-8 bytes), and the total count. */
  list(userId: number, f: TransactionFilters, page: PageLimit): { json: Buffer; total: number } {
    const version = this.version();
    const w = this.where(userId, f);
    const { total, minImport } = this.statsOf(w, version);
    const offset = offsetOf(page);
    if (total === 0 || offset >= total || minImport === null) return { json: Buffer.from('[]'), total };
    if (!this.pageCache) return { json: this.readPage(w, total, minImport, page.limit, offset), total };
    const key = `${w.sql}\u0000${w.params.join('\u0001')}\u0000${page.limit}\u0000${offset}`;
    const json = this.pages.get(
      key,
      () => this.readPage(w, total, minImport, page.limit, offset),
      (body) => body.length <= MAX_CACHED_BODY,
      version,
    );
    return { json, total };
  }

  /**
   * `list` behind a cache keyed by the raw query string: a client polling the same URL while nothing changed
   * is answered without parsing its filters again. `parse` validates (and may throw the 400) on a miss only:
   * a query string that succeeded once is valid.
   */
  listByQueryString(
    userId: number,
    queryString: string,
    parse: () => { filters: TransactionFilters; page: PageLimit },
  ): { json: Buffer; total: number } {
    if (!this.pageCache) {
      const { filters, page } = parse();
      return this.list(userId, filters, page);
    }
    const key = `${userId}?${queryString}`;
    const version = this.version();
    const hit = this.responses.peek(key, version);
    if (hit) return hit;
    const { filters, page } = parse();
    const result = this.list(userId, filters, page);
    if (result.json.length <= MAX_CACHED_BODY) this.responses.set(key, version, result);
    return result;
  }

  /** Which plan reads a page: the cheaper by the estimate described above. */
  plan(w: TransactionWhere, total: number, minImport: number, needed: number): 'ordered' | 'filtered' {
    const entriesSql = `SELECT count(*) FROM transactions INDEXED BY ${w.orderedIndex} WHERE ${w.prefixSql} AND import_date >= ?`;
    const entries = this.counts.get(`${entriesSql}\u0000${w.prefixParams.join('\u0001')}\u0000${minImport}`, () =>
      this.statement(entriesSql).pluck().get(...w.prefixParams, minImport) as number,
    );
    const orderedCost = Math.min(entries, (needed * entries) / total);
    return orderedCost <= total * FILTERED_ROW_COST ? 'ordered' : 'filtered';
  }

  /**
   * The page as UTF-8 bytes: SQLite hands the text over as a BLOB, so a 500-row page becomes a Buffer outside
   * the JavaScript heap (no large string for the garbage collector) that goes to the socket as is.
   */
  private readPage(w: TransactionWhere, total: number, minImport: number, limit: number, offset: number): Buffer {
    const plan = this.forcePlan ?? this.plan(w, total, minImport, limit + offset);
    let inner: string;
    let params: unknown[];
    if (plan === 'ordered') {
      // Every match has import_date >= minImport (and > start_import_date): this bound replaces that filter.
      inner = `SELECT id FROM transactions INDEXED BY ${w.orderedIndex} WHERE ${w.sqlNoImport} AND import_date >= ? ORDER BY import_date, id DESC LIMIT ? OFFSET ?`;
      params = [...w.paramsNoImport, minImport, limit, offset];
    } else {
      // "+import_date" keeps SQLite off the ordered index: it reads a filter index and sorts the few matches.
      inner = `SELECT id FROM transactions WHERE ${w.sql} ORDER BY +import_date, id DESC LIMIT ? OFFSET ?`;
      params = [...w.params, limit, offset];
    }
    const sql =
      `SELECT CAST('[' || coalesce(group_concat(${this.recordSql}, ',' ORDER BY t.import_date, t.id DESC), '') || ']' AS BLOB) ` +
      `FROM (${inner}) AS p JOIN transactions AS t ON t.id = p.id`;
    return this.statement(sql).pluck().get(...params) as Buffer;
  }

  /** GET /transactions/{id}: the caller's transaction (whatever its status) as JSON text, or undefined. */
  getJson(userId: number, id: number): string | undefined {
    return this.statement(`SELECT ${this.recordSql} FROM transactions AS t WHERE t.id = ? AND t.user_id = ?`).pluck().get(id, userId) as
      | string
      | undefined;
  }
}

/** The transaction queries of one database (one per engine: their caches are per instance). */
export function createTransactionQueries(db: Db): TransactionQueries {
  return new TransactionQueries(db);
}
