import { useEffect, useRef, useState } from 'react';
import { KV, kv } from '../../lib/db';
import { useT } from '../../lib/i18n';
import { Link, navigate, useLocation } from '../../lib/router';
import { useStore } from '../../store';
import { Alert, Card, Loading, toast } from '../../ui';
import { errorMessage } from '../common/errors';
import { completeConsent } from './consent-complete';
import type { PendingConnect } from './redirect-flow';

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
      const id = await completeConsent(pending, code, state!);
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
