/**
 * One detection run for one person: the finder reads their booked history, each series found is stored
 * (new ones PROPOSED), and events say what the person should hear of: a new recurring payment (on an account
 * that already had some), a price change, a payment that did not come when expected. A dismissed series is kept up to date silently and is
 * never proposed again; a series already late or ended when first seen is not proposed at all.
 */
import { findRecurring, type FinderTransaction, type FoundSeries } from '../../domain/recurring/finder';
import type { EmitInput } from '../../events/emit';
import type { Store } from '../../store';
import type { DetectedFields, RecurringPaymentRow } from '../../store/recurring-payments';
import { recurringRecord } from './record';

export type RecurringEventType = 'RECURRING_PAYMENT_NEW' | 'RECURRING_PAYMENT_PRICE_CHANGE' | 'RECURRING_PAYMENT_MISSED';

export interface DetectionDeps {
  store: Pick<Store, 'recurringPayments' | 'transaction'>;
  now(): number;
  /** Writes an event to the person's queues (inside the detection's transaction). */
  emitEvent(input: EmitInput): void;
  /** The ids of the rows linked as transfers between the person's own accounts: not payments to anyone. */
  transferIds?(userId: number): ReadonlySet<number>;
}

/** Three years of history: enough for a yearly payment to be seen three times. */
const HISTORY_SECONDS = 3 * 366 * 86_400;

export interface DetectionResult {
  /** Series found (dismissed ones included). */
  found: number;
  /** Series proposed for the first time by this run. */
  proposed: number;
}

export function detectRecurring(deps: DetectionDeps, userId: number): DetectionResult {
  const now = deps.now();
  const payments = deps.store.recurringPayments;
  const transfers = deps.transferIds?.(userId);
  const history: FinderTransaction[] = payments.history(userId, now - HISTORY_SECONDS);
  const series = findRecurring(history, { today: now, ...(transfers?.size ? { exclude: (t) => transfers.has(t.id) } : {}) });
  return deps.store.transaction(() => {
    const stored = new Map(payments.all(userId).map((r) => [r.series_key, r]));
    // The first series found on an account (its first synchronization, a new bank added) are the whole
    // history proposed at once: the app shows how many wait for a review, and twenty notifications would
    // tell nothing more. New series of an account are announced once it has some.
    const knownAccounts = new Set([...stored.values()].map((r) => r.account_id));
    let proposed = 0;
    for (const s of series) {
      const fields = detectedFields(s);
      const before = stored.get(s.key);
      if (!before) {
        // A series already late or ended when first seen is not proposed: a bill that stopped is no bill to
        // follow, and two purchases a year apart that did not come back are a coincidence.
        if (s.state !== 'ACTIVE') continue;
        const id = payments.insert(userId, fields, now);
        proposed += 1;
        if (knownAccounts.has(s.account_id)) announce(deps, userId, payments.owned(userId, id)!, 'RECURRING_PAYMENT_NEW');
        continue;
      }
      payments.refresh(before.id, fields, now);
      if (before.status === 'DISMISSED') continue;
      const after = payments.owned(userId, before.id)!;
      if (fields.price_date !== null && fields.price_date !== before.price_date) announce(deps, userId, after, 'RECURRING_PAYMENT_PRICE_CHANGE');
      if (s.state !== 'ACTIVE' && before.missed_date !== s.next_date) {
        payments.setMissed(before.id, s.next_date);
        announce(deps, userId, after, 'RECURRING_PAYMENT_MISSED');
      }
    }
    return { found: series.length, proposed };
  });
}

function detectedFields(s: FoundSeries): DetectedFields {
  return {
    account_id: s.account_id,
    series_key: s.key,
    counterpart: s.counterpart,
    currency: s.currency,
    state: s.state,
    name: s.name.slice(0, 100),
    period: s.period,
    typical_amount: s.typical_amount,
    amount_min: s.amount_min,
    amount_max: s.amount_max,
    day_of_month: s.day_of_month,
    first_date: s.first_date,
    last_date: s.last_date,
    next_date: s.next_date,
    occurrences: s.occurrences,
    confidence: s.confidence,
    price_from: s.price_change?.from ?? null,
    price_to: s.price_change?.to ?? null,
    price_date: s.price_change?.date ?? null,
  };
}

/** The event carries the recurring payment beside the connection of its account. */
function announce(deps: DetectionDeps, userId: number, row: RecurringPaymentRow, eventType: RecurringEventType): void {
  const connectionId = deps.store.recurringPayments.connectionOf(row.account_id);
  if (connectionId === undefined) return;
  deps.emitEvent({ userId, connectionId, eventType, payload: { recurring_payment: recurringRecord(row) } });
}
