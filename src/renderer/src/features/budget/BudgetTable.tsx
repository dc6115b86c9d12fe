import type { BudgetMonth } from '../../lib/api/types';
import { useT } from '../../lib/i18n';
import { Button, Card } from '../../ui';
import { AssignCell } from './AssignCell';

type Line = BudgetMonth['groups'][number]['categories'][number];

/**
 * The month by category group: each category's assigned (or planned) amount, typed in place, what was spent
 * and what is available, the target's need under its name, and a button to its settings.
 */
export function BudgetTable({
  month,
  onAssign,
  onSettings,
}: {
  month: BudgetMonth;
  onAssign(line: Line, amount: number): Promise<void>;
  onSettings(line: Line): void;
}) {
  const { t, money } = useT();
  const c = month.currency;
  const envelope = month.style === 'ENVELOPE';
  return (
    <Card flush>
      <div className="budget-table-scroll">
        <table className="table budget-table" data-testid="budget-table">
          <caption className="sr-only">{t('budget.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('budget.category')}</th>
              <th scope="col" className="right">{envelope ? t('budget.assigned') : t('budget.planned')}</th>
              <th scope="col" className="right">{t('budget.spent')}</th>
              <th scope="col" className="right">{envelope ? t('budget.available') : t('budget.left')}</th>
              <th scope="col"><span className="sr-only">{t('budget.target')}</span></th>
            </tr>
          </thead>
          {month.groups.map((group) => (
            <tbody key={group.id} data-testid="budget-group">
              <tr className="budget-group-row">
                <th scope="rowgroup">{group.label}</th>
                <td className="right num">{money(group.assigned, c)}</td>
                <td className="right num">{money(group.spent, c)}</td>
                <td className={`right num${group.available < 0 ? ' negative' : ''}`}>{money(group.available, c)}</td>
                <td />
              </tr>
              {group.categories.map((line) => (
                <tr key={line.category_id} data-testid="budget-line" data-category={line.category_id}>
                  <th scope="row" className="budget-line-name">
                    <span>{line.label}</span>
                    <TargetNote line={line} currency={c} />
                  </th>
                  <td className="right">
                    <AssignCell value={line.assigned} label={t('budget.amountFor', { category: line.label })} allowNegative={envelope} onSave={(amount) => onAssign(line, amount)} />
                  </td>
                  <td className="right num">{money(line.spent, c)}</td>
                  <td className={`right num${line.available < 0 ? ' negative' : ''}`} data-testid="budget-available">
                    {money(line.available, c)}
                  </td>
                  <td className="right">
                    <Button size="sm" variant="ghost" icon="settings" iconOnly onClick={() => onSettings(line)} data-testid="budget-line-settings">
                      {t('budget.settings', { category: line.label })}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </Card>
  );
}

function TargetNote({ line, currency }: { line: Line; currency: string }) {
  const { t, money } = useT();
  if (line.target_needed === undefined) return null;
  return (
    <span className={`budget-target-note ${line.target_needed > 0 ? 'muted' : 'positive'}`} data-testid="budget-target-note">
      {line.target_needed > 0 ? t('budget.target.needed', { amount: money(line.target_needed, currency) }) : t('budget.target.met')}
    </span>
  );
}
