import { InvalidInput } from './errors';

/** Fields GET /accounts may be sorted by. */
export const ACCOUNT_SORT_FIELDS = ['name', 'creation_date'] as const;
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number];

export interface AccountSortTerm {
  field: AccountSortField;
  descending: boolean;
}

/**
 * `sort` of GET /accounts: field names `name` and `creation_date`, comma separated, `-` for descending and
 * `+` (or nothing) for ascending; default `creation_date`. An empty item, an unknown field or a field named
 * twice is refused (InvalidInput). The store breaks ties by id so that pages never overlap.
 */
export function parseAccountSort(sort: string | undefined): AccountSortTerm[] {
  const items = (sort ?? 'creation_date').split(',').map((s) => s.trim());
  const seen = new Set<string>();
  return items.map((item) => {
    const descending = item.startsWith('-');
    const field = descending ? item.slice(1) : item.startsWith('+') ? item.slice(1) : item;
    if (!(ACCOUNT_SORT_FIELDS as readonly string[]).includes(field)) {
      throw new InvalidInput(
        item === ''
          ? 'query parameter sort has an empty item'
          : `query parameter sort: unknown field ${JSON.stringify(field.slice(0, 40))} (allowed: name, creation_date)`,
      );
    }
    if (seen.has(field)) throw new InvalidInput(`query parameter sort names ${field} twice`);
    seen.add(field);
    return { field: field as AccountSortField, descending };
  });
}
