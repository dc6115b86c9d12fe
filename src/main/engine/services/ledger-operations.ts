/**
 * The person's operations (issue 22): every change of their corrections is recorded as one operation
 * (`recordOperation`), listed newest first, and undone as a whole. An undo is refused, with nothing
 * changed, when some of the operation's transactions were deleted since or changed since by another
 * change (undo that one first), or when it was undone already.
 */
import { Conflict, InvalidInput, NotFound } from '../domain/errors';
import { OPERATION_ROWS_MAX, sameCorrections, type OperationKind } from '../domain/ledger-operations';
import { idString, parseId, parseJson } from '../domain/record';
import type { Store } from '../store';
import type { ChangedRow, LedgerOperationRow } from '../store/ledger-operations';

export interface LedgerOperationRecord {
  id: string;
  kind: OperationKind;
  /** Transactions it changed. */
  transaction_count: number;
  creation_date: number;
  undone_date?: number;
  /** What the change was about: the rule, the category set, the transaction… */
  details?: Record<string, unknown>;
}

type Deps = { store: Pick<Store, 'ledgerOperations' | 'transaction'>; now(): number };

export function operationRecord(r: LedgerOperationRow): LedgerOperationRecord {
  const details = parseJson<Record<string, unknown> | null>(r.details, null);
  return {
    id: idString(r.id),
    kind: r.kind as OperationKind,
    transaction_count: r.row_count,
    creation_date: r.creation_date,
    ...(r.undone_date === null ? {} : { undone_date: r.undone_date }),
    ...(details ? { details } : {}),
  };
}

/**
 * Writes the rows that really change and records them as one operation (the caller's transaction). Returns
 * the operation, or null when nothing changed (no operation is recorded).
 */
export function recordOperation(
  deps: Deps,
  userId: number,
  kind: OperationKind,
  details: Record<string, unknown> | null,
  rows: readonly ChangedRow[],
): LedgerOperationRecord | null {
  const changed = rows.filter((r) => !sameCorrections(r.before, r.after));
  if (changed.length === 0) return null;
  if (changed.length > OPERATION_ROWS_MAX)
    throw new InvalidInput(
      `this would change ${changed.length} transactions at once, more than ${OPERATION_ROWS_MAX}; narrow it (an account, a date range) and try again`,
    );
  const id = deps.store.ledgerOperations.record(userId, kind, details, changed, deps.now());
  return operationRecord(deps.store.ledgerOperations.owned(userId, id)!);
}

export function createLedgerOperationService(deps: Deps) {
  const operations = deps.store.ledgerOperations;
  return {
    /** The user's operations, newest first (at most the last 100 are kept). */
    list: (userId: number, limit: number): LedgerOperationRecord[] => operations.recent(userId, limit).map(operationRecord),
    get(userId: number, idText: string): LedgerOperationRecord {
      const row = operations.owned(userId, parseId(idText));
      if (!row) throw NotFound.of('operation', idText);
      return operationRecord(row);
    },
    /** Undoes an operation as a whole, or refuses (Conflict) with nothing changed. */
    undo(userId: number, idText: string): LedgerOperationRecord {
      return deps.store.transaction(() => {
        const row = operations.owned(userId, parseId(idText));
        if (!row) throw NotFound.of('operation', idText);
        const id = idString(row.id);
        if (row.undone_date !== null) throw new Conflict('this change was already undone; nothing was changed', id);
        const missing = operations.missingCount(userId, row.id);
        if (missing > 0)
          throw new Conflict(
            `${missing} of the ${row.row_count} transactions this change touched were deleted since (their account was removed), ` +
              'so it can no longer be undone as a whole; nothing was changed',
            id,
          );
        const changed = operations.changedCount(row.id);
        if (changed > 0)
          throw new Conflict(
            `${changed} of the ${row.row_count} transactions this change touched were changed again since; ` +
              'undo the later change first; nothing was changed',
            id,
          );
        operations.undo(row.id, deps.now());
        return operationRecord(operations.owned(userId, row.id)!);
      });
    },
  };
}

export type LedgerOperationService = ReturnType<typeof createLedgerOperationService>;
