import { useEffect, useState } from 'react';
import { get } from '../lib/api';
import { loadProvider } from '../lib/connections';
import { useEnv } from '../lib/env';
import { errorText } from '../lib/errors';
import { useI18n } from '../lib/i18n';
import type { Provider } from '../lib/types';
import { ErrorScreen, LoadingScreen } from '../screens/ErrorScreen';
import { ConnectFlow, type FlowStart } from './ConnectFlow';

/** add_connection: the provider named by the session or the query, else the picker. */
export function AddConnectionPage() {
  const { t } = useI18n();
  const { options, finish } = useEnv();
  const [start, setStart] = useState<FlowStart | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    (async (): Promise<FlowStart> => {
      if (options.providerId) return { kind: 'provider', provider: await loadProvider(options.providerId) };
      if (options.channelDefinitionId) {
        const all = await get<Provider[]>('/v2/providers', { pagination: false });
        const owner = all.find((p) => p.channel_definitions.some((d) => d.id === options.channelDefinitionId));
        if (owner) return { kind: 'provider', provider: owner };
      }
      return { kind: 'pick' };
    })().then(setStart, (err) => setError(errorText(t, err)));
  }, [options.providerId, options.channelDefinitionId, t]);

  if (error)
    return <ErrorScreen message={error} onClose={() => finish({ result: 'error', error: 'invalid_provider' })} />;
  return start ? <ConnectFlow start={start} /> : <LoadingScreen />;
}
