/**
 * User properties (see docs/api/records.md#properties): a flat object of string → string, at most 100 keys, values at
 * most 4 KiB.
 */
export const MAX_PROPERTIES = 100;
export const MAX_KEY_LENGTH = 256;
export const MAX_VALUE_BYTES = 4096;

/** The problem with `body` as a properties object, or null when it is fine. */
export function propertiesProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the properties must be a JSON object';
  const entries = Object.entries(body);
  if (entries.length > MAX_PROPERTIES) return `at most ${MAX_PROPERTIES} properties are allowed`;
  for (const [key, value] of entries) {
    if (key.length === 0) return 'property names must not be empty';
    if (key.length > MAX_KEY_LENGTH) return `property names must be at most ${MAX_KEY_LENGTH} characters`;
    if (typeof value !== 'string') return `property ${JSON.stringify(key)} must be a string`;
    if (Buffer.byteLength(value, 'utf8') > MAX_VALUE_BYTES) {
      return `property ${JSON.stringify(key)} is longer than ${MAX_VALUE_BYTES} bytes`;
    }
  }
  return null;
}
