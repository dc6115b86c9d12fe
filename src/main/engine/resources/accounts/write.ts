import type { ProviderAccount } from '../../connectors/types';
import type { Db } from '../../db/database';
import { currencyExponent, decimalToMinor } from '../../domain/money';
import type { AccountStatus } from '../values';
import { accountSearchText } from './search-text';

const flag = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);

function columnsOf(account: ProviderAccount) {
  const currency = account.currency.toUpperCase();
  return {
    reference: account.reference,
    name: account.name,
    currency,
    balance: decimalToMinor(account.balance, currencyExponent(currency)),
    balance_date: account.balance_date ?? null,
    iban: account.iban ?? null,
    account_number: account.account_number ?? null,
    type: account.type,
    usage: account.usage ?? 'PERSONAL',
    owner_name: account.owner?.name ?? null,
    payment_source: flag(account.payment_source),
    payment_destination: flag(account.payment_destination),
    savings: account.savings ? JSON.stringify(account.savings) : null,
    loan: account.loan ? JSON.stringify(account.loan) : null,
    search_text: accountSearchText({ ...account, currency, owner_name: account.owner?.name ?? null }),
  };
}

/**
 * Inserts an account from a connector's ProviderAccount (POST /accounts, and the synchronization engine when
 * it adds accounts), with its search text. Returns the new id.
 */
export function insertProviderAccount(
  db: Db,
  input: {
    connectionId: number;
    userId: number;
    account: ProviderAccount;
    status: AccountStatus;
    channelDefinitionId: string | undefined;
    now: number;
  },
): number {
  const info = db
    .prepare(
      `INSERT INTO accounts (connection_id, user_id, reference, name, currency, balance, balance_date, iban, account_number,
         status, type, usage, owner_name, last_channel_definition_id, payment_source, payment_destination, savings, loan,
         search_text, creation_date)
       VALUES (@connection_id, @user_id, @reference, @name, @currency, @balance, @balance_date, @iban, @account_number,
         @status, @type, @usage, @owner_name, @last_channel_definition_id, @payment_source, @payment_destination, @savings,
         @loan, @search_text, @creation_date)`,
    )
    .run({
      ...columnsOf(input.account),
      connection_id: input.connectionId,
      user_id: input.userId,
      status: input.status,
      last_channel_definition_id: input.channelDefinitionId ?? null,
      creation_date: input.now,
    });
  return Number(info.lastInsertRowid);
}

/**
 * Updates an account's provider-given fields (not its user-given name, status or link) and its search text:
 * for the synchronization engine, so that `q` keeps matching what the record shows. `keepName` false also
 * takes the provider's name.
 */
export function updateProviderAccountFields(db: Db, accountId: number, account: ProviderAccount, keepName = true): void {
  const c = columnsOf(account);
  db.prepare(
    `UPDATE accounts SET ${keepName ? '' : 'name = @name,'} currency = @currency, balance = @balance, balance_date = @balance_date,
       iban = @iban, account_number = @account_number, type = @type, usage = @usage, owner_name = @owner_name,
       payment_source = @payment_source, payment_destination = @payment_destination, savings = @savings, loan = @loan
     WHERE id = @id`,
  ).run({ ...c, id: accountId });
  const row = db
    .prepare<[number], { name: string; reference: string; currency: string; type: string; usage: string; iban: string | null; account_number: string | null; owner_name: string | null }>(
      'SELECT name, reference, currency, type, usage, iban, account_number, owner_name FROM accounts WHERE id = ?',
    )
    .get(accountId);
  if (row) db.prepare('UPDATE accounts SET search_text = ? WHERE id = ?').run(accountSearchText(row), accountId);
}
