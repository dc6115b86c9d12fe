/**
 * Transfers between a person's own accounts (an extension): two transactions moving the same money, linked
 * automatically after each synchronization (domain/transfer-detection.ts) or by hand, confirmed or unlinked
 * by hand. A linked row is neither spending nor income. A pair the person unlinked is never linked again
 * automatically; linking it by hand is still possible.
 */
import { Conflict, InvalidInput, NotFound } from '../domain/errors';
import type { PageLimit } from '../domain/list-input';
import { idString, parseId } from '../domain/record';
import type { Store } from '../store';
import type { LinkableTransaction, TransferLinkRow } from '../store/transfer-links';

export interface TransferRecord {
  id: string;
  debit_transaction_id: string;
  credit_transaction_id: string;
  confirmed: boolean;
  creation_date: number;
}

const record = (l: TransferLinkRow): TransferRecord => ({
  id: idString(l.id),
  debit_transaction_id: idString(l.debit_id),
  credit_transaction_id: idString(l.credit_id),
  confirmed: l.confirmed === 1,
  creation_date: l.creation_date,
});

type Deps = { store: Pick<Store, 'transferLinks' | 'transaction'>; now(): number };

export function createTransferService(deps: Deps) {
  const { store } = deps;
  const links = store.transferLinks;

  const owned = (userId: number, idText: string): TransferLinkRow => {
    const row = links.owned(userId, parseId(idText));
    if (!row) throw NotFound.of('transfer', idText);
    return row;
  };

  const transactionOf = (userId: number, idText: string): LinkableTransaction => {
    const row = links.transaction(userId, parseId(idText));
    if (!row) throw NotFound.of('transaction', idText);
    const link = links.ofTransaction(row.id);
    if (link) throw new Conflict(`transaction ${idText} is already linked as a transfer; unlink it first`, idString(link.id));
    return row;
  };

  return {
    list(userId: number, page: PageLimit): { records: TransferRecord[]; total: number } {
      return { records: links.page(userId, page).map(record), total: links.count(userId) };
    },
    get: (userId: number, idText: string): TransferRecord => record(owned(userId, idText)),
    /** Links two of the person's transactions by hand (confirmed): money leaving one account, arriving in another. */
    link(userId: number, idTexts: readonly [string, string]): TransferRecord {
      return store.transaction(() => {
        const [a, b] = idTexts.map((id) => transactionOf(userId, id));
        if (a.id === b.id) throw new InvalidInput('a transfer links two different transactions');
        if (a.account_id === b.account_id)
          throw new InvalidInput('both transactions are in the same account: a transfer moves money between two of your accounts');
        if (Math.sign(a.amount) * Math.sign(b.amount) !== -1)
          throw new InvalidInput('a transfer links money leaving one account (a negative amount) and money arriving in another (a positive amount)');
        const [debit, credit] = a.amount < 0 ? [a, b] : [b, a];
        const id = links.insert(userId, debit.id, credit.id, true, deps.now());
        return record(links.owned(userId, id)!);
      });
    },
    confirm(userId: number, idText: string): void {
      store.transaction(() => links.confirm(owned(userId, idText).id));
    },
    unlink(userId: number, idText: string): void {
      store.transaction(() => links.unlink(owned(userId, idText)));
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
