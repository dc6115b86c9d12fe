import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { accountsApi, ApiError, widgetApi, type ListedAccount } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { useLocation } from '../../lib/router';
import { dataSelectors, sessionSelectors, syncSelectors, useStore } from '../../store';
import { Alert, Badge, Button, Card, Loading, toast } from '../../ui';
import { Amount } from '../common/Amount';
import { errorMessage } from '../common/errors';
import { BackLink } from '../layout/BackLink';
import { NotFound } from '../layout/NotFound';
import { PageHeader } from '../layout/PageHeader';

/**
 * Consent per account (PSD2): the accounts waiting in PENDING_CONSENT, a link to the hosted manage_accounts
 * page, and the accounts a LIST_ACCOUNTS run found NEW, which can be added with POST /accounts.
 */
export default function ConsentPage({ params }: { params: Record<string, string> }) {
  const i18n = useT();
  const { t } = i18n;
  const id = params.id;
  const { search } = useLocation();
  const connection = useStore((s) => s.connections.find((c) => c.id === id));
  const load = useStore((s) => s.connectionsLoad);
  const pending = useStore(useShallow((s) => dataSelectors.pendingConsent(s, id)));
  const listed = useStore((s) => s.listed[id]);
  const running = useStore((s) => syncSelectors.isRunning(s, id));
  const widgetUrl = useStore(sessionSelectors.widgetUrl);
  const syncNow = useStore((s) => s.syncNow);
  const loadAccounts = useStore((s) => s.loadAccounts);
  const [widgetBusy, setWidgetBusy] = useState(false);
  const [widgetMissing, setWidgetMissing] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const [listing, setListing] = useState(false);

  useEffect(() => {
    // Back from the widget: its result comes as ?result=…
    if (search.get('result')) void loadAccounts();
  }, [search, loadAccounts]);

  if (!connection) {
    if (load.status === 'ready' || load.status === 'error') return <NotFound text={t('connections.notFound')} />;
    return <Loading label={t('common.loading')} />;
  }

  const openWidget = async () => {
    setWidgetBusy(true);
    try {
      const token = await useStore.getState().accessToken();
      const redirect = `${window.location.origin}/connections/${encodeURIComponent(id)}/consent`;
      const session = await widgetApi.session(token ?? '', { redirect_uri: redirect });
      const link =
        session._links?.manage_accounts ??
        `${widgetUrl}/widget/manage_accounts?session_id=${encodeURIComponent(session.session_id)}`;
      const sep = link.includes('?') ? '&' : '?';
      window.location.assign(`${link}${sep}connection_id=${encodeURIComponent(id)}&lng=${i18n.lang}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setWidgetMissing(true);
      else toast.error(errorMessage(i18n, err));
      setWidgetBusy(false);
    }
  };

  const add = async (account: ListedAccount) => {
    setAdding(account.reference);
    try {
      await accountsApi.add(id, account.reference);
      toast.success(t('consent.added'));
      useStore.setState((s) => ({
        listed: {
          ...s.listed,
          [id]: (s.listed[id] ?? []).map((a) =>
            a.reference === account.reference ? { ...a, status: 'PRESENT' as const } : a,
          ),
        },
      }));
      await loadAccounts();
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setAdding(null);
    }
  };

  const listAccounts = async () => {
    setListing(true);
    try {
      await syncNow(id, 'LIST_ACCOUNTS');
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setListing(false);
    }
  };

  // NEW in the last list, and not already here (accounts listed NEW may since have been added, e.g. waiting for consent).
  const known = useStore.getState().accounts.filter((a) => a.connection_id === id);
  const newAccounts = (listed ?? []).filter(
    (l) =>
      l.status === 'NEW' &&
      !known.some((a) =>
        a.reference !== undefined
          ? a.reference === l.reference
          : a.name === l.name && a.type === l.type && (a.account_number ?? '') === (l.account_number ?? ''),
      ),
  );

  return (
    <div className="page" style={{ maxWidth: 860 }}>
      <PageHeader
        back={<BackLink to={`/connections/${id}`} label={connection.name} />}
        title={t('consent.title')}
        subtitle={t('consent.intro')}
      />

      <Card
        title={t('consent.pending')}
        id="pending-consent"
        actions={
          <Button variant="primary" icon="external" busy={widgetBusy} onClick={() => void openWidget()}>
            {t('consent.openWidget')}
          </Button>
        }
      >
        {widgetMissing && <Alert tone="warning">{t('consent.widgetUnavailable')}</Alert>}
        {pending.length === 0 ? (
          <p className="muted">{t('consent.none')}</p>
        ) : (
          <div className="list">
            {pending.map((a) => (
              <div key={a.id} className="list-item">
                <div style={{ flex: 1 }}>
                  <div style={{ fontWeight: 550 }}>{a.name}</div>
                  <div className="faint" style={{ fontSize: 12.5 }}>
                    {t(`accountType.${a.type}` as MessageKey)}
                    {a.iban ? ` · ${a.iban}` : ''}
                  </div>
                </div>
                <Badge tone="warning">{t('accountStatus.PENDING_CONSENT')}</Badge>
              </div>
            ))}
          </div>
        )}
      </Card>

      <Card
        title={t('consent.newAccounts')}
        id="new-accounts"
        actions={
          <Button icon="search" busy={listing || running} onClick={() => void listAccounts()}>
            {t('consent.listAccounts')}
          </Button>
        }
      >
        {running ? (
          <p className="muted">{t('consent.listing')}</p>
        ) : newAccounts.length === 0 ? (
          <p className="muted">{t('consent.noNew')}</p>
        ) : (
          <div className="list">
            {newAccounts.map((a) => (
              <div key={a.reference} className="list-item">
                <div style={{ flex: 1 }}>
                  <div style={{ fontWeight: 550 }}>{a.name}</div>
                  <div className="faint" style={{ fontSize: 12.5 }}>
                    {t(`accountType.${a.type}` as MessageKey)}
                    {a.account_number ? ` · ${a.account_number}` : ''}
                  </div>
                </div>
                {a.balance !== undefined && <Amount value={a.balance} currency={a.currency} />}
                <Button size="sm" icon="plus" busy={adding === a.reference} onClick={() => void add(a)}>
                  {t('consent.addAccount')}
                </Button>
              </div>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
