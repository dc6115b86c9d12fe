import type { I18n, MessageKey } from '../../lib/i18n';
import { useT } from '../../lib/i18n';
import type { SyncState } from './connection-state';
import { simplefinStatusSentence } from './simplefin/strings';

const CHALLENGE_ENDS: ReadonlySet<string> = new Set(['CHALLENGE_FAILED', 'CHALLENGE_TIMED_OUT', 'CHALLENGE_CANCELLED']);

/** "Last synchronized 3 days ago" (the last success only), or "Never synchronized". */
export function lastSuccessText(i18n: I18n, state: SyncState): string {
  return state.lastSuccess !== undefined
    ? i18n.t('syncState.lastSuccess', { when: i18n.relative(state.lastSuccess) })
    : i18n.t('syncState.never');
}

/** What the person can do next, when the state calls for something (a failed attempt, a partial run). */
export function nextStepKey(state: SyncState, document?: boolean): MessageKey | null {
  const status = state.failedAttempt?.status ?? (state.status === 'PARTIAL_SUCCESS' ? 'PARTIAL_SUCCESS' : null);
  if (!status) return null;
  // A code that was refused, not typed in time or cancelled: the challenge's own words for what to do.
  if (CHALLENGE_ENDS.has(status)) return `challenge.nextStep.${status}` as MessageKey;
  const own = document && (status === 'FAILED' || status === 'PARTIAL_SUCCESS');
  return `syncState.next.${status}${own ? '.document' : ''}` as MessageKey;
}

/**
 * Under a status line: the last attempt that did not succeed (when it ended; the status line says how) and
 * the next step; for a partial run, the next step alone. Nothing when all is well or a run is going on.
 */
export function AttemptNote({
  state,
  document,
  providerId,
}: {
  state: SyncState;
  document?: boolean;
  /** A provider that words some failures itself (SimpleFIN) gives their next step in its own help. */
  providerId?: string;
}) {
  const i18n = useT();
  const next = nextStepKey(state, document);
  if (!next) return null;
  const attempt = state.failedAttempt;
  if (attempt && simplefinStatusSentence(i18n.lang, providerId, attempt.status) !== undefined) {
    if (attempt.date === undefined) return null;
    return (
      <span className="muted" style={{ fontSize: 12.5 }} data-testid="sync-attempt">
        {i18n.t('syncState.attemptOnly', { when: i18n.relative(attempt.date) })}
      </span>
    );
  }
  const when = attempt
    ? attempt.date !== undefined
      ? i18n.t('syncState.attempt', { when: i18n.relative(attempt.date) })
      : i18n.t('syncState.attemptUndated')
    : null;
  return (
    <span className="muted" style={{ fontSize: 12.5 }} data-testid="sync-attempt">
      {when && <strong style={{ fontWeight: 550 }}>{when} </strong>}
      {i18n.t(next)}
    </span>
  );
}
