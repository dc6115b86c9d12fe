import { useState } from 'react';
import { operationsApi, type CategorizationRule } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Alert, Button } from '../../ui';
import { errorMessage } from '../common/errors';

type Draft = { pattern: string; category_id: string; conditions?: CategorizationRule['conditions'] };

/** What a rule being written would change if applied now: the count and the first rows. Nothing is written. */
export function RulePreview({ draft }: { draft: () => Draft | null }) {
  const i18n = useT();
  const { t, tn, number, money, day } = i18n;
  const [result, setResult] = useState<{ text: string; tone: 'info' | 'warning'; rows: Array<{ id: string; label: string; line: string }> } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    const body = draft();
    if (!body) return;
    setBusy(true);
    try {
      const p = await operationsApi.preview(body);
      const rows = (p.transactions as Array<{ id: string; label: string; amount: number; currency: string; date: number }>)
        .slice(0, 5)
        .map((r) => ({ id: r.id, label: r.label, line: `${day(r.date)} · ${money(r.amount, r.currency)}` }));
      if (!p.applicable) setResult({ tone: 'warning', rows: [], text: t('ledger.previewTooMany', { count: number(p.count), limit: number(p.limit) }) });
      else if (p.count === 0) setResult({ tone: 'info', rows: [], text: t('ledger.previewNone') });
      else setResult({ tone: 'info', rows, text: tn('ledger.previewCount', p.count) });
    } catch (err) {
      setResult({ tone: 'warning', rows: [], text: errorMessage(i18n, err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div>
        <Button icon="search" busy={busy} onClick={() => void run()} data-testid="rule-preview">
          {t('ledger.preview')}
        </Button>
      </div>
      {result && (
        <Alert tone={result.tone}>
          <span data-testid="rule-preview-result">{result.text}</span>
          {result.rows.length > 0 && (
            <ul style={{ margin: 'var(--space-1) 0 0', paddingLeft: '1.2em' }}>
              {result.rows.map((r) => (
                <li key={r.id}>
                  {r.label} <span className="muted">({r.line})</span>
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </>
  );
}
