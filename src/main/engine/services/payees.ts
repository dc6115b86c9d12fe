/**
 * Payees (an extension): a display name over the bank's label, set by hand on a transaction (PUT
 * /transactions/{id} with payee_id or payee_name), listed, created, renamed, merged and deleted. The bank's
 * columns never change; a synchronization never writes a transaction's payee, so a pending row that books
 * keeps it.
 */
import { Conflict, InvalidInput, NotFound } from '../domain/errors';
import type { PageLimit } from '../domain/list-input';
import { checkPayeeMerge, foldPayeeName, normalizePayeeName } from '../domain/payees';
import { idString, parseId } from '../domain/record';
import type { Store } from '../store';
import type { ListedPayee, PayeeRow } from '../store/payees';

export interface PayeeRecord {
  id: string;
  name: string;
  transaction_count: number;
  creation_date: number;
}

/** What PUT /transactions/{id} may say of the payee: an existing one by id (null clears), or a name. */
export interface PayeeChoice {
  payee_id?: string | null;
  payee_name?: string;
}

type Deps = { store: Pick<Store, 'payees' | 'transaction'>; now(): number };

const record = (r: ListedPayee): PayeeRecord => ({ id: idString(r.id), name: r.name, transaction_count: r.transaction_count, creation_date: r.creation_date });

/**
 * The payee id a transaction edit asks for: undefined (leave it), null (clear it), or the id of the user's
 * payee given by id, or by name (the payee with that name, ignoring case and accents, else a new one).
 * Call inside the edit's transaction.
 */
export function resolvePayeeChoice(deps: Deps, userId: number, choice: PayeeChoice): number | null | undefined {
  if (choice.payee_id !== undefined && choice.payee_name !== undefined) throw new InvalidInput('give payee_id or payee_name, not both');
  if (choice.payee_id === null) return null;
  if (choice.payee_id !== undefined) {
    const row = deps.store.payees.owned(userId, parseId(choice.payee_id));
    if (!row) throw new InvalidInput(`unknown payee_id ${choice.payee_id}`);
    return row.id;
  }
  if (choice.payee_name === undefined) return undefined;
  const name = normalizePayeeName(choice.payee_name, 'payee_name');
  const folded = foldPayeeName(name);
  return deps.store.payees.idByFolded(userId, folded) ?? deps.store.payees.insert(userId, name, folded, deps.now());
}

export function createPayeeService(deps: Deps) {
  const { store } = deps;
  const payees = store.payees;

  function owned(userId: number, idText: string): PayeeRow {
    const row = payees.owned(userId, parseId(idText));
    if (!row) throw NotFound.of('payee', idText);
    return row;
  }

  function checkedName(userId: number, nameText: string, exceptId?: number) {
    const name = normalizePayeeName(nameText);
    const folded = foldPayeeName(name);
    const other = payees.idByFolded(userId, folded);
    if (other !== undefined && other !== exceptId) throw new Conflict(`you already have a payee named «${name}»`, idString(other));
    return { name, folded };
  }

  const listed = (userId: number, id: number): PayeeRecord => {
    const row = payees.owned(userId, id)!;
    return record({ ...row, transaction_count: payees.transactionCount(userId, id) });
  };

  return {
    list: (userId: number, page: PageLimit): { records: PayeeRecord[]; total: number } => ({
      records: payees.page(userId, page).map(record),
      total: payees.count(userId),
    }),
    get: (userId: number, idText: string): PayeeRecord => listed(userId, owned(userId, idText).id),
    create(userId: number, input: { name: string }): PayeeRecord {
      return store.transaction(() => {
        const { name, folded } = checkedName(userId, input.name);
        return listed(userId, payees.insert(userId, name, folded, deps.now()));
      });
    },
    /** Renames the payee: every transaction carrying it shows the new name. */
    rename(userId: number, idText: string, input: { name: string }): void {
      store.transaction(() => {
        const row = owned(userId, idText);
        const { name, folded } = checkedName(userId, input.name, row.id);
        payees.rename(row.id, name, folded);
      });
    },
    /** Its transactions take the other payee, and it goes: one database transaction. */
    merge(userId: number, idText: string, intoText: string): { moved: number; into_id: string } {
      return store.transaction(() => {
        const row = owned(userId, idText);
        const into = payees.owned(userId, parseId(intoText));
        if (!into) throw new InvalidInput(`unknown into_id ${intoText}`);
        checkPayeeMerge(row.id, into.id);
        return { moved: payees.merge(userId, row.id, into.id), into_id: idString(into.id) };
      });
    },
    /** The payee goes; its transactions show their bank label again. */
    delete(userId: number, idText: string): void {
      store.transaction(() => {
        payees.delete(userId, owned(userId, idText).id);
      });
    },
  };
}

export type PayeeService = ReturnType<typeof createPayeeService>;
