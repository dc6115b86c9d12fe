import { useEffect, useId } from 'react';
import type { TransactionEdit } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { TextField } from '../../ui';
import { usePayees } from './use-payees';

/**
 * What the editor sends for the payee: nothing when the name did not change (spaces and case aside from the
 * trim), null to clear it, else the name (the engine finds the payee of that name or creates it).
 */
export function payeeEdit(typed: string, stored: string): Pick<TransactionEdit, 'payee_id' | 'payee_name'> {
  const name = typed.trim().replace(/\s+/g, ' ');
  if (name === stored) return {};
  return name ? { payee_name: name } : { payee_id: null };
}

/** The payee of a transaction, typed, with the person's payees offered as they type. */
export function PayeeField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const { t } = useT();
  const listId = useId();
  const { payees, load } = usePayees();
  useEffect(() => void load(), [load]);
  return (
    <>
      <TextField
        label={t('payee.field')}
        hint={t('payee.hint')}
        value={value}
        maxLength={80}
        list={listId}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        data-testid="edit-payee"
      />
      <datalist id={listId}>
        {payees.map((p) => (
          <option key={p.id} value={p.name} />
        ))}
      </datalist>
    </>
  );
}
