import { useT } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { Button, Card, EmptyState } from '../../ui';

export function NotFound({ text }: { text?: string }) {
  const { t } = useT();
  return (
    <div className="page">
      <Card>
        <EmptyState
          icon="search"
          title={t('error.notFound')}
          action={<Button onClick={() => navigate('/')}>{t('error.goHome')}</Button>}
        >
          {text ?? t('error.notFoundText')}
        </EmptyState>
      </Card>
    </div>
  );
}
