/** Ids are INTEGER rowids served as decimal strings (see docs/api/ids-and-times.md#ids). */
export const idString = (id: number | bigint) => String(id);

/**
 * Parses an id from a path or a body. Ids are opaque to clients, so a value that is not one of ours is
 * simply not found: returns null instead of failing.
 */
export function parseId(text: string | number | undefined | null): number | null {
  if (typeof text === 'number') return Number.isSafeInteger(text) && text > 0 ? text : null;
  if (typeof text !== 'string' || !/^[1-9]\d{0,15}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

/** Parses a JSON column, tolerating NULL and garbage (a record must still be served). */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * Removes null and undefined members, recursively in plain objects (omitted, never null: see
 * docs/api/ids-and-times.md#omitted-fields).
 */
export function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === null || v === undefined) continue;
      out[k] = withoutNulls(v);
    }
    return out as T;
  }
  return value;
}
