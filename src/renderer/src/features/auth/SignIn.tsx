import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, Card } from '../../ui';
import { errorMessage } from '../common/errors';
import { AuthLayout } from './AuthLayout';

/** An owner exists but this window has no session: sign in through the authorization server (PKCE). */
/** `failure`: why the last sign-in did not work, already in words. */
export function SignIn({ failure }: { failure?: string }) {
  const i18n = useT();
  const { t } = i18n;
  const startSignIn = useStore((s) => s.startSignIn);
  const authMessage = useStore((s) => s.authMessage);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const go = async () => {
    setBusy(true);
    try {
      await startSignIn();
    } catch (err) {
      setError(errorMessage(i18n, err));
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <div className="stack">
        <h1>{t('signIn.title')}</h1>
        <p className="muted">{t('signIn.intro')}</p>
      </div>
      <Card className="stack">
        {authMessage === 'expired' && <Alert tone="warning">{t('signIn.expired')}</Alert>}
        {failure && <Alert tone="danger">{failure}</Alert>}
        {error && <Alert tone="danger">{error}</Alert>}
        <Button variant="primary" icon="lock" busy={busy} onClick={() => void go()} data-autofocus>
          {t('signIn.button')}
        </Button>
      </Card>
    </AuthLayout>
  );
}
