/**
 * A REDIRECT consent round trip leaves the page: at top level the tab itself goes to the bank and comes back
 * to {widget_url}/widget/callback, so the flow is kept in sessionStorage under the consent's `state`. In an
 * iframe the bank's page (which refuses to be framed) opens in a popup, and the callback page in that popup
 * hands the answer back to its opener with a same-origin message.
 */
export interface SavedConsentFlow {
  /** The page that started the round trip (its parameters: flags, redirect_uri, lng…). */
  href: string;
  providerId: string;
  definitionId: string;
  connectionId?: string;
}

const KEY = 'coffer-widget-consent:';

export function saveFlow(state: string, flow: SavedConsentFlow): void {
  try {
    sessionStorage.setItem(KEY + state, JSON.stringify(flow));
  } catch {
    // storage refused: the callback will say the answer could not be matched
  }
}

/** The flow saved under a consent's state (kept: the authorization code it goes with is single-use anyway). */
export function readFlow(state: string | undefined): SavedConsentFlow | null {
  if (!state) return null;
  try {
    const text = sessionStorage.getItem(KEY + state);
    if (!text) return null;
    return JSON.parse(text) as SavedConsentFlow;
  } catch {
    return null;
  }
}

export interface ConsentMessage {
  type: 'coffer-widget-consent';
  state?: string;
  code?: string;
  error?: string;
}

export const isConsentMessage = (data: unknown): data is ConsentMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'coffer-widget-consent';
