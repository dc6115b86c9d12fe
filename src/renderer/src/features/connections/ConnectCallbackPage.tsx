import { useEffect, useRef, useState } from 'react';
import { KV, kv } from '../../lib/db';
import { useT } from '../../lib/i18n';
import { Link, navigate, useLocation } from '../../lib/router';
import { useStore } from '../../store';
import { Alert, Card, Loading, toast } from '../../ui';
import { completeConsent } from './consent-complete';
import { consentAnswerMessage, consentFailureMessage } from './consent-answer';
import type { PendingConnect } from './redirect-flow';

/** A problem with the bank's answer itself, already put in words for the person. */
class AnswerProblem extends Error {}

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
      const error = search.get('error');
      // The bank's refusal or failure, in words (never its bare code).
      if (error || !code) throw new AnswerProblem(consentAnswerMessage(i18n, error ?? ''));
      if (!pending || pending.state !== state) throw new AnswerProblem(t('consentAnswer.lost'));
      const id = await completeConsent(pending, code, state!);
      markRunning(id);
      await loadConnections();
      toast.success(t('add.created'));
      navigate(`/connections/${id}`, { replace: true });
    })().catch((err) => setFailure(err instanceof AnswerProblem ? err.message : consentFailureMessage(i18n, err)));
  }, [search, i18n, t, loadConnections, markRunning]);

  return (
    <div className="page" style={{ maxWidth: 640 }}>
      <Card>
        {failure ? (
          <div className="stack">
            <Alert tone="danger">{failure}</Alert>
            <div className="row">
              <Link className="btn btn-primary" to="/connections/new">
                {t('common.retry')}
              </Link>
              <Link className="btn" to="/connections">
                {t('consentAnswer.backToConnections')}
              </Link>
            </div>
          </div>
        ) : (
          <Loading label={t('connect.returning')} />
        )}
      </Card>
    </div>
  );
}
