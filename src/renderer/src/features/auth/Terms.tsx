import { useEffect, useState } from 'react';
import { appApi } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, Card, Spinner } from '../../ui';
import { errorMessage } from '../common/errors';
import { AuthLayout } from './AuthLayout';
import { Markdown } from '../../../core/markdown/Markdown';

/** The terms of use, to accept before the app (and the API) gives access to the data. */
export function Terms() {
  const i18n = useT();
  const { t, lang } = i18n;
  const acceptTerms = useStore((s) => s.acceptTerms);
  const signOut = useStore((s) => s.signOut);
  const [terms, setTerms] = useState<{ version: number; text: string } | null | 'fallback'>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    appApi
      .terms(lang)
      .then((r) => !cancelled && setTerms(r))
      .catch(() => !cancelled && setTerms('fallback'));
    return () => {
      cancelled = true;
    };
  }, [lang]);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await acceptTerms();
    } catch (err) {
      setError(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout wide>
      <div className="stack">
        <h1>{t('terms.title')}</h1>
        <p className="muted">{t('terms.intro')}</p>
      </div>
      <Card className="stack">
        <div className="terms-text" tabIndex={0} role="document" aria-label={t('terms.title')}>
          {terms === null ? (
            <Spinner label={t('common.loading')} />
          ) : terms === 'fallback' ? (
            <p>{t('terms.fallback')}</p>
          ) : (
            <Markdown text={terms.text} />
          )}
        </div>
        {terms && terms !== 'fallback' && <p className="faint">{t('terms.version', { version: terms.version })}</p>}
        {error && <Alert tone="danger">{error}</Alert>}
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button variant="ghost" onClick={() => void signOut()}>
            {t('nav.signOut')}
          </Button>
          <Button variant="primary" icon="check" busy={busy} onClick={() => void accept()} data-autofocus>
            {t('terms.accept')}
          </Button>
        </div>
      </Card>
    </AuthLayout>
  );
}
