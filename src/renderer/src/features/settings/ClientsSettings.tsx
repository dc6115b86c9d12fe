import { useState, type FormEvent } from 'react';
import { adminApi, type CreatedOAuthClient } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Alert, Badge, Button, Card, Checkbox, ConfirmDialog, Dialog, EmptyState, Loading, Table, TextField, toast } from '../../ui';
import { copyText } from '../common/copy';
import { errorMessage } from '../common/errors';
import { useAsync } from '../common/useAsync';
import { AdminError } from './AdminGate';

/** OAuth clients of this installation (admin API): create (secret shown once), list, revoke. */
export default function ClientsSettings() {
  const i18n = useT();
  const { t, day } = i18n;
  const clients = useAsync(() => adminApi.clients(), []);
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedOAuthClient | null>(null);
  // Revoking kills the client's secret for every program using it: asked first.
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);

  if (clients.loading && !clients.data) return <Loading label={t('common.loading')} />;
  if (clients.error) return <AdminError error={clients.error} onRetry={clients.reload} />;

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const client = await adminApi.createClient({
        name: name.trim(),
        redirect_uris: uris
          .split('\n')
          .map((u) => u.trim())
          .filter(Boolean),
        public: isPublic,
      });
      setCreated(client);
      setName('');
      setUris('');
      clients.reload();
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (id: string) => {
    setRevokeBusy(true);
    try {
      await adminApi.revokeClient(id);
      setRevoking(null);
      toast.success(t('settings.revoked'));
      clients.reload();
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setRevokeBusy(false);
    }
  };

  return (
    <div className="stack-lg">
      <Card title={t('settings.createClient')} id="new-client">
        <form className="stack" onSubmit={create} style={{ maxWidth: 560 }}>
          <p className="muted">{t('settings.clientsIntro')}</p>
          <TextField
            label={t('settings.clientName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={100}
          />
          <div className="field">
            <label htmlFor="client-uris">{t('settings.redirectUris')}</label>
            <textarea
              id="client-uris"
              className="input mono"
              rows={3}
              value={uris}
              onChange={(e) => setUris(e.target.value)}
              placeholder="http://127.0.0.1:8765/callback"
            />
          </div>
          <Checkbox
            label={t('settings.publicClient')}
            checked={isPublic}
            onChange={(e) => setIsPublic(e.target.checked)}
          />
          <div>
            <Button type="submit" variant="primary" icon="plus" busy={busy} disabled={!name.trim()}>
              {t('settings.createClient')}
            </Button>
          </div>
        </form>
      </Card>
      <Card title={t('settings.clients')} id="clients" flush>
        <Table
          caption={t('settings.clients')}
          rows={(clients.data ?? []).filter((c) => c.client_id !== 'coffer-app')}
          rowKey={(c) => c.client_id}
          empty={<EmptyState icon="key" title={t('settings.noClients')} />}
          columns={[
            {
              key: 'name',
              header: t('common.name'),
              render: (c) => (
                <span className="stack" style={{ gap: 2 }}>
                  <strong>{c.name}</strong>
                  <code className="faint">{c.client_id}</code>
                </span>
              ),
            },
            {
              key: 'type',
              header: t('settings.clientType'),
              render: (c) => (
                <span className="row" style={{ gap: 4 }}>
                  <Badge>{t(`clientType.${c.type}`)}</Badge>
                  {c.integrator && <Badge tone="accent">{t('settings.integrator')}</Badge>}
                </span>
              ),
            },
            { key: 'created', header: t('common.created'), render: (c) => day(c.creation_date) },
            {
              key: 'actions',
              header: <span className="sr-only">{t('common.actions')}</span>,
              align: 'right',
              render: (c) => (
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setRevoking({ id: c.client_id, name: c.name })}
                  aria-label={`${t('settings.revoke')} ${c.name}`}
                >
                  {t('settings.revoke')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('revokeClient.title', { name: revoking?.name ?? '' })}
        confirmLabel={t('settings.revoke')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        busy={revokeBusy}
        onConfirm={() => revoking && void revoke(revoking.id)}
      >
        <p>{t('revokeClient.body')}</p>
      </ConfirmDialog>
      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title={t('settings.createClient')}
        closeLabel={t('common.close')}
      >
        {created?.client_secret && <Alert tone="warning">{t('settings.clientCreated')}</Alert>}
        <dl className="kv">
          <dt>{t('settings.clientId')}</dt>
          <dd>
            <code>{created?.client_id}</code>
          </dd>
          {created?.client_secret && (
            <>
              <dt>{t('settings.clientSecret')}</dt>
              <dd className="row">
                <code style={{ overflowWrap: 'anywhere' }}>{created.client_secret}</code>
                <Button
                  size="sm"
                  icon="copy"
                  iconOnly
                  onClick={() => void copyText(created.client_secret!, t('common.copied'))}
                >
                  {t('common.copy')}
                </Button>
              </dd>
            </>
          )}
        </dl>
      </Dialog>
    </div>
  );
}
