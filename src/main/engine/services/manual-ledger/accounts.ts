/**
 * Manual connections and their accounts (POST /manual_connections, POST and PUT /manual_accounts): a
 * connection with no channel (status NONE, never synchronized) whose accounts are MANUAL and hold what the
 * person keeps outside any bank: cash, a house, a loan, a card. Deleting one goes through DELETE
 * /accounts/{id} and DELETE /connections/{id} like any other.
 */
import { randomUUID } from 'node:crypto';
import { InvalidInput, NotFound } from '../../domain/errors';
import { checkCurrency, cleanName, MANUAL_KINDS, MANUAL_PROVIDER_ID, parseMoney, type ManualKind } from '../../domain/manual-ledger';
import { parseId } from '../../domain/record';
import type { AccountRow } from '../../store/accounts';
import type { ServiceDeps } from '../deps';

export interface ManualAccountInput {
  connection_id: string;
  name: string;
  kind: ManualKind;
  currency: string;
  /** The balance today (default 0); later manual transactions move it. */
  balance?: string | number;
}

export type ManualAccountEdit = Required<Pick<ManualAccountInput, 'name' | 'kind' | 'balance'>>;

type Deps = Pick<ServiceDeps, 'store' | 'now'>;

/** POST /manual_connections: a new manual connection of the caller; its id. */
export function createManualConnection(deps: Deps, userId: number, body: { name: string }): number {
  return deps.store.manualLedger.insertConnection(userId, MANUAL_PROVIDER_ID, cleanName(body.name), deps.now());
}

/** The caller's manual connection named by `idText`: 404 when it is not theirs, 400 when it is a bank's. */
function ownManualConnection(deps: Deps, userId: number, idText: string) {
  const connection = deps.store.connections.findOwned(userId, parseId(idText));
  if (!connection) throw NotFound.of('connection', idText);
  if (connection.provider_id !== MANUAL_PROVIDER_ID)
    throw new InvalidInput(`connection ${connection.id} is a bank's: accounts can be added by hand only to a manual connection (POST /manual_connections)`);
  if (connection.status === 'CLOSED') throw new InvalidInput(`connection ${connection.id} is closed; reopen it first`);
  return connection;
}

/** POST /manual_accounts: a MANUAL account on the caller's manual connection; its id. */
export function createManualAccount(deps: Deps, userId: number, body: ManualAccountInput): number {
  const connection = ownManualConnection(deps, userId, body.connection_id);
  const currency = checkCurrency(body.currency);
  const name = cleanName(body.name);
  const balance = parseMoney('balance', body.balance ?? 0, currency);
  return deps.store.manualLedger.insertAccount({
    connectionId: connection.id,
    userId,
    reference: `manual:${randomUUID()}`,
    name,
    currency,
    balance,
    kind: body.kind,
    type: MANUAL_KINDS[body.kind],
    now: deps.now(),
  });
}

/** PUT /manual_accounts/{id}: name, kind and the balance the person reads today. 400 for a bank's account. */
export function editManualAccount(deps: Deps, account: AccountRow, body: ManualAccountEdit): void {
  if (account.manual_kind === null)
    throw new InvalidInput(`account ${account.id} is a bank's: its balance comes from the bank. Rename it with PUT /accounts/${account.id}`);
  const name = cleanName(body.name);
  const balance = parseMoney('balance', body.balance, account.currency);
  deps.store.transaction(() =>
    deps.store.manualLedger.updateAccount({
      id: account.id,
      name,
      kind: body.kind,
      type: MANUAL_KINDS[body.kind],
      balance,
      reference: account.reference,
      currency: account.currency,
      now: deps.now(),
    }),
  );
}
