/**
 * The `fx_rates` table (the European Central Bank's euro reference rates, units of a currency for one euro
 * per publication day) and `user_fx_rates` (a person's own rates for a pair). Rates are only ever added or
 * replaced by a fetch: a failed or malformed one leaves them as they were.
 */
import type { Db } from '../db/database';
import type { DatedRate } from '../domain/fx-rates';

export interface EcbRateRow {
  currency: string;
  date: string;
  rate: number;
}

export function createFxRateStore(db: Db) {
  const ecbOnOrBefore = db.prepare<[string, string], DatedRate>(
    'SELECT rate, date FROM fx_rates WHERE currency = ? AND date <= ? ORDER BY date DESC LIMIT 1',
  );
  const upsertEcb = db.prepare<[string, string, number]>(
    'INSERT INTO fx_rates (currency, date, rate) VALUES (?, ?, ?) ON CONFLICT (currency, date) DO UPDATE SET rate = excluded.rate',
  );
  const latestEcb = db.prepare<[], string | null>('SELECT max(date) FROM fx_rates').pluck();
  const userOnOrBefore = db.prepare<[number, string, string, string], DatedRate>(
    'SELECT rate, date FROM user_fx_rates WHERE user_id = ? AND from_currency = ? AND to_currency = ? AND date <= ? ORDER BY date DESC LIMIT 1',
  );
  const upsertUser = db.prepare<[number, string, string, string, number]>(
    `INSERT INTO user_fx_rates (user_id, from_currency, to_currency, date, rate) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, from_currency, to_currency, date) DO UPDATE SET rate = excluded.rate`,
  );
  const deleteUser = db.prepare<[number, string, string, string]>(
    'DELETE FROM user_fx_rates WHERE user_id = ? AND from_currency = ? AND to_currency = ? AND date = ?',
  );

  return {
    /** The ECB's most recent rate of `currency` on or before `date`. */
    ecbOnOrBefore: (currency: string, date: string): DatedRate | undefined => ecbOnOrBefore.get(currency, date),
    /** The most recent publication day held, or null when none. */
    latestEcbDate: (): string | null => latestEcb.get() ?? null,
    /** Adds or replaces published rates (in one transaction: all of them or none). */
    putEcb(rows: readonly EcbRateRow[]): void {
      db.transaction(() => {
        for (const r of rows) upsertEcb.run(r.currency, r.date, r.rate);
      }).immediate();
    },
    /** The person's most recent rate from → to on or before `date`, given in that direction or the other (inverted). */
    userOnOrBefore(userId: number, from: string, to: string, date: string): DatedRate | undefined {
      const direct = userOnOrBefore.get(userId, from, to, date);
      const inverse = userOnOrBefore.get(userId, to, from, date);
      if (inverse && (!direct || inverse.date > direct.date)) return { rate: 1 / inverse.rate, date: inverse.date };
      return direct;
    },
    /** Sets the person's rate for a pair on a day; a rate of the inverse pair that day gives way to it. */
    putUser(userId: number, from: string, to: string, date: string, rate: number): void {
      db.transaction(() => {
        deleteUser.run(userId, to, from, date);
        upsertUser.run(userId, from, to, date, rate);
      }).immediate();
    },
    /** Removes the person's rate for the pair (either direction) on that day; false when there was none. */
    deleteUser(userId: number, from: string, to: string, date: string): boolean {
      return db.transaction(() => deleteUser.run(userId, from, to, date).changes + deleteUser.run(userId, to, from, date).changes > 0).immediate();
    },
  };
}

export type FxRateStore = ReturnType<typeof createFxRateStore>;
