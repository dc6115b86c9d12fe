import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Button, EmptyState } from '../../ui';
import { errorMessage } from './errors';

/** What a screen shows when its data could not be loaded: never a crash, always a sentence and a way out. */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const i18n = useT();
  const missing = error instanceof ApiError && error.isMissingRoute;
  return (
    <EmptyState
      icon={missing ? 'clock' : 'alert'}
      tone={missing ? 'normal' : 'error'}
      title={missing ? i18n.t('error.unavailableTitle') : (title ?? i18n.t('error.loadFailed'))}
      action={
        onRetry && !missing ? (
          <Button icon="refresh" onClick={onRetry}>
            {i18n.t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      {errorMessage(i18n, error)}
    </EmptyState>
  );
}
