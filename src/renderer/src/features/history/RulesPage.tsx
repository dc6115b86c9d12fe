import { useEffect, useState } from 'react';
import { ApiError, rulesApi } from '../../lib/api';
import type { CategorizationRule } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { rowsForPatterns } from '../../lib/rule-match';
import { txTable } from '../../lib/tx-table';
import { dataSelectors, useStore } from '../../store';
import { useRules } from '../../store/history/rules';
import { Alert, Button, Card, ConfirmDialog, EmptyState, Loading, toast } from '../../ui';
import { ErrorState } from '../common/ErrorState';
import { errorMessage } from '../common/errors';
import { BackLink } from '../layout/BackLink';
import { PageHeader } from '../layout/PageHeader';
import { RuleForm } from './RuleForm';
import { conditionParts, replacementOf } from './rule-conditions';
import { toastWithUndo, useUndoShortcut } from './undo';

/**
 * The categorization rules: listed in the order they are tried, added, edited (words and category), moved up
 * or down with buttons (keyboard and screen readers included), deleted, and applied to past transactions with
 * the number of transactions filed again.
 */
export default function RulesPage() {
  const i18n = useT();
  useUndoShortcut(i18n);
  const { t, tn, number } = i18n;
  const { rules, status, error, load, create, update, remove } = useRules();
  const categoriesById = useStore(dataSelectors.categoriesById);
  const loadCategories = useStore((s) => s.loadCategories);
  const haveCategories = useStore((s) => s.categories.length > 0);
  const refreshRows = useStore((s) => s.refreshRows);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CategorizationRule | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refocus, setRefocus] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);

  useEffect(() => {
    void load(true);
    if (!haveCategories) void loadCategories();
    // once, when the screen opens
  }, []);

  const categoryName = (id: string) => categoriesById.get(id)?.label ?? id;

  /** Runs one change; a failure is said in words next to the list, the list is read again either way. */
  const run = async (key: string, fn: () => Promise<void>) => {
    setBusy(key);
    setProblem(null);
    try {
      await fn();
    } catch (err) {
      setProblem(errorMessage(i18n, err));
      void load(true);
    } finally {
      setBusy(null);
    }
  };

  const move = (rule: CategorizationRule, by: -1 | 1) =>
    run(`move-${rule.id}`, async () => {
      await update(rule.id, replacementOf(rule, { position: rule.position + by }));
      setRefocus({ id: rule.id, direction: by < 0 ? 'up' : 'down' });
    });

  // The moved rule keeps the focus (its row moved in the list). Its buttons are disabled while the move is
  // in hand, and a disabled button cannot take the focus, so this waits for the render that enables them
  // again (busy back to null) rather than for a frame, which may come before that render.
  useEffect(() => {
    if (!refocus || busy !== null) return;
    setRefocus(null);
    const row = document.querySelector(`[data-rule-id="${refocus.id}"]`);
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${refocus.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  }, [refocus, busy, rules]);

  const apply = (rule?: CategorizationRule) =>
    run(rule ? `apply-${rule.id}` : 'apply', async () => {
      const { updated, operation } = await rulesApi.apply(rule?.id);
      setApplied(updated);
      if (operation) toastWithUndo(i18n, i18n.tn('ledger.ruleApplied', updated), operation);
      if (updated > 0 && txTable.size > 0) {
        await refreshRows(
          rowsForPatterns(
            txTable,
            (rule ? [rule] : rules).map((r) => r.pattern),
          ),
        );
      }
    });

  const conflictAware = (err: unknown) =>
    err instanceof ApiError && err.status === 409 ? t('rules.conflict') : errorMessage(i18n, err);

  return (
    <div className="page rules" data-testid="rules-page">
      <PageHeader
        back={<BackLink to="/history" label={t('rules.back')} />}
        title={t('rules.title')}
        subtitle={t('rules.subtitle')}
        actions={
          <Button
            icon="refresh"
            busy={busy === 'apply'}
            disabled={rules.length === 0}
            onClick={() => void apply()}
            data-testid="rules-apply-all"
          >
            {t('rules.applyAll')}
          </Button>
        }
      />
      {applied !== null && (
        <Alert tone="success">
          <span data-testid="rules-applied">{tn('rules.applied', applied)}</span>
        </Alert>
      )}
      {problem && <Alert tone="warning">{problem}</Alert>}

      <Card title={t('rules.add')}>
        <RuleForm
          submitLabel={t('rules.add')}
          onSubmit={async (pattern, category, conditions) => {
            try {
              await create({ pattern, category_id: category, ...(conditions ? { conditions } : {}) });
              toast.success(t('rules.saved'));
              return null;
            } catch (err) {
              return conflictAware(err);
            }
          }}
          testId="rule-new"
        />
      </Card>

      <Card title={tn('rules.count', rules.length)}>
        {status === 'error' && rules.length === 0 ? (
          <ErrorState error={error} onRetry={() => void load(true)} />
        ) : status === 'loading' && rules.length === 0 ? (
          <Loading label={t('common.loading')} />
        ) : rules.length === 0 ? (
          <EmptyState icon="filter" title={t('rules.empty')} />
        ) : (
          <ol className="list rules-list" data-testid="rules-list">
            {rules.map((rule, k) => (
              <li key={rule.id} className="list-item rule-item" data-rule-id={rule.id} data-testid="rule-item">
                <span className="rule-position num faint" aria-hidden>
                  {rule.position}
                </span>
                {editing === rule.id ? (
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <RuleForm
                      initial={{ pattern: rule.pattern, category: rule.category_id, conditions: rule.conditions }}
                      submitLabel={t('common.save')}
                      onCancel={() => setEditing(null)}
                      onSubmit={async (pattern, category, conditions) => {
                        try {
                          await update(rule.id, replacementOf(rule, { pattern, category_id: category, conditions: conditions ?? null }));
                          setEditing(null);
                          toast.success(t('rules.saved'));
                          return null;
                        } catch (err) {
                          return conflictAware(err);
                        }
                      }}
                      testId="rule-edit"
                    />
                  </div>
                ) : (
                  <>
                    <div className="rule-text" style={{ flex: 1, minWidth: 0 }}>
                      <strong data-testid="rule-pattern">{t('rules.quoted', { pattern: rule.pattern })}</strong>
                      <span className="muted"> → </span>
                      <span data-testid="rule-category">{categoryName(rule.category_id)}</span>
                      {conditionParts(rule).length > 0 && (
                        <span className="muted" data-testid="rule-conditions">
                          {' · '}
                          {conditionParts(rule)
                            .map((p) => t(p.key, p.value === undefined ? undefined : { value: typeof p.value === 'number' ? number(p.value) : p.value }))
                            .join(', ')}
                        </span>
                      )}
                    </div>
                    <div className="row rule-actions">
                      <Button
                        size="sm"
                        variant="ghost"
                        icon="arrowUp"
                        iconOnly
                        data-move="up"
                        disabled={k === 0 || busy !== null}
                        onClick={() => void move(rule, -1)}
                      >
                        {t('rules.moveUp', { pattern: rule.pattern })}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        icon="arrowDown"
                        iconOnly
                        data-move="down"
                        disabled={k === rules.length - 1 || busy !== null}
                        onClick={() => void move(rule, 1)}
                      >
                        {t('rules.moveDown', { pattern: rule.pattern })}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        icon="refresh"
                        iconOnly
                        busy={busy === `apply-${rule.id}`}
                        onClick={() => void apply(rule)}
                      >
                        {t('rules.applyOne', { pattern: rule.pattern })}
                      </Button>
                      <Button size="sm" variant="ghost" icon="edit" iconOnly onClick={() => setEditing(rule.id)}>
                        {t('rules.editRule', { pattern: rule.pattern })}
                      </Button>
                      <Button size="sm" variant="ghost" icon="trash" iconOnly onClick={() => setDeleting(rule)}>
                        {t('rules.deleteRule', { pattern: rule.pattern })}
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </Card>

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? t('rules.deleteRule', { pattern: deleting.pattern }) : ''}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        busy={busy === 'delete'}
        onConfirm={() =>
          deleting &&
          void run('delete', async () => {
            await remove(deleting.id);
            setDeleting(null);
            toast.success(t('rules.deleted'));
          })
        }
      >
        {deleting && t('rules.deleteConfirm', { pattern: deleting.pattern })}
      </ConfirmDialog>
    </div>
  );
}
