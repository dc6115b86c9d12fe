import type { CredentialType } from './api-values';

const HIDDEN = '********';

/**
 * The `masked_value` a channel shows for a credential (never the value): TEXT keeps two characters at each
 * end (`us****ok`), one for short values, none below four characters; passwords, tokens and any value sent
 * encrypted are fully hidden.
 */
export function maskCredential(type: CredentialType | string, value: string, encrypted = false): string {
  if (type !== 'TEXT' || encrypted) return HIDDEN;
  const chars = [...value];
  if (chars.length >= 6) return `${chars.slice(0, 2).join('')}****${chars.slice(-2).join('')}`;
  if (chars.length >= 4) return `${chars[0]}****${chars[chars.length - 1]}`;
  return '****';
}
