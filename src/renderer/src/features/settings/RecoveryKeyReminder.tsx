import { adminApi } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { Alert } from '../../ui';
import { useAsync } from '../common/useAsync';

/**
 * On the dashboard, from the first run on: asks the owner to write the recovery key down, until they say they
 * did (Settings → Backups). Nothing for a person who is not the owner (no admin token) or when the
 * installation cannot answer: the reminder never stands in the way of the dashboard.
 */
export function RecoveryKeyReminder() {
  const { t } = useT();
  const state = useAsync(() => adminApi.recoveryKey().catch(() => null), []);
  if (!state.data || state.data.written_down) return null;
  return (
    <div data-testid="recovery-key-reminder" style={{ marginBottom: 16 }}>
      <Alert tone="warning" action={<Link to="/settings/backups">{t('recoveryKey.reminderAction')}</Link>}>
        {t('recoveryKey.reminder')}
      </Alert>
    </div>
  );
}
