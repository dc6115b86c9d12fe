import { useEffect, useRef, useState } from 'react';
import { connectionsApi, providersApi, type ChannelDefinition } from '../../lib/api';
import { KV, kv } from '../../lib/db';
import { useT } from '../../lib/i18n';
import { Link, navigate, useLocation } from '../../lib/router';
import { useStore } from '../../store';
import { Alert, Card, Loading, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import type { PendingConnect } from './redirect-flow';

function credentialId(def: ChannelDefinition | undefined, type: 'AUTHORIZATION_CODE' | 'STATE'): string {
  return def?.credentials.find((c) => c.type === type)?.id ?? type;
}

/** `/connect-callback?code=…&state=…`: back from the bank's consent page (REDIRECT channel). */
export default function ConnectCallbackPage() {
  const i18n = useT();
  const { t } = i18n;
  const { search } = useLocation();
  const loadConnections = useStore((s) => s.loadConnections);
  const markRunning = useStore((s) => s.markRunning);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      const pending = await kv.get<PendingConnect>(KV.pendingConnect);
      await kv.remove(KV.pendingConnect);
      const code = search.get('code');
      const state = search.get('state');
      if (search.get('error') || !code)
        throw new Error(search.get('error_description') ?? search.get('error') ?? 'no code');
      if (!pending || pending.state !== state) throw new Error('state mismatch');
      const provider = await providersApi.get(pending.providerId);
      const def = provider.channel_definitions.find((c) => c.id === pending.channelDefinitionId);
      const credentials = [
        { id: credentialId(def, 'AUTHORIZATION_CODE'), value: code },
        { id: credentialId(def, 'STATE'), value: state! },
      ];
      let id = pending.connectionId;
      if (id) {
        await connectionsApi.updateCredentials(id, { channel_definition_id: pending.channelDefinitionId, credentials });
      } else {
        const created = await connectionsApi.create({
          provider_id: pending.providerId,
          channel_definition_id: pending.channelDefinitionId,
          credentials,
          name: pending.name,
          auto_sync: pending.autoSync,
          consent_per_account: pending.consentPerAccount,
        });
        id = created.id;
      }
      markRunning(id);
      await loadConnections();
      toast.success(t('add.created'));
      navigate(`/connections/${id}`, { replace: true });
    })().catch((err) => setFailure(err instanceof Error && !('status' in err) ? err.message : errorMessage(i18n, err)));
  }, [search, i18n, t, loadConnections, markRunning]);

  return (
    <div className="page" style={{ maxWidth: 640 }}>
      <Card>
        {failure ? (
          <div className="stack">
            <Alert tone="danger">{t('connect.failed', { message: failure })}</Alert>
            <Link to="/connections/new">{t('common.retry')}</Link>
          </div>
        ) : (
          <Loading label={t('connect.returning')} />
        )}
      </Card>
    </div>
  );
}
