/**
 * PUT /transactions/{id}/splits (an extension): the person splits a transaction into parts, each with its
 * own category and note, that add up to its amount exactly (domain/splits.ts); an empty list removes the
 * split. A synchronization refits a split whose amount the bank changed (sync/ledger-after-results.ts).
 */
import { NotFound } from '../../domain/errors';
import { currencyExponent } from '../../domain/money';
import { parseId } from '../../domain/record';
import { parseSplits, type SplitInput } from '../../domain/splits';
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
