import { useEffect, useState, type FormEvent } from 'react';
import { adminApi, ApiError, signKeysApi } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, Loading, Table, TextField, toast } from '../../ui';
import { copyText } from '../common/copy';
import { errorMessage } from '../common/errors';
import { useAsync } from '../common/useAsync';
import { AdminError } from './AdminGate';

/** The installation's settings (admin API): synchronization schedule, challenge timeout, webhook accounts threshold. */
export function SyncSettings() {
  const i18n = useT();
  const { t } = i18n;
  const settings = useAsync(() => adminApi.settings(), []);
  const [form, setForm] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (settings.data) {
      setForm({
        sync_interval_hours: String(settings.data.sync_interval_hours ?? ''),
        challenge_timeout_seconds: String(settings.data.challenge_timeout_seconds ?? ''),
        webhook_accounts_threshold: String(settings.data.webhook_accounts_threshold ?? ''),
      });
    }
  }, [settings.data]);

  if (settings.loading && !settings.data) return <Loading label={t('common.loading')} />;
  if (settings.error) return <AdminError error={settings.error} onRetry={settings.reload} />;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const body: Record<string, number> = {};
      for (const [k, v] of Object.entries(form)) if (v.trim() !== '') body[k] = Number(v);
      const saved = await adminApi.updateSettings(body);
      if (saved && typeof saved === 'object') settings.setData(saved);
      toast.success(t('common.saved'));
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  const field = (key: string, label: string, min: number) => (
    <TextField
      label={label}
      type="number"
      min={min}
      inputMode="numeric"
      value={form[key] ?? ''}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
    />
  );
  return (
    <Card title={t('settings.sync')} id="sync-settings">
      <form className="stack" onSubmit={save} style={{ maxWidth: 420 }}>
        {field('sync_interval_hours', t('settings.syncInterval'), 1)}
        {field('challenge_timeout_seconds', t('settings.challengeTimeout'), 30)}
        {field('webhook_accounts_threshold', t('settings.webhookThreshold'), 0)}
        <div>
          <Button type="submit" variant="primary" busy={busy}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export function WebhookSettings() {
  const i18n = useT();
  const { t, dateTime } = i18n;
  const hook = useAsync(async () => {
    try {
      return (await adminApi.webhook()) ?? null;
    } catch (err) {
      // No webhook configured yet.
      if (err instanceof ApiError && err.status === 404 && !err.isMissingRoute) return null;
      throw err;
    }
  }, []);
  const deliveries = useAsync(() => adminApi.deliveries(), []);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  useEffect(() => {
    if (hook.data) setUrl(hook.data.url);
  }, [hook.data]);

  if (hook.loading && hook.data === undefined) return <Loading label={t('common.loading')} />;
  if (hook.error) return <AdminError error={hook.error} onRetry={hook.reload} />;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const saved = await adminApi.setWebhook({ url: url.trim(), ...(secret.trim() && { secret: secret.trim() }) });
      // The PUT answer carries the secret itself (shown once); what the screen keeps is whether one is set.
      hook.setData({ url: saved.url, secret_set: Boolean(saved.secret) });
      setShownSecret(saved?.secret ?? null);
      setSecret('');
      toast.success(t('settings.webhookSaved'));
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await adminApi.deleteWebhook();
      hook.setData(null);
      setUrl('');
      setShownSecret(null);
      toast.success(t('settings.webhookRemoved'));
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    }
  };

  return (
    <div className="stack-lg">
      <Card title={t('settings.webhook')} id="webhook">
        <form className="stack" onSubmit={save} style={{ maxWidth: 560 }}>
          <p className="muted">{t('settings.webhookIntro')}</p>
          <TextField
            label={t('settings.webhookUrl')}
            type="url"
            placeholder="http://127.0.0.1:8080/coffer"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
          />
          <TextField
            label={`${t('settings.webhookSecret')} (${t('common.optional')})`}
            type="password"
            revealLabel={t('secret.showSecret')}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            autoComplete="off"
          />
          {shownSecret && (
            <Alert
              tone="success"
              action={
                <Button size="sm" icon="copy" onClick={() => void copyText(shownSecret, t('common.copied'))}>
                  {t('common.copy')}
                </Button>
              }
            >
              {t('settings.webhookSecret')}: <code>{shownSecret}</code>
            </Alert>
          )}
          <div className="row">
            <Button type="submit" variant="primary" busy={busy} disabled={!url.trim()}>
              {t('common.save')}
            </Button>
            {hook.data && (
              <Button variant="danger" icon="trash" onClick={() => void remove()}>
                {t('settings.removeWebhook')}
              </Button>
            )}
          </div>
        </form>
      </Card>
      <Card
        title={t('settings.deliveries')}
        id="deliveries"
        flush
        actions={
          <Button size="sm" icon="refresh" iconOnly onClick={deliveries.reload}>
            {t('common.refresh')}
          </Button>
        }
      >
        {deliveries.error ? (
          <div style={{ padding: 16 }}>
            <AdminError error={deliveries.error} onRetry={deliveries.reload} />
          </div>
        ) : (
          <Table
            caption={t('settings.deliveries')}
            rows={deliveries.data ?? []}
            rowKey={(d) => String(d.id)}
            empty={<EmptyState icon="clock" title={t('settings.noDeliveries')} />}
            columns={[
              { key: 'date', header: t('history.col.date'), render: (d) => dateTime(d.creation_date) },
              { key: 'url', header: 'URL', render: (d) => <span className="mono">{d.url}</span> },
              {
                key: 'outcome',
                header: t('settings.outcome'),
                render: (d) => (
                  <Badge tone={d.outcome === 'delivered' ? 'success' : 'danger'}>
                    {t(`delivery.${d.outcome}`)}
                    {d.status_code ? ` ${d.status_code}` : ''}
                  </Badge>
                ),
              },
              {
                key: 'ms',
                header: t('settings.duration'),
                align: 'right',
                render: (d) => <span className="num">{d.duration_ms} ms</span>,
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
}

export function SignKeysSettings() {
  const i18n = useT();
  const { t, dateTime } = i18n;
  const keys = useAsync(() => signKeysApi.list(), []);
  const [busy, setBusy] = useState(false);
  // Rotating changes the key every signature checker must know: asked first, with that consequence.
  const [confirming, setConfirming] = useState(false);
  const rotate = async () => {
    setBusy(true);
    try {
      await adminApi.rotateSignKey();
      setConfirming(false);
      toast.success(t('settings.rotated'));
      keys.reload();
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) toast.error(t('settings.adminOnly'));
      else if (err instanceof ApiError && err.status === 404) toast.error(t('settings.adminUnavailable'));
      else toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      title={t('settings.signKeys')}
      id="sign-keys"
      actions={
        <Button icon="refresh" onClick={() => setConfirming(true)}>
          {t('settings.rotate')}
        </Button>
      }
    >
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('rotate.title')}
        confirmLabel={t('rotate.confirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        icon="refresh"
        busy={busy}
        onConfirm={() => void rotate()}
      >
        <p>{t('rotate.body')}</p>
      </ConfirmDialog>
      <p className="muted" style={{ marginBottom: 16 }}>
        {t('settings.signKeysIntro')}
      </p>
      {keys.loading && !keys.data ? (
        <Loading label={t('common.loading')} />
      ) : keys.error ? (
        <AdminError error={keys.error} onRetry={keys.reload} />
      ) : (keys.data ?? []).length === 0 ? (
        <p className="muted">{t('common.none')}</p>
      ) : (
        <div className="list">
          {(keys.data ?? []).map((k) => (
            <div key={k.id} className="list-item">
              <span className="mono" style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {k.id}
              </span>
              {k.deprecated ? (
                <Badge>{t('settings.deprecatedSince', { date: dateTime(Date.parse(k.deprecated) / 1000) })}</Badge>
              ) : (
                <Badge tone="success" dot>
                  {t('settings.current')}
                </Badge>
              )}
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
