import { useEffect, useRef, useState } from 'react';
import { post } from '../lib/api';
import { randomState } from '../lib/connections';
import { isConsentMessage, saveFlow } from '../lib/consent-flow';
import { useEnv } from '../lib/env';
import { errorText } from '../lib/errors';
import { useI18n } from '../lib/i18n';
import { inIframe } from '../lib/result';
import type { AuthorizeUrl, ChannelDefinition, Provider } from '../lib/types';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { ProviderLogo } from '../ui/ProviderLogo';
import { Screen } from '../ui/Screen';
import { Spinner } from '../ui/Spinner';

const POPUP_FEATURES = 'popup,width=520,height=720';

/**
 * The REDIRECT channel's consent (the user authorizes on the bank's own page): authorize_url with a callback page of the widget as redirect_uri, the
 * user answers on the bank's page, the code and state come back. At top level the tab goes there and back
 * (the flow continues in the callback page); in an iframe the bank's page opens in a popup.
 */
export function RedirectStep(props: {
  provider: Provider;
  definition: ChannelDefinition;
  connectionId?: string;
  renew?: boolean;
  error?: string | null;
  onCode(answer: { code: string; state: string }): void;
  onDenied(error: string): void;
  onBack?: () => void;
}) {
  const { t, lng } = useI18n();
  const { params } = useEnv();
  const [phase, setPhase] = useState<'intro' | 'opening' | 'waiting' | 'blocked'>('intro');
  const [error, setError] = useState<string | null>(props.error ?? null);
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const expected = useRef<string | null>(null);
  const popup = useRef<Window | null>(null);
  const { onCode, onDenied } = props;

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (
        e.origin !== window.location.origin ||
        !isConsentMessage(e.data) ||
        !expected.current ||
        e.data.state !== expected.current
      )
        return;
      expected.current = null;
      if (e.data.code) onCode({ code: e.data.code, state: e.data.state! });
      else onDenied(e.data.error ?? 'access_denied');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onCode, onDenied]);

  // The user closed the bank's window without answering: back to the start of this step.
  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setInterval(() => {
      if (popup.current?.closed && expected.current) {
        expected.current = null;
        setPhase('intro');
      }
    }, 800);
    return () => clearInterval(timer);
  }, [phase]);

  const go = async () => {
    setError(null);
    const state = randomState();
    const usePopup = inIframe();
    // Opened now, while the click still counts as a user gesture; its address is set once known.
    if (usePopup) popup.current = window.open('', 'coffer-consent', POPUP_FEATURES);
    setPhase('opening');
    const callback = new URL(`${window.location.origin}${params.base}/widget/callback`);
    callback.searchParams.set('session_id', params.sessionId);
    callback.searchParams.set('lng', lng);
    if (usePopup) callback.searchParams.set('popup', '1');
    try {
      const { data } = await post<AuthorizeUrl>(
        `/v2/providers/${encodeURIComponent(props.provider.id)}/channel_definitions/${encodeURIComponent(props.definition.id)}/authorize_url`,
        { redirect_uri: callback.toString(), state, ...(props.connectionId && { connection_id: props.connectionId }) },
      );
      if (!usePopup) {
        saveFlow(state, {
          href: window.location.href,
          providerId: props.provider.id,
          definitionId: props.definition.id,
          connectionId: props.connectionId,
        });
        window.location.assign(data.url);
        return;
      }
      expected.current = state;
      if (popup.current && !popup.current.closed) {
        popup.current.location.href = data.url;
        setPhase('waiting');
      } else {
        setManualUrl(data.url);
        setPhase('blocked');
      }
    } catch (err) {
      popup.current?.close();
      setError(errorText(t, err));
      setPhase('intro');
    }
  };

  const openManually = () => {
    if (!manualUrl) return;
    popup.current = window.open(manualUrl, 'coffer-consent', POPUP_FEATURES);
    if (popup.current) setPhase('waiting');
  };

  const title = t(props.renew ? 'redirect.renewTitle' : 'redirect.title', { bank: props.provider.name });
  return (
    <Screen
      title={title}
      subtitle={t('redirect.body')}
      icon={<ProviderLogo name={props.provider.name} url={props.provider.logo_url} size={44} />}
      testId="redirect-step"
    >
      {error && (
        <Alert tone="error" testId="redirect-error">
          {error}
        </Alert>
      )}
      {phase === 'waiting' && (
        <div className="w-waiting" role="status">
          <Spinner /> <span>{t('redirect.waiting')}</span>
        </div>
      )}
      {phase === 'opening' && (
        <div className="w-waiting" role="status">
          <Spinner /> <span>{t('redirect.opening')}</span>
        </div>
      )}
      {phase === 'blocked' && <Alert tone="warning">{t('redirect.blocked')}</Alert>}
      <div className="w-actions">
        {phase === 'blocked' ? (
          <Button onClick={openManually}>{t('redirect.openManually')}</Button>
        ) : (
          <Button onClick={go} busy={phase === 'opening'} disabled={phase === 'waiting'}>
            {t('redirect.go', { bank: props.provider.name })}
          </Button>
        )}
        {props.onBack && phase === 'intro' && (
          <Button variant="ghost" onClick={props.onBack}>
            {t('app.back')}
          </Button>
        )}
      </div>
    </Screen>
  );
}
