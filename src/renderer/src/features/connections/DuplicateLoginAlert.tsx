import { useT } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { Alert, Button } from '../../ui';
import type { SameLogin } from './duplicate-login';

/** "This login may be already connected": open the existing connection (the way out) or add it anyway. */
export function DuplicateLoginAlert({
  sameLogin,
  bank,
  onAddAnyway,
}: {
  sameLogin: SameLogin;
  bank: string;
  onAddAnyway: () => void;
}) {
  const { t } = useT();
  return (
    <div data-testid="duplicate-login" role="alert">
      <Alert tone="warning">
        <div className="stack" style={{ gap: 8 }}>
          <strong>{t('duplicate.title')}</strong>
          <span>{t('duplicate.text', { name: sameLogin.connection.name, login: sameLogin.masked, bank })}</span>
          <div className="row row-wrap" style={{ gap: 8 }}>
            <Button
              size="sm"
              variant="primary"
              icon="external"
              data-autofocus
              onClick={() => navigate(`/connections/${encodeURIComponent(sameLogin.connection.id)}`)}
            >
              {t('duplicate.open')}
            </Button>
            <Button size="sm" onClick={onAddAnyway}>
              {t('duplicate.addAnyway')}
            </Button>
          </div>
        </div>
      </Alert>
    </div>
  );
}
