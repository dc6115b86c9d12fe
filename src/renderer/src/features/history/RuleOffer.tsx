import { useState } from 'react';
import { ApiError, rulesApi } from '../../lib/api';
import type { CategorizationRule } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { Link } from '../../lib/router';
import { rowsForPatterns, suggestedPattern } from '../../lib/rule-match';
import { txTable } from '../../lib/tx-table';
import { dataSelectors, useStore } from '../../store';
import { useRules } from '../../store/history/rules';
import { Alert, Button, TextField } from '../../ui';
import { errorMessage } from '../common/errors';
import { toastWithUndo } from './undo';

/**
 * After a category correction: "Always file «Carrefour» under Groceries?" creates a categorization rule, then
 * offers to apply it to past transactions, and reads again the rows it may have filed.
 */
export function RuleOffer({
  categoryId,
  label,
  counterparty,
  onDone,
}: {
  categoryId: string;
  label: string;
  counterparty: string;
  onDone: () => void;
}) {
  const i18n = useT();
  const { t, tn } = i18n;
  const categoryName = useStore(dataSelectors.categoriesById).get(categoryId)?.label ?? categoryId;
  const refreshRows = useStore((s) => s.refreshRows);
  const createRule = useRules((s) => s.create);
  const [pattern, setPattern] = useState(suggestedPattern(label, counterparty));
  const [rule, setRule] = useState<CategorizationRule | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<React.ReactNode>(null);

  const create = async () => {
    const words = pattern.trim();
    if (words.length < 2 || words.length > 100) return setProblem(t('rules.patternInvalid'));
    setBusy(true);
    setProblem(null);
    try {
      setRule(await createRule({ pattern: words, category_id: categoryId }));
    } catch (err) {
      setProblem(
        err instanceof ApiError && err.status === 409 ? (
          <>
            {t('hedit.ruleExists', { pattern: words })} <Link to="/history/rules">{t('hedit.openRules')}</Link>
          </>
        ) : (
          errorMessage(i18n, err)
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!rule) return;
    setBusy(true);
    setProblem(null);
    try {
      const { updated, operation } = await rulesApi.apply(rule.id);
      await refreshRows(updated > 0 ? rowsForPatterns(txTable, [rule.pattern]) : []);
      setApplied(updated);
      if (operation) toastWithUndo(i18n, i18n.tn('ledger.ruleApplied', updated), operation);
    } catch (err) {
      setProblem(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rule-offer stack" style={{ gap: 'var(--space-2)' }} data-testid="rule-offer">
      {!rule ? (
        <>
          <strong>{t('hedit.offer', { pattern: pattern.trim(), category: categoryName })}</strong>
          <TextField
            label={t('hedit.offerPattern')}
            hint={t('hedit.offerHint')}
            value={pattern}
            maxLength={100}
            onChange={(e) => setPattern(e.target.value)}
            data-testid="offer-pattern"
          />
          <div className="row" style={{ flexWrap: 'wrap' }}>
            <Button variant="primary" icon="plus" busy={busy} onClick={() => void create()}>
              {t('hedit.createRule')}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              {t('hedit.notNow')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <Alert tone="success">{t('hedit.ruleCreated', { pattern: rule.pattern, category: categoryName })}</Alert>
          {applied === null ? (
            <div className="row" style={{ flexWrap: 'wrap' }}>
              <Button icon="refresh" busy={busy} onClick={() => void apply()}>
                {t('hedit.applyPast')}
              </Button>
              <Button variant="ghost" onClick={onDone}>
                {t('hedit.notNow')}
              </Button>
            </div>
          ) : (
            <p style={{ margin: 0 }} data-testid="rule-applied">
              {tn('hedit.applied', applied)} <Link to="/history/rules">{t('hedit.openRules')}</Link>
            </p>
          )}
        </>
      )}
      {problem && <Alert tone="warning">{problem}</Alert>}
    </div>
  );
}
