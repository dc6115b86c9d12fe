import { ApiError } from '../../../core/api/errors';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Button, Card, EmptyState } from '../../ui';
import { AuthLayout } from '../auth/AuthLayout';
import { errorMessage } from '../common/errors';

/**
 * The engine runs but does not open its database: damaged, or missing in a data folder used before. The
 * person reads which file and the ways back (the engine's answer, in their language); nothing else of the
 * app can work until the file is replaced, so nothing else is shown.
 */
export function StorageProblem() {
  const i18n = useT();
  const problem = useStore((s) => s.storageProblem);
  const code = problem?.code ?? 'database_damaged';
  const sentence = errorMessage(i18n, new ApiError(503, code, problem?.description ?? ''));
  return (
    <AuthLayout>
      <Card>
        <EmptyState
          icon="alert"
          tone="error"
          title={i18n.t(code === 'database_missing' ? 'storage.missing.title' : 'storage.damaged.title')}
          action={<Button onClick={() => void useStore.getState().boot()}>{i18n.t('common.retry')}</Button>}
        >
          {sentence}
        </EmptyState>
      </Card>
    </AuthLayout>
  );
}
