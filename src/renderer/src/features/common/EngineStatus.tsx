import { useT } from '../../lib/i18n';
import { useStore } from '../../store';

/** "Engine: running", kept visible on every screen (the smoke test reads it). */
export function EngineStatus() {
  const { t } = useT();
  const engine = useStore((s) => s.engine);
  const text = engine === 'ok' ? t('engine.running') : engine === 'down' ? t('engine.down') : t('engine.checking');
  return (
    <span
      className="row muted"
      style={{ gap: 8, fontSize: 12.5 }}
      data-testid="engine-status"
      role="status"
      aria-live="polite"
    >
      <span className={`status-dot ${engine === 'ok' ? 'ok' : engine === 'down' ? 'down' : ''}`} aria-hidden="true" />
      {text}
    </span>
  );
}
