import { version } from '../../../../../package.json';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Button, Card } from '../../ui';
import { copyText } from '../common/copy';

export default function AboutSettings() {
  const { t } = useT();
  const status = useStore((s) => s.appStatus);
  const base = status?.base_url ?? `${window.location.origin}/v2`;
  return (
    <div className="stack-lg">
      <Card title={t('settings.dataDir')} id="data-dir">
        <div className="stack">
          <div className="row">
            <code
              data-testid="data-dir"
              style={{
                flex: 1,
                padding: '8px 10px',
                background: 'var(--bg-sunken)',
                borderRadius: 8,
                overflowWrap: 'anywhere',
              }}
            >
              {status?.data_dir ?? '—'}
            </code>
            {status?.data_dir && (
              <Button icon="copy" iconOnly onClick={() => void copyText(status.data_dir!, t('common.copied'))}>
                {t('common.copy')}
              </Button>
            )}
          </div>
          <p className="muted">{t('settings.dataDirHint')}</p>
        </div>
      </Card>
      <Card title={t('settings.about')} id="about">
        <dl className="kv" style={{ margin: 0 }}>
          <dt>{t('settings.version')}</dt>
          <dd>{version}</dd>
          <dt>{t('settings.apiAddress')}</dt>
          <dd>
            <code>{base}</code>
          </dd>
          <dt>{t('settings.openapi')}</dt>
          <dd>
            <a href={`${base}/openapi.json`} target="_blank" rel="noreferrer">
              {base}/openapi.json
            </a>
          </dd>
        </dl>
        <p className="muted" style={{ marginTop: 16 }}>
          {t('settings.aboutText')}
        </p>
      </Card>
    </div>
  );
}
