import { useT, type MessageKey } from '../../lib/i18n';
import { Badge, Spinner } from '../../ui';
import { statusTone } from '../common/status';
import type { ShownStatus } from './connection-state';
import { simplefinStatusSentence } from './simplefin/strings';

/** Statuses a statement-files source says in its own words (files read, not accounts synchronized). */
const DOCUMENT_SENTENCES: ReadonlySet<string> = new Set(['RUNNING', 'PARTIAL_SUCCESS', 'NO_ACCOUNT']);

function statusSentenceKey(status: ShownStatus, document?: boolean): MessageKey {
  return (document && DOCUMENT_SENTENCES.has(status) ? `status.${status}.document` : `status.${status}`) as MessageKey;
}

const TONE_COLOR = {
  success: 'var(--positive)',
  danger: 'var(--negative)',
  warning: 'var(--warning)',
  info: 'var(--info)',
  accent: 'var(--accent)',
  neutral: 'var(--text-faint)',
} as const;

/**
 * A connection or channel status in words (every connection and channel status has its sentence, en and fr);
 * with `providerId`, in the provider's own words where the generic sentence would mislead (SimpleFIN).
 */
export function StatusLine({
  status,
  running,
  badge,
  providerId,
  awaitingCode,
  document,
}: {
  /** What to say: a status, or the app's own reading of one (connection-state.ts). */
  status: ShownStatus;
  running?: boolean;
  badge?: boolean;
  providerId?: string;
  /** A running synchronization that waits for the person's code: said so, not "synchronizing". */
  awaitingCode?: boolean;
  /** A statement-files source: files, not accounts at a bank, are what it reads. */
  document?: boolean;
}) {
  const { t, lang } = useT();
  const effective: ShownStatus = running ? 'RUNNING' : status;
  if ((effective === 'RUNNING' && awaitingCode) || effective === 'AWAITING_CODE') {
    return (
      <span className="row" style={{ gap: 8, color: 'var(--warning)' }} data-status="AWAITING_CODE" role="status">
        <span className="status-dot" style={{ background: 'var(--warning)' }} aria-hidden="true" />
        <span>{t('status.awaitingCode')}</span>
      </span>
    );
  }
  const sentence = simplefinStatusSentence(lang, providerId, effective) ?? t(statusSentenceKey(effective, document));
  const tone = statusTone(effective);
  if (effective === 'RUNNING') {
    return (
      <span className="row" style={{ gap: 8, color: 'var(--info)' }} data-status={effective} role="status">
        <Spinner size="sm" />
        <span>{sentence}</span>
      </span>
    );
  }
  if (badge) {
    return (
      <span data-status={effective}>
        <Badge tone={tone} dot>
          {sentence}
        </Badge>
      </span>
    );
  }
  return (
    <span className="row" style={{ gap: 8, minWidth: 0, alignItems: 'baseline' }} data-status={effective}>
      <span
        className="status-dot"
        style={{ background: TONE_COLOR[tone], transform: 'translateY(-1px)' }}
        aria-hidden="true"
      />
      <span
        style={{ color: tone === 'danger' ? 'var(--negative)' : tone === 'warning' ? 'var(--warning)' : undefined }}
      >
        {sentence}
      </span>
    </span>
  );
}
