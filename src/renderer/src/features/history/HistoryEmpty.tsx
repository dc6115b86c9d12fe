import { useEffect } from 'react';
import { useT } from '../../lib/i18n';
import { navigate } from '../../lib/router';
import { EMPTY_FILTER } from '../../lib/tx-filter';
import { useStore } from '../../store';
import { Button, EmptyState } from '../../ui';

export type EmptyReason = 'loading' | 'none' | 'filtered';

/**
 * What the history says when it shows no row, with the next step for the reason: no connection yet (add one,
 * or import a statement file), connections without any transaction yet (open them), or filters that hide
 * every row (clear them).
 */
export function HistoryEmpty({ reason, total }: { reason: EmptyReason; total: number }) {
  const { t, tn } = useT();
  const connections = useStore((s) => s.connections);
  const replaceFilter = useStore((s) => s.replaceFilter);

  if (reason === 'loading') return <EmptyState icon="list" title={t('common.loading')} />;
  if (reason === 'filtered')
    return (
      <EmptyState
        icon="filter"
        title={t('hfilter.filteredTitle')}
        action={
          <Button icon="x" onClick={() => replaceFilter(EMPTY_FILTER)} data-testid="history-clear-empty">
            {t('hfilter.clear')}
          </Button>
        }
      >
        {t('hfilter.filteredText', { total: tn('history.count', total) })}
      </EmptyState>
    );
  if (connections.length > 0)
    return (
      <EmptyState
        icon="list"
        title={t('hfilter.emptyTitle')}
        action={
          <Button variant="primary" icon="link" onClick={() => navigate('/connections')}>
            {t('hfilter.openConnections')}
          </Button>
        }
      >
        {t('hfilter.emptyConnections')}
      </EmptyState>
    );
  return <NoConnectionYet />;
}

/** No connection at all: connect a bank, or import a statement file (a provider of the catalogue too). */
function NoConnectionYet() {
  const { t } = useT();
  const providers = useStore((s) => s.providers);
  const loadProviders = useStore((s) => s.loadProviders);
  useEffect(() => {
    void loadProviders();
  }, [loadProviders]);
  // The statement files' provider is the one of type DOCUMENT.
  const files = providers.find((p) => p.type === 'DOCUMENT');
  return (
    <EmptyState
      icon="list"
      title={t('hfilter.emptyTitle')}
      action={
        <div className="row" style={{ gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button variant="primary" icon="plus" onClick={() => navigate('/connections/new')}>
            {t('hfilter.addConnection')}
          </Button>
          <Button
            icon="folder"
            onClick={() =>
              navigate(files ? `/connections/new?provider=${encodeURIComponent(files.id)}` : '/connections/new')
            }
          >
            {t('hfilter.importFile')}
          </Button>
        </div>
      }
    >
      {t('hfilter.emptyNoConnection')}
    </EmptyState>
  );
}
