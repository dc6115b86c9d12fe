import type { Provider } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { EmptyState, Icon } from '../../ui';
import './add-connection.css';
import { isEnableBankingProvider } from './enablebanking';

/** Enable Banking is set up when its banks are in the catalogue (the engine lists them only then). */
export const enableBankingListed = (providers: readonly Provider[]): boolean =>
  providers.some((p) => isEnableBankingProvider(p));

function SetUpLink({ primary = false }: { primary?: boolean }) {
  const { t } = useT();
  return (
    <Link to="/settings/enablebanking" className={`btn${primary ? ' btn-primary' : ''}`}>
      <Icon name="settings" size={16} />
      {t('add.ebSetUp')}
    </Link>
  );
}

/**
 * While Enable Banking is not set up, the European banks it reaches are not in the list: a search that finds
 * nothing says so, with the way to its settings, instead of a bare "no match" (`noMatch`); under a list that
 * did match, a short note with the same way.
 */
export function EnableBankingOffer({ noMatch }: { noMatch: string | null }) {
  const { t } = useT();
  if (noMatch !== null)
    return (
      <div data-testid="enablebanking-offer">
        <EmptyState icon="search" title={noMatch} action={<SetUpLink primary />}>
          {t('add.ebNoMatch')}
        </EmptyState>
      </div>
    );
  return (
    <div className="row row-wrap eb-offer" data-testid="enablebanking-offer">
      <span style={{ flex: 1, minWidth: 240 }}>
        <strong style={{ display: 'block' }}>{t('add.ebOfferTitle')}</strong>
        <span className="muted" style={{ fontSize: 13 }}>
          {t('add.ebOffer')}
        </span>
      </span>
      <SetUpLink />
    </div>
  );
}
