import { useEffect, useState } from 'react';
import { get, post, ApiError } from '../lib/api';
import { errorText } from '../lib/errors';
import { useI18n } from '../lib/i18n';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Screen } from '../ui/Screen';
import { Spinner } from '../ui/Spinner';
import { Markdown } from '../../core/markdown/Markdown';

interface TermsText {
  version: number;
  text: string;
}

/** The current terms (identity's endpoint; the public copy when the token may not read the profile) and their acceptance. */
async function loadTerms(lng: string): Promise<TermsText> {
  try {
    return await get<TermsText>('/v2/users/me/terms', { lng });
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) throw err;
    return get<TermsText>('/v2/app/terms', { lng });
  }
}

export function TermsScreen({ onAccepted, onDeclined }: { onAccepted(): void; onDeclined(): void }) {
  const { t, lng } = useI18n();
  const [terms, setTerms] = useState<TermsText | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    loadTerms(lng).then(
      (x) => live && setTerms(x),
      (err) => live && setError(errorText(t, err)),
    );
    return () => {
      live = false;
    };
  }, [lng, t]);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await post('/v2/users/me/terms', terms ? { version: terms.version } : {});
      onAccepted();
    } catch (err) {
      setError(errorText(t, err));
      setBusy(false);
    }
  };

  return (
    <Screen
      title={t('terms.title')}
      subtitle={t('terms.intro')}
      testId="terms"
      actions={
        <>
          <Button onClick={accept} busy={busy} disabled={!terms}>
            {t('terms.accept')}
          </Button>
          <Button variant="ghost" onClick={onDeclined} disabled={busy}>
            {t('terms.decline')}
          </Button>
        </>
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
      {terms ? (
        <div className="w-terms" tabIndex={0} aria-label={t('terms.title')}>
          <Markdown text={terms.text} className="w-markdown" />
        </div>
      ) : (
        !error && <Spinner label={t('app.loading')} />
      )}
    </Screen>
  );
}
