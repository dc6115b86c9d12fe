import { useState } from 'react';
import type { BudgetStyle } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { Alert, Button, Card } from '../../ui';
import { errorMessage } from '../common/errors';

const STYLES: BudgetStyle[] = ['ENVELOPE', 'TRACKING'];

/** Before any budget: what a budget does here, and the two ways to start one. */
export function BudgetStart({ onStart }: { onStart(style: BudgetStyle): Promise<void> }) {
  const i18n = useT();
  const { t } = i18n;
  const [busy, setBusy] = useState<BudgetStyle | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async (style: BudgetStyle) => {
    setBusy(style);
    setProblem(null);
    try {
      await onStart(style);
    } catch (err) {
      setProblem(errorMessage(i18n, err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title={t('budget.start.title')} data-testid="budget-start">
      <p className="muted">{t('budget.start.body')}</p>
      {problem && <Alert tone="warning">{problem}</Alert>}
      <div className="grid-2 budget-start-choices">
        {STYLES.map((style) => (
          <div key={style} className="stack">
            <Button variant={style === 'ENVELOPE' ? 'primary' : undefined} busy={busy === style} onClick={() => void start(style)} data-testid={`budget-start-${style}`}>
              {t(`budget.start.${style}`)}
            </Button>
            <span className="muted">{t(`budget.start.${style}.hint`)}</span>
          </div>
        ))}
      </div>
    </Card>
  );
}
