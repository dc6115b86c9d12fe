/**
 * PUT /transactions/{id}/splits (an extension): the person splits a transaction into parts, each with its
 * own category and note, that add up to its amount exactly (domain/splits.ts); an empty list removes the
 * split. After a synchronization, a split whose transaction the bank changed (a pending payment booked for
 * another amount) is refitted: the last part takes the difference, or the split goes when it cannot.
 */
import { NotFound } from '../../domain/errors';
import { currencyExponent } from '../../domain/money';
import { parseId } from '../../domain/record';
import { parseSplits, refitSplits, type SplitInput } from '../../domain/splits';
import type { Store } from '../../store';

type Deps = { store: Pick<Store, 'transactionSplits' | 'categories' | 'transaction'> };

export function setSplits(deps: Deps, userId: number, idText: string, splits: readonly SplitInput[]): void {
  const { store } = deps;
  store.transaction(() => {
    const row = store.transactionSplits.owned(userId, parseId(idText));
    if (!row) throw NotFound.of('transaction', idText);
    const parts =
      splits.length === 0
        ? []
        : parseSplits(splits, { amount: row.amount, currency: row.currency, exponent: currencyExponent(row.currency) }, (id) =>
            store.categories.exists(id),
          );
    store.transactionSplits.replace(row.id, parts);
  });
}

/** Refits the user's splits whose transaction's amount changed; returns how many were refitted or dropped. */
export function refitChangedSplits(deps: Deps, userId: number): number {
  const { store } = deps;
  return store.transaction(() => {
    const changed = store.transactionSplits.offTotal(userId);
    for (const { id, amount } of changed) {
      store.transactionSplits.replace(id, refitSplits(store.transactionSplits.parts(id), amount) ?? []);
    }
    return changed.length;
  });
}
