import type { UserProfileRow, UserRow } from '../store/users';

export type { UserRow };

/** The user record of the API, built from a `users` row. */
export interface UserRecord {
  id: string;
  email: string;
  first_name?: string;
  last_name?: string;
  creation_date: number;
  gender?: string;
  birthdate?: string;
  address?: { street?: string; postcode?: string; city?: string; country?: string };
  terms_accepted_version?: number;
  terms_current_version: number;
}

export const ADDRESS_FIELDS = ['street', 'postcode', 'city', 'country'] as const;

/** Empty fields are left out (see docs/api/ids-and-times.md#omitted-fields). */
export function userRecord(row: UserProfileRow, currentTermsVersion: number): UserRecord {
  const address: NonNullable<UserRecord['address']> = {};
  for (const f of ADDRESS_FIELDS) if (row[f]) address[f] = row[f]!;
  return {
    id: String(row.id),
    email: row.email,
    ...(row.first_name && { first_name: row.first_name }),
    ...(row.last_name && { last_name: row.last_name }),
    creation_date: row.creation_date,
    ...(row.gender && { gender: row.gender }),
    ...(row.birthdate && { birthdate: row.birthdate }),
    ...(Object.keys(address).length > 0 && { address }),
    ...(row.terms_accepted_version !== null && { terms_accepted_version: row.terms_accepted_version }),
    terms_current_version: currentTermsVersion,
  };
}
