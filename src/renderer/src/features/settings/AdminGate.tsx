import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Alert, Card } from '../../ui';
import { ErrorState } from '../common/ErrorState';

/** What an admin screen shows when the admin API refuses or does not exist yet. */
export function AdminError({ error, onRetry }: { error: unknown; onRetry: () => void }): ReactNode {
  const { t } = useT();
  if (
    error instanceof ApiError &&
    (error.status === 403 || (error.status === 401 && error.code !== 'terms_not_accepted'))
  ) {
    return (
      <Card>
        <Alert tone="warning">{t('settings.adminOnly')}</Alert>
      </Card>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Card>
        <Alert>{t('settings.adminUnavailable')}</Alert>
      </Card>
    );
  }
  return (
    <Card>
      <ErrorState error={error} onRetry={onRetry} />
    </Card>
  );
}
