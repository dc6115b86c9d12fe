import { useEffect, useState } from 'react';
import { loadConnection, loadConnectionLabel, loadProvider } from '../lib/connections';
import { useEnv } from '../lib/env';
import { errorText } from '../lib/errors';
import { formatDate, useI18n } from '../lib/i18n';
import { outcomeOf } from '../lib/status';
import type { ChannelDefinition, Connection, Provider } from '../lib/types';
import { ErrorScreen, LoadingScreen } from '../screens/ErrorScreen';
import { Button } from '../ui/Button';
import { ProviderLogo } from '../ui/ProviderLogo';
import { Screen } from '../ui/Screen';
import { ConnectFlow } from './ConnectFlow';

/** edit_credentials: update a channel's credentials, renew a REDIRECT consent, or add a channel (PUT credentials). */
export function EditCredentialsPage() {
  const { t, lng } = useI18n();
  const { params, finish } = useEnv();
  const [data, setData] = useState<{ connection: Connection; provider: Provider; label: string } | null>(null);
  const [chosen, setChosen] = useState<ChannelDefinition | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    (async () => {
      const connection = await loadConnection(params.connectionId!);
      const [provider, label] = await Promise.all([loadProvider(connection.provider_id), loadConnectionLabel(connection)]);
      // Only the query's channel_definition_id opens a channel directly (the session's is add_connection's default).
      const named = provider.channel_definitions.find(
        (d) => d.id === params.overrides.channel_definition_id && !d.unavailable,
      );
      if (named) setChosen(named);
      setData({ connection, provider, label });
    })().catch((err) => setError(errorText(t, err)));
  }, [params.connectionId, params.overrides.channel_definition_id, t]);

  if (error)
    return <ErrorScreen message={error} onClose={() => finish({ result: 'error', error: 'connection_not_found' })} />;
  if (!data) return <LoadingScreen />;
  const { connection, provider, label } = data;
  if (chosen)
    return <ConnectFlow start={{ kind: 'definition', provider, definition: chosen }} connection={connection} editing />;

  return (
    <Screen
      title={t('edit.title', { connection: label })}
      subtitle={t('edit.subtitle')}
      icon={<ProviderLogo name={provider.name} url={provider.logo_url} size={44} />}
      testId="edit-overview"
      actions={
        <Button
          variant="ghost"
          onClick={() => finish({ result: 'error', error: 'cancelled', connection_id: connection.id })}
        >
          {t('app.close')}
        </Button>
      }
    >
      <ul className="w-channels">
        {provider.channel_definitions
          .filter((d) => !d.unavailable)
          .map((d) => {
            const channel = connection.channels.find((c) => c.channel_definition_id === d.id && c.status !== 'EMPTY');
            const state = !channel
              ? t('edit.notAdded')
              : channel.status === 'RUNNING'
                ? t('channelStatus.running')
                : outcomeOf(channel.status) === 'success'
                  ? t('channelStatus.ok')
                  : t('channelStatus.error');
            return (
              <li key={d.id} className="w-channel">
                <span className="w-channel-text">
                  <span className="w-channel-title">
                    {t(d.mode === 'REDIRECT' ? 'mode.REDIRECT' : 'mode.EMBEDDED')}
                  </span>
                  <span
                    className={`w-channel-state${channel && outcomeOf(channel.status) !== 'success' && channel.status !== 'RUNNING' ? ' w-channel-bad' : ''}`}
                  >
                    {state}
                    {channel?.last_success_date
                      ? ` · ${t('edit.lastSync', { date: formatDate(lng, channel.last_success_date) })}`
                      : ''}
                  </span>
                </span>
                <Button variant="secondary" onClick={() => setChosen(d)}>
                  {!channel ? t('edit.add') : d.mode === 'REDIRECT' ? t('edit.renew') : t('edit.update')}
                </Button>
              </li>
            );
          })}
      </ul>
    </Screen>
  );
}
