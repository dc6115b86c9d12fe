/**
 * The end of a widget page: the result goes to redirect_uri as query parameters (result, and
 * connection_id or error) and, when the page is in an iframe, also to the parent window as a message:
 *
 *   window.parent.postMessage({ type: 'coffer-widget-result', result, connection_id?, error? }, '*')
 *
 * The message carries no secret (a result and ids the integrator's redirect_uri receives anyway), so any
 * parent origin may read it; integrators should check `event.origin` against {widget_url}'s origin.
 */
import { resultUrl } from './params';

export type ResultKind = 'success' | 'error' | 'expired';

export interface WidgetResult {
  result: ResultKind;
  connection_id?: string;
  error?: string;
}

export const inIframe = (): boolean => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
};

/** Sends the result out; true when the page navigates away (a redirect_uri is known). */
export function deliverResult(result: WidgetResult, redirectUri: string | undefined): boolean {
  const message = {
    type: 'coffer-widget-result',
    result: result.result,
    ...(result.connection_id !== undefined && { connection_id: result.connection_id }),
    ...(result.error !== undefined && { error: result.error }),
  };
  if (inIframe()) window.parent.postMessage(message, '*');
  if (!redirectUri) return false;
  window.location.assign(
    resultUrl(redirectUri, { result: result.result, connection_id: result.connection_id, error: result.error }),
  );
  return true;
}
