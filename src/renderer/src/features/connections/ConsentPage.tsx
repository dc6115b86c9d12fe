import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { accountsApi, type ListedAccount } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { accountKind } from '../common/account-kind';
import { dataSelectors, syncSelectors, useStore } from '../../store';
import { Alert, Badge, Button, Card, Checkbox, Loading, toast } from '../../ui';
import { accountOrigin } from '../common/account-label';
import { Amount } from '../common/Amount';
import { errorMessage } from '../common/errors';
import { BackLink } from '../layout/BackLink';
import { NotFound } from '../layout/NotFound';
import { PageHeader } from '../layout/PageHeader';
import { changesSomething, consentChange, hasConsentBox, isShared } from './account-consent';
import { useDeclined } from './consent-decisions';

/**
 * Consent per account (PSD2), in place: a box per account of the connection, ticked when it is shared; saving
 * grants the ticked accounts waiting in PENDING_CONSENT (they become ACTIVE and synchronize) and withdraws the
 * unticked shared ones, through the manage-accounts widget's own call (no page change). Below, the accounts a
 * LIST_ACCOUNTS run found NEW, which can be added with POST /accounts.
 */
export default function ConsentPage({ params }: { params: Record<string, string> }) {
  const i18n = useT();
  const { t } = i18n;
  const id = params.id;
  const connection = useStore((s) => s.connections.find((c) => c.id === id));
  const load = useStore((s) => s.connectionsLoad);
  const connectionLabel = useStore((s) => (connection ? dataSelectors.connectionLabelText(s, connection) : ''));
  const all = useStore(useShallow((s) => dataSelectors.accountsOf(s, id)));
  const listed = useStore((s) => s.listed[id]);
  const running = useStore((s) => syncSelectors.isRunning(s, id));
  const syncNow = useStore((s) => s.syncNow);
  const loadAccounts = useStore((s) => s.loadAccounts);
  const loadConnections = useStore((s) => s.loadConnections);
  const markRunning = useStore((s) => s.markRunning);
  const [adding, setAdding] = useState<string | null>(null);
  const [listing, setListing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const declined = useDeclined(id);

  // The boxes start as the accounts are (ticked = shared) and are reset only when that shared set changes
  // (sharedKey), not at each reload of the accounts list.
  const boxed = useMemo(() => all.filter((a) => hasConsentBox(a.status)), [all]);
  const sharedKey = boxed.map((a) => `${a.id}:${isShared(a.status)}`).join();
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  useEffect(() => {
    setTicked(new Set(boxed.filter((a) => isShared(a.status)).map((a) => a.id)));
  }, [sharedKey]);
  const change = consentChange(boxed, ticked);
  const dirty = changesSomething(change);

  if (!connection) {
    if (load.status === 'ready' || load.status === 'error') return <NotFound text={t('connections.notFound')} />;
    return <Loading label={t('common.loading')} />;
  }

  const save = async () => {
    // Saving is also the decision about the unticked accounts: not shared, no longer "waiting" (consent-decisions.ts).
    setSaving(true);
    setSaveError(null);
    try {
      if (!dirty) {
        toast.info(t('consentBox.nothing'));
        return;
      }
      const answer = await accountsApi.consent(id, change);
      if (answer.granted.length) markRunning(id);
      await Promise.all([loadAccounts(), loadConnections()]);
      toast.success(t('consentBox.saved'));
    } catch (err) {
      setSaveError(errorMessage(i18n, err));
    } finally {
      setSaving(false);
    }
  };

  const toggle = (accountId: string, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(accountId);
      else next.delete(accountId);
      return next;
    });

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
        back={<BackLink to={`/connections/${id}`} label={connectionLabel} />}
        title={t('consent.title')}
        subtitle={t('consent.intro')}
      />

      <Card
        title={t('consentBox.title')}
        id="pending-consent"
        actions={
          boxed.length > 1 ? (
            <Button size="sm" onClick={() => setTicked(new Set(boxed.map((a) => a.id)))}>
              {t('consentBox.selectAll')}
            </Button>
          ) : undefined
        }
      >
        {boxed.length === 0 ? (
          <p className="muted">{t('consentBox.none')}</p>
        ) : (
          <div className="stack">
            <p className="muted" style={{ margin: 0 }}>
              {t('consentBox.intro')}
            </p>
            <div className="list">
              {boxed.map((a) => (
                <div key={a.id} className="list-item" data-testid="consent-row">
                  <Checkbox
                    label={
                      <span className="stack" style={{ gap: 2 }}>
                        <span style={{ fontWeight: 550 }}>{a.name}</span>
                        <span className="faint" style={{ fontSize: 12.5 }}>
                          {[accountKind(i18n, a.type), accountOrigin(a, undefined)]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </span>
                    }
                    checked={ticked.has(a.id)}
                    onChange={(e) => toggle(a.id, e.target.checked)}
                  />
                  <span style={{ flex: 1 }} />
                  {a.status === 'PENDING_CONSENT' ? (
                    declined.has(a.id) ? (
                      <Badge tone="neutral">{t('consentBox.notShared')}</Badge>
                    ) : (
                      <Badge tone="warning">{t('accountStatus.PENDING_CONSENT')}</Badge>
                    )
                  ) : (
                    <Badge tone="success">{t('consentBox.shared')}</Badge>
                  )}
                </div>
              ))}
            </div>
            {saveError && <Alert tone="danger">{saveError}</Alert>}
            <div className="row" style={{ justifyContent: 'flex-end' }}>
              <Button variant="primary" icon="check" busy={saving} onClick={() => void save()}>
                {t('consentBox.save')}
              </Button>
            </div>
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
                    {accountKind(i18n, a.type)}
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
