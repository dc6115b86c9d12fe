import { useEffect, useState } from 'react';
import { recurringApi, type RecurringEdit } from '../../lib/api';
import type { RecurringPayment } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { useStore } from '../../store';
import { Alert, Button, Card, EmptyState, Loading, toast } from '../../ui';
import { ErrorState } from '../common/ErrorState';
import { errorMessage } from '../common/errors';
import { PageHeader } from '../layout/PageHeader';
import { RecurringEditForm } from './RecurringEditForm';
import { RecurringItem } from './RecurringItem';
import './recurring.css';

/**
 * Recurring payments found in the history: those to review (confirm, correct or dismiss: a dismissed one is
 * never proposed again) and those the person follows (shown on the dashboard as upcoming payments).
 */
export default function RecurringPage() {
  const i18n = useT();
  const { t, tn } = i18n;
  const accounts = useStore((s) => s.accounts);
  const [payments, setPayments] = useState<RecurringPayment[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [detected, setDetected] = useState<number | null>(null);

  const load = async () => {
    try {
      setPayments(await recurringApi.list());
      setLoadError(null);
    } catch (err) {
      setLoadError(err);
    }
  };
  useEffect(() => {
    void load();
  }, []);

  const accountName = (id: string) => accounts.find((a) => a.id === id)?.name;

  const change = async (p: RecurringPayment, edit: RecurringEdit, done: string): Promise<string | null> => {
    setBusy(p.id);
    setProblem(null);
    try {
      await recurringApi.update(p.id, edit);
      toast.success(done);
      await load();
      return null;
    } catch (err) {
      const words = errorMessage(i18n, err);
      setProblem(words);
      return words;
    } finally {
      setBusy(null);
    }
  };

  const detect = async () => {
    setBusy('detect');
    setProblem(null);
    try {
      setDetected((await recurringApi.detect()).proposed);
      await load();
    } catch (err) {
      setProblem(errorMessage(i18n, err));
    } finally {
      setBusy(null);
    }
  };

  const item = (p: RecurringPayment) =>
    editing === p.id ? (
      <li key={p.id} className="list-item">
        <RecurringEditForm
          payment={p}
          onCancel={() => setEditing(null)}
          onSave={async (edit) => {
            const answer = await change(p, edit, t('recurring.saved', { name: edit.name ?? p.detected_name }));
            if (!answer) setEditing(null);
            return answer;
          }}
        />
      </li>
    ) : (
      <li key={p.id} className="list-item">
        <RecurringItem
          payment={p}
          accountName={accountName(p.account_id)}
          busy={busy === p.id}
          onConfirm={
            p.status === 'PROPOSED'
              ? () => void change(p, { status: 'CONFIRMED' }, t('recurring.confirmed', { name: p.name }))
              : undefined
          }
          onEdit={() => setEditing(p.id)}
          onDismiss={() => void change(p, { status: 'DISMISSED' }, t('recurring.dismissed', { name: p.name }))}
        />
      </li>
    );

  const proposed = payments?.filter((p) => p.status === 'PROPOSED') ?? [];
  const followed = payments?.filter((p) => p.status === 'CONFIRMED') ?? [];

  const proposedCard = (
    <Card
      title={`${t('recurring.toReview')} (${proposed.length})`}
      id="recurring-proposed"
      data-testid="recurring-proposed"
    >
      {proposed.length === 0 ? (
        <EmptyState icon="check" title={t('recurring.noneToReview')}>
          {t('recurring.noneToReviewHint')}
        </EmptyState>
      ) : (
        <>
          <p className="muted recurring-hint">{t('recurring.toReviewHint')}</p>
          <ul className="list recurring-list">{proposed.map(item)}</ul>
        </>
      )}
    </Card>
  );
  const followedCard = (
    <Card
      title={`${t('recurring.followed')} (${followed.length})`}
      id="recurring-followed"
      data-testid="recurring-followed"
    >
      {followed.length === 0 ? (
        <EmptyState icon="clock" title={t('recurring.noneFollowed')}>
          {t('recurring.noneFollowedHint')}
        </EmptyState>
      ) : (
        <ul className="list recurring-list">{followed.map(item)}</ul>
      )}
    </Card>
  );

  return (
    <div className="page recurring" data-testid="recurring-page">
      <PageHeader
        title={t('recurring.title')}
        subtitle={t('recurring.subtitle')}
        actions={
          <Button icon="refresh" busy={busy === 'detect'} onClick={() => void detect()} data-testid="recurring-detect">
            {t('recurring.detect')}
          </Button>
        }
      />
      {detected !== null && (
        <Alert tone="success">
          <span data-testid="recurring-detected">{tn('recurring.detected', detected)}</span>
        </Alert>
      )}
      {problem && <Alert tone="warning">{problem}</Alert>}
      {payments === null ? (
        loadError ? (
          <ErrorState error={loadError} onRetry={() => void load()} />
        ) : (
          <Loading label={t('common.loading')} />
        )
      ) : (
        <>
          {/* What the person follows comes first once there is some: the list to review can be long. */}
          {followed.length > 0 && followedCard}
          {proposedCard}
          {followed.length === 0 && followedCard}
        </>
      )}
    </div>
  );
}
