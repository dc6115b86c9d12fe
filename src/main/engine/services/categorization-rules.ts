/**
 * Categorization rules (an extension): a person's "always file «pattern» under category", narrowed by
 * conditions (amount range or sign, accounts, date range) and adding tags or a note, listed, edited,
 * ordered, and applied to new transactions by synchronizations (sync/user-filing.ts) and, on request, to
 * past ones (`apply`, one undoable operation) after a `preview`. Matching is domain/rule-matcher.ts.
 */
import { clampPosition, foldPattern, normalizePattern } from '../domain/categorization-rules';
import { Conflict, InvalidInput, NotFound } from '../domain/errors';
import { OPERATION_ROWS_MAX } from '../domain/ledger-operations';
import { customCategoryRowId } from '../domain/own-categories';
import type { PageLimit } from '../domain/list-input';
import { idString, parseId } from '../domain/record';
import { normalizeActions, normalizeConditions, type RuleActions, type RuleConditions } from '../domain/rule-conditions';
import type { Store } from '../store';
import type { CategorizationRuleRow } from '../store/categorization-rules';
import { matchableRule, type ParsedRule } from '../store/rule-records';
import { recordOperation, type LedgerOperationRecord } from './ledger-operations';
import { checkFilingCategory } from './own-categories';
import { ruleChanges } from './rule-application';

export interface CategorizationRuleRecord {
  id: string;
  pattern: string;
  category_id: string;
  position: number;
  creation_date: number;
  conditions?: RuleConditions;
  actions?: RuleActions;
}

export interface RuleInput {
  pattern: string;
  category_id: string;
  position?: number;
  conditions?: RuleConditions;
  actions?: RuleActions;
}

export interface RulePreview {
  /** Transactions the rule would change. */
  count: number;
  /** Whether it may be applied in one operation (count within `limit`). */
  applicable: boolean;
  limit: number;
  /** The first of them (up to 20), as GET /transactions/{id} gives them, newest first. */
  transactions: string[];
}

const PREVIEW_ROWS = 20;

const record = (r: CategorizationRuleRow): CategorizationRuleRecord => {
  const parsed = matchableRule(r);
  return {
    id: idString(r.id),
    pattern: r.pattern,
    category_id: r.category_id,
    position: r.position,
    creation_date: r.creation_date,
    ...(parsed.conditions ? { conditions: parsed.conditions } : {}),
    ...(parsed.actions ? { actions: parsed.actions } : {}),
  };
};

type Deps = {
  store: Pick<Store, 'categorizationRules' | 'categories' | 'ownCategories' | 'transactionEdits' | 'transaction' | 'ledgerRows' | 'ledgerOperations'>;
  now(): number;
};

export function createCategorizationRuleService(deps: Deps) {
  const { store } = deps;
  const rules = store.categorizationRules;

  function owned(userId: number, idText: string): CategorizationRuleRow {
    const row = rules.owned(userId, parseId(idText));
    if (!row) throw NotFound.of('categorization rule', idText);
    return row;
  }

  /**
   * The checked rule; Conflict when another rule of the user (not the one replaced, `except`; none for a
   * 'draft') has the same folded pattern.
   */
  function checked(userId: number, input: RuleInput, except?: CategorizationRuleRow | 'draft') {
    const exceptId = except === 'draft' ? 'draft' : except?.id;
    const pattern = normalizePattern(input.pattern);
    const folded = foldPattern(pattern);
    // A rule keeping the category it had may be saved even if the person hid that category since.
    if (except === 'draft' || input.category_id !== except?.category_id) checkFilingCategory(store, userId, input.category_id);
    const conditions = normalizeConditions(input.conditions);
    const accounts = conditions?.account_ids ?? [];
    if (accounts.some((a) => parseId(a) === null) || store.ledgerRows.ownedAccountCount(userId, accounts.map(Number)) !== accounts.length)
      throw new InvalidInput('conditions.account_ids: one of these accounts is not yours (GET /accounts lists them)');
    const actions = normalizeActions(input.actions);
    const other = rules.idByFolded(userId, folded);
    if (other !== undefined && other !== exceptId && exceptId !== 'draft')
      throw new Conflict(`another rule already has the pattern «${pattern}»`, idString(other));
    return {
      pattern,
      folded,
      category_id: input.category_id,
      conditions: conditions ? JSON.stringify(conditions) : null,
      actions: actions ? JSON.stringify(actions) : null,
    };
  }

  /** Whether a rule's category still exists: a shipped one, or one of the person's own. */
  const categoryExists = (userId: number, id: string): boolean => {
    const own = customCategoryRowId(id);
    return own === null ? store.categories.exists(id) : store.ownCategories.owned(userId, own) !== undefined;
  };
  /** The user's rules, in position order, whose category still exists. */
  const usable = (userId: number): ParsedRule[] => rules.all(userId).map(matchableRule).filter((r) => categoryExists(userId, r.category_id));

  return {
    list(userId: number, page: PageLimit): { records: CategorizationRuleRecord[]; total: number } {
      return { records: rules.page(userId, page).map(record), total: rules.count(userId) };
    },
    get: (userId: number, idText: string): CategorizationRuleRecord => record(owned(userId, idText)),
    /** A new rule at `position` (default: last). */
    create(userId: number, input: RuleInput): CategorizationRuleRecord {
      return store.transaction(() => {
        const values = checked(userId, input);
        const position = clampPosition(input.position, rules.count(userId) + 1);
        const id = rules.insert(userId, { ...values, position }, deps.now());
        return record(rules.owned(userId, id)!);
      });
    },
    /** Replaces a rule; `position` moves it (the others shift to keep 1..n). */
    replace(userId: number, idText: string, input: RuleInput & { position: number }): void {
      store.transaction(() => {
        const row = owned(userId, idText);
        const values = checked(userId, input, row);
        rules.replace(userId, row.id, row.position, { ...values, position: clampPosition(input.position, rules.count(userId)) });
      });
    },
    delete(userId: number, idText: string): void {
      store.transaction(() => {
        const row = owned(userId, idText);
        rules.delete(userId, row.id, row.position);
      });
    },
    /**
     * What applying would change, nothing written: a saved rule (`rule_id`: where it wins among the user's
     * rules) or a draft (the rule as given, alone).
     */
    preview(userId: number, input: { rule_id?: string } & Partial<RuleInput>): RulePreview {
      let changes;
      if (input.rule_id !== undefined) {
        if (Object.keys(input).length > 1) throw new InvalidInput('give either rule_id alone, or a draft rule (pattern, category_id…)');
        const only = owned(userId, input.rule_id).id;
        changes = ruleChanges(store, userId, usable(userId), only);
      } else {
        if (input.pattern === undefined || input.category_id === undefined)
          throw new InvalidInput('give rule_id (a saved rule), or pattern and category_id (a draft rule)');
        const values = checked(userId, { ...input, pattern: input.pattern, category_id: input.category_id }, 'draft');
        const draft = matchableRule({ ...values, id: 0, user_id: userId, position: 1, creation_date: deps.now() });
        changes = ruleChanges(store, userId, [draft]);
      }
      const transactions = store.ledgerRows.jsonOf(userId, changes.rows.map((r) => r.id), PREVIEW_ROWS);
      return { count: changes.count, applicable: changes.count <= OPERATION_ROWS_MAX, limit: OPERATION_ROWS_MAX, transactions };
    },
    /**
     * Files the user's past transactions by their rules (all of them, or only where `ruleIdText` is the rule
     * that wins), except those whose category the person set (category_source USER), as one operation.
     */
    apply(userId: number, ruleIdText?: string): { updated: number; operation: LedgerOperationRecord | null } {
      return store.transaction(() => {
        const only = ruleIdText === undefined ? undefined : owned(userId, ruleIdText).id;
        const changes = ruleChanges(store, userId, usable(userId), only);
        if (changes.count > OPERATION_ROWS_MAX)
          throw new InvalidInput(
            `this would re-file ${changes.count} transactions at once, more than ${OPERATION_ROWS_MAX}; narrow the rule (an account, a date range, an amount) and try again`,
          );
        const details = ruleIdText === undefined ? { rules: 'all' } : { rule_id: ruleIdText };
        const operation = recordOperation(deps, userId, 'RULE_APPLIED', details, changes.rows);
        return { updated: operation?.transaction_count ?? 0, operation };
      });
    },
  };
}

export type CategorizationRuleService = ReturnType<typeof createCategorizationRuleService>;
