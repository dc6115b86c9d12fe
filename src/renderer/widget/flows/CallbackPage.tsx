import { useEffect, useState } from 'react';
import { loadConnection, loadProvider } from '../lib/connections';
import { isConsentMessage, readFlow, type ConsentMessage } from '../lib/consent-flow';
import { useEnv } from '../lib/env';
import { errorText } from '../lib/errors';
import { useI18n } from '../lib/i18n';
import { readParams, type WidgetParams } from '../lib/params';
import type { Connection } from '../lib/types';
import { ErrorScreen, LoadingScreen } from '../screens/ErrorScreen';
import { CheckIcon } from '../ui/Icons';
import { Screen } from '../ui/Screen';
import { ConnectFlow, type FlowStart } from './ConnectFlow';

/**
 * Where the provider's consent page returns (top level): the flow saved before leaving goes on with the
 * code and state (a new connection, or PUT credentials for edit_credentials).
 */
export function CallbackPage() {
  const { t } = useI18n();
  const { params, finish } = useEnv();
  const [ready, setReady] = useState<{ start: FlowStart; connection?: Connection; editing: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saved = readFlow(params.consent.state);

  useEffect(() => {
    if (!saved) return;
    (async () => {
      const provider = await loadProvider(saved.providerId);
      const definition = provider.channel_definitions.find((d) => d.id === saved.definitionId);
      if (!definition) throw new Error(`channel definition ${saved.definitionId}`);
      const connection = saved.connectionId ? await loadConnection(saved.connectionId) : undefined;
      const { code, state, error: denied } = params.consent;
      setReady({
        start: { kind: 'consent', provider, definition, code, state, error: denied },
        connection,
        editing: readParams(new URL(saved.href)).page === 'edit_credentials',
      });
    })().catch((err) => setError(errorText(t, err)));
    // Read once, on arrival.
  }, []);

  if (!saved)
    return (
      <ErrorScreen message={t('redirect.lost')} onClose={() => finish({ result: 'error', error: 'consent_lost' })} />
    );
  if (error)
    return <ErrorScreen message={error} onClose={() => finish({ result: 'error', error: 'invalid_request' })} />;
  return ready ? (
    <ConnectFlow start={ready.start} connection={ready.connection} editing={ready.editing} />
  ) : (
    <LoadingScreen />
  );
}

/** The callback page in the consent popup (iframe flows): hands the answer to the widget that opened it, then closes. */
export function PopupRelay({ params }: { params: WidgetParams }) {
  const { t } = useI18n();
  useEffect(() => {
    const message: ConsentMessage = {
      type: 'coffer-widget-consent',
      state: params.consent.state,
      code: params.consent.code,
      error: params.consent.error,
    };
    if (window.opener && isConsentMessage(message)) {
      try {
        (window.opener as Window).postMessage(message, window.location.origin);
        setTimeout(() => window.close(), 100);
      } catch {
        // the opener is gone: the text below says what to do
      }
    }
  }, [params]);
  return (
    <Screen
      title={t('redirect.returned')}
      subtitle={t('redirect.closeWindow')}
      icon={<CheckIcon />}
      testId="consent-relay"
    />
  );
}
