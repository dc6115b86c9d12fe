/**
 * Recurring payments (an extension): found in the person's history after each synchronization (or on
 * request), listed, confirmed, corrected or dismissed. The finder is domain/recurring/finder.ts.
 */
import { NotFound } from '../../domain/errors';
import type { PageLimit } from '../../domain/list-input';
import { parseId } from '../../domain/record';
import { applyEdit, RECURRING_STATUSES, type RecurringEdit, type RecurringStatus } from '../../domain/recurring/edits';
import type { RecurringPaymentRow } from '../../store/recurring-payments';
import { detectRecurring, type DetectionDeps, type DetectionResult } from './detection';
import { recurringRecord, type RecurringPaymentRecord } from './record';

export type { RecurringPaymentRecord } from './record';
export type RecurringEventEmitter = DetectionDeps['emitEvent'];

/** What a list shows when no status is asked for: everything but what the person dismissed. */
const SHOWN_BY_DEFAULT: readonly RecurringStatus[] = ['PROPOSED', 'CONFIRMED'];

export function createRecurringPaymentService(deps: DetectionDeps) {
  const payments = deps.store.recurringPayments;

  function owned(userId: number, idText: string): RecurringPaymentRow {
    const row = payments.owned(userId, parseId(idText));
    if (!row) throw NotFound.of('recurring payment', idText);
    return row;
  }

  return {
    list(userId: number, statuses: readonly RecurringStatus[] | undefined, page: PageLimit): { records: RecurringPaymentRecord[]; total: number } {
      const asked = statuses?.length ? [...new Set(statuses)] : SHOWN_BY_DEFAULT;
      return { records: payments.page(userId, asked, page).map(recurringRecord), total: payments.count(userId, asked) };
    },
    get: (userId: number, idText: string): RecurringPaymentRecord => recurringRecord(owned(userId, idText)),
    edit(userId: number, idText: string, edit: RecurringEdit): RecurringPaymentRecord {
      return deps.store.transaction(() => {
        const row = owned(userId, idText);
        payments.edit(row.id, applyEdit(row, edit, row), deps.now());
        return recurringRecord(payments.owned(userId, row.id)!);
      });
    },
    detect: (userId: number): DetectionResult => detectRecurring(deps, userId),
    statuses: RECURRING_STATUSES,
  };
}

export type RecurringPaymentService = ReturnType<typeof createRecurringPaymentService>;
