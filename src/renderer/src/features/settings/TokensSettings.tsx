import { useState, type FormEvent } from 'react';
import { tokensApi, USER_SCOPES, type UserScope } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { Alert, Badge, Button, Card, Checkbox, Dialog, EmptyState, Loading, Table, TextField, toast } from '../../ui';
import { copyText } from '../common/copy';
import { ErrorState } from '../common/ErrorState';
import { errorMessage } from '../common/errors';
import { useAsync } from '../common/useAsync';

/** Personal access tokens for scripts: create (shown once), list, revoke. */
export default function TokensSettings() {
  const i18n = useT();
  const { t, day } = i18n;
  const tokens = useAsync(() => tokensApi.list(), []);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<UserScope[]>(['accounts_read', 'transactions_read']);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || scopes.length === 0) return;
    setBusy(true);
    try {
      const token = await tokensApi.create(name.trim(), scopes);
      setCreated(token.token ?? '');
      setName('');
      tokens.reload();
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (id: string) => {
    try {
      await tokensApi.revoke(id);
      toast.success(t('settings.revoked'));
      tokens.reload();
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    }
  };

  return (
    <div className="stack-lg">
      <Card title={t('settings.createToken')} id="new-token">
        <form className="stack" onSubmit={create} style={{ maxWidth: 560 }}>
          <p className="muted">{t('settings.tokensIntro')}</p>
          <TextField
            label={t('settings.tokenName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="budget-script"
            maxLength={100}
            required
          />
          <fieldset className="stack" style={{ border: 'none', padding: 0, margin: 0, gap: 6 }}>
            <legend className="label" style={{ fontWeight: 550, fontSize: 13, marginBottom: 6 }}>
              {t('settings.tokenScopes')}
            </legend>
            <div className="grid-2" style={{ gap: 6 }}>
              {USER_SCOPES.map((s) => (
                <Checkbox
                  key={s}
                  label={
                    <span>
                      {t(`scope.${s}` as MessageKey)} <code className="faint">{s}</code>
                    </span>
                  }
                  checked={scopes.includes(s)}
                  onChange={(e) => setScopes((cur) => (e.target.checked ? [...cur, s] : cur.filter((x) => x !== s)))}
                />
              ))}
            </div>
          </fieldset>
          <div>
            <Button
              type="submit"
              variant="primary"
              icon="plus"
              busy={busy}
              disabled={!name.trim() || scopes.length === 0}
            >
              {t('settings.createToken')}
            </Button>
          </div>
        </form>
      </Card>
      <Card title={t('settings.tokens')} id="tokens" flush>
        {tokens.loading && !tokens.data ? (
          <Loading label={t('common.loading')} />
        ) : tokens.error ? (
          <ErrorState error={tokens.error} onRetry={tokens.reload} />
        ) : (
          <Table
            caption={t('settings.tokens')}
            rows={tokens.data ?? []}
            rowKey={(x) => x.id}
            empty={<EmptyState icon="key" title={t('settings.noTokens')} />}
            columns={[
              { key: 'name', header: t('common.name'), render: (x) => <strong>{x.name}</strong> },
              {
                key: 'scopes',
                header: t('settings.tokenScopes'),
                render: (x) => (
                  <span className="row row-wrap" style={{ gap: 4 }}>
                    {x.scopes.map((s) => (
                      <Badge key={s}>{s}</Badge>
                    ))}
                  </span>
                ),
              },
              { key: 'created', header: t('common.created'), render: (x) => day(x.creation_date) },
              {
                key: 'actions',
                header: <span className="sr-only">{t('common.actions')}</span>,
                align: 'right',
                render: (x) => (
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => void revoke(x.id)}
                    aria-label={`${t('settings.revoke')} ${x.name}`}
                  >
                    {t('settings.revoke')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title={t('settings.createToken')}
        closeLabel={t('common.close')}
      >
        <Alert tone="warning">{t('settings.tokenCreated')}</Alert>
        <div className="row">
          <input
            className="input mono"
            readOnly
            value={created ?? ''}
            aria-label={t('settings.tokenName')}
            onFocus={(e) => e.currentTarget.select()}
            data-autofocus
            data-testid="new-token"
          />
          <Button icon="copy" onClick={() => void copyText(created ?? '', t('common.copied'))}>
            {t('common.copy')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
