import type { Provider } from '../../lib/api';
import type { EnableBankingApplication } from '../../lib/api/enablebanking';

/**
 * The redirect URL Coffer asks people to register in their Enable Banking application. The `.invalid` top-level
 * domain never resolves (RFC 6761), so the bank's answer (the code in the address) never reaches any server:
 * the desktop app catches the navigation before it leaves, and in a browser the person copies the address of
 * the page that failed to open.
 */
export const ENABLE_BANKING_REDIRECT_URL = 'https://coffer.invalid/enablebanking/callback';

/** Where the Control Panel is, to register the application. */
export const ENABLE_BANKING_CONTROL_PANEL = 'https://enablebanking.com/cp/applications';

/**
 * The redirect URL to send with a consent: Coffer's own when the application lists it, else the first the
 * application lists (the engine refuses any other: docs/api/enablebanking.md#consent), else Coffer's.
 */
export function enableBankingRedirectUri(application: EnableBankingApplication | null | undefined): string {
  const listed = application?.redirect_urls ?? [];
  if (listed.includes(ENABLE_BANKING_REDIRECT_URL) || listed.length === 0) return ENABLE_BANKING_REDIRECT_URL;
  return listed[0];
}

/**
 * True for the banks that come from the Enable Banking catalogue (see docs/api/enablebanking.md#catalogue): their
 * consent returns to a redirect URL registered at Enable Banking, not to the app's own /connect-callback. Told by the
 * provider's base URL (the Enable Banking API, or the emulator's when COFFER_ENABLEBANKING_URL is set) or an id the
 * connector marks.
 */
export function isEnableBankingProvider(provider: Pick<Provider, 'id' | 'base_url'> | undefined): boolean {
  if (!provider) return false;
  if (/^(enablebanking|eb)[-_:]/i.test(provider.id)) return true;
  return /enablebanking/i.test(provider.base_url ?? '');
}
