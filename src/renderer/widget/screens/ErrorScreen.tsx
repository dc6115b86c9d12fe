import { useI18n } from '../lib/i18n';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { AlertIcon } from '../ui/Icons';
import { Screen } from '../ui/Screen';

/** A page that cannot go on: the problem in words, and a way out (the error result). */
export function ErrorScreen({ message, onClose }: { message: string; onClose?: () => void }) {
  const { t } = useI18n();
  return (
    <Screen
      title={t('error.title')}
      icon={<AlertIcon />}
      tone="error"
      testId="widget-error"
      actions={onClose && <Button onClick={onClose}>{t('app.close')}</Button>}
    >
      <Alert tone="error">{message}</Alert>
    </Screen>
  );
}

export function LoadingScreen() {
  const { t } = useI18n();
  return (
    <div className="w-loading" role="status" aria-live="polite">
      <span className="w-spinner" aria-hidden="true" />
      <span>{t('app.loading')}</span>
    </div>
  );
}
