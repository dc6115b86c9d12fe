import { useState, type FormEvent } from 'react';
import type { RecurringEdit } from '../../lib/api';
import type { RecurringPayment } from '../../lib/api/types';
import { useT, type MessageKey } from '../../lib/i18n';
import { Alert, Button, SelectField, TextField } from '../../ui';
import { readAmount } from './amount-input';

const PERIODS: ReadonlyArray<RecurringPayment['period']> = [
  'WEEKLY',
  'BIWEEKLY',
  'MONTHLY',
  'QUARTERLY',
  'SEMIANNUAL',
  'YEARLY',
];

/** Corrects a recurring payment's name, amount and period; an emptied field gives back what was found. */
export function RecurringEditForm({
  payment,
  onSave,
  onCancel,
}: {
  payment: RecurringPayment;
  onSave: (edit: RecurringEdit) => Promise<string | null>;
  onCancel: () => void;
}) {
  const { t, money } = useT();
  const [name, setName] = useState(payment.name === payment.detected_name ? '' : payment.name);
  const [amount, setAmount] = useState(
    payment.amount === payment.typical_amount ? '' : String(Math.abs(payment.amount)),
  );
  const [period, setPeriod] = useState(payment.period);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sign = Math.sign(payment.typical_amount);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = readAmount(amount, sign);
    if (typed.kind === 'invalid') {
      setProblem(
        t('recurring.amountInvalid', {
          example: money(Math.abs(payment.typical_amount), payment.currency)
            .replace(/[^\d.,\s]/g, '')
            .trim(),
        }),
      );
      return;
    }
    setBusy(true);
    setProblem(null);
    const answer = await onSave({
      name: name.trim() || null,
      amount: typed.kind === 'amount' ? typed.value : null,
      period: period === payment.detected_period ? null : period,
    });
    setBusy(false);
    if (answer) setProblem(answer);
  };

  return (
    <form className="recurring-edit" onSubmit={(e) => void submit(e)} data-testid="recurring-edit">
      <div className="recurring-edit-fields">
        <TextField
          label={t('recurring.field.name')}
          value={name}
          placeholder={payment.detected_name}
          maxLength={100}
          // The form replaces the payment's line: the focus goes into it, where the person is working.
          autoFocus
          onChange={(e) => setName(e.target.value)}
          data-testid="recurring-edit-name"
        />
        <TextField
          label={t('recurring.field.amount')}
          value={amount}
          inputMode="decimal"
          placeholder={String(Math.abs(payment.typical_amount))}
          hint={t('recurring.field.amountHint', {
            amount: money(payment.typical_amount, payment.currency),
            direction: t(sign < 0 ? 'recurring.direction.out' : 'recurring.direction.in'),
          })}
          onChange={(e) => setAmount(e.target.value)}
          data-testid="recurring-edit-amount"
        />
        <SelectField
          label={t('recurring.field.period')}
          value={period}
          onChange={(e) => setPeriod(e.target.value as RecurringPayment['period'])}
          data-testid="recurring-edit-period"
        >
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`recurring.period.${p}` as MessageKey)}
            </option>
          ))}
        </SelectField>
      </div>
      {problem && (
        <Alert tone="warning">
          <span data-testid="recurring-edit-problem">{problem}</span>
        </Alert>
      )}
      <div className="row" style={{ gap: 8 }}>
        <Button type="submit" variant="primary" busy={busy} data-testid="recurring-edit-save">
          {t('common.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
