import type { RateLookups } from '../domain/fx-rates';
import type { Store } from './index';

/** The rates held, as the domain's lookups see them; `userId` null: the ECB's only. */
export function rateLookups(store: Pick<Store, 'fxRates'>, userId: number | null): RateLookups {
  return {
    ecb: (currency, date) => store.fxRates.ecbOnOrBefore(currency, date),
    user: (from, to, date) => (userId === null ? undefined : store.fxRates.userOnOrBefore(userId, from, to, date)),
  };
}
