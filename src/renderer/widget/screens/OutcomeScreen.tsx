import { hasText, useI18n } from '../lib/i18n';
import { outcomeOf } from '../lib/status';
import type { Provider } from '../lib/types';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { AlertIcon } from '../ui/Icons';
import { Screen } from '../ui/Screen';

/** A synchronization that did not succeed, said in words; the user fixes it here when it can be fixed. */
export function OutcomeScreen(props: { provider: Provider; status: string; onRetry?: () => void; onClose(): void }) {
  const { t } = useI18n();
  const key = `status.${props.status}`;
  const text = hasText(key) ? t(key) : t('status.other', { status: props.status });
  const fixable = outcomeOf(props.status) === 'fixable' && props.onRetry;
  return (
    <Screen
      title={t('outcome.title')}
      icon={<AlertIcon />}
      tone="error"
      testId="sync-outcome"
      actions={
        <>
          {fixable && <Button onClick={props.onRetry}>{t('app.retry')}</Button>}
          <Button variant={fixable ? 'ghost' : 'primary'} onClick={props.onClose}>
            {t('app.close')}
          </Button>
        </>
      }
    >
      <Alert tone="error" testId="sync-error">
        {text}
      </Alert>
    </Screen>
  );
}
