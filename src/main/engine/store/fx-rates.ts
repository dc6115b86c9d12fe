/**
 * The `fx_rate_days` table (the European Central Bank's euro reference rates: per publication day, the units
 * of each currency for one euro, written ';USD=1.0565;JPY=120.83;') and `user_fx_rates` (a person's own
 * rates for a pair). Published rates are only ever added or merged into the days held: a failed or
 * malformed fetch leaves them as they were, and a currency missing from a day fetched again keeps its rate.
 */
import type { Db } from '../db/database';
import type { DatedRate } from '../domain/fx-rates';

export interface EcbRateRow {
  currency: string;
  date: string;
  rate: number;
}

/** The day's rates as stored: ';USD=1.0565;JPY=120.83;'. */
function dayText(rates: ReadonlyMap<string, number>): string {
  let text = ';';
  for (const [currency, rate] of rates) text += `${currency}=${rate};`;
  return text;
}

function dayRates(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq), Number(part.slice(eq + 1)));
  }
  return out;
}

/** Rows grouped by day, in the order they came. */
function byDay(rows: readonly EcbRateRow[]): Map<string, Map<string, number>> {
  const days = new Map<string, Map<string, number>>();
  for (const r of rows) {
    let day = days.get(r.date);
    if (!day) days.set(r.date, (day = new Map()));
    day.set(r.currency, r.rate);
  }
  return days;
}

export function createFxRateStore(db: Db) {
  // The most recent day on or before the date that has the currency (usually the first one read: a
  // currency the ECB stopped publishing, or never published, is looked for further back).
  const ecbOnOrBefore = db.prepare<[string, string], { date: string; rates: string }>(
    'SELECT date, rates FROM fx_rate_days WHERE date <= ? AND instr(rates, ?) > 0 ORDER BY date DESC LIMIT 1',
  );
  const daysBetween = db.prepare<[string, string], { date: string; rates: string }>('SELECT date, rates FROM fx_rate_days WHERE date BETWEEN ? AND ?');
  const upsertDay = db.prepare<[string, string]>(
    'INSERT INTO fx_rate_days (date, rates) VALUES (?, ?) ON CONFLICT (date) DO UPDATE SET rates = excluded.rates',
  );
  const latestEcb = db.prepare<[], string | null>('SELECT max(date) FROM fx_rate_days').pluck();
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
    ecbOnOrBefore(currency: string, date: string): DatedRate | undefined {
      const key = `;${currency}=`;
      const row = ecbOnOrBefore.get(date, key);
      if (!row) return undefined;
      const at = row.rates.indexOf(key) + key.length;
      return { date: row.date, rate: Number(row.rates.slice(at, row.rates.indexOf(';', at))) };
    },
    /** The most recent publication day held, or null when none. */
    latestEcbDate: (): string | null => latestEcb.get() ?? null,
    /** Adds published rates, merged into the days held (in one transaction: all of them or none). */
    putEcb(rows: readonly EcbRateRow[]): void {
      const days = byDay(rows);
      if (days.size === 0) return;
      const dates = [...days.keys()].sort();
      db.transaction(() => {
        for (const held of daysBetween.all(dates[0], dates[dates.length - 1])) {
          const fetched = days.get(held.date);
          if (fetched) days.set(held.date, new Map([...dayRates(held.rates), ...fetched]));
        }
        for (const [date, rates] of days) upsertDay.run(date, dayText(rates));
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
