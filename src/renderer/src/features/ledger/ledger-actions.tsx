import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { useT, type MessageKey } from '../../lib/i18n';
import { Button, ConfirmDialog, SelectField, TextField, toast } from '../../ui';
import { errorMessage } from '../common/errors';

/**
 * Runs one change of a category or payee: the toast on success, else the sentence of the failure (a taken
 * name said as such). Returns whether it worked.
 */
export function useLedgerAction(words: { taken: MessageKey; failed: MessageKey }) {
  const i18n = useT();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (key: string, action: () => Promise<string>): Promise<boolean> => {
    setBusy(key);
    setProblem(null);
    try {
      toast.success(await action());
      return true;
    } catch (err) {
      const taken = err instanceof ApiError && err.status === 409;
      setProblem(taken ? i18n.t(words.taken) : i18n.t(words.failed, { message: errorMessage(i18n, err) }));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, problem, setProblem, run };
}

/** A name edited in place: the field takes the focus; Enter saves, Escape or Cancel gives up. */
export function RenameInline({
  initial,
  label,
  busy,
  onSave,
  onCancel,
}: {
  initial: string;
  label: string;
  busy: boolean;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  const [name, setName] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(name);
  };
  return (
    <form className="rename-inline" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <TextField
        label={label}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
        data-testid="rename-input"
      />
      <Button type="submit" size="sm" variant="primary" icon="save" busy={busy}>
        {t('ownCat.save')}
      </Button>
      <Button type="button" size="sm" onClick={onCancel}>
        {t('ownCat.cancel')}
      </Button>
    </form>
  );
}

/** Asks where to merge `name` into (the choices given), then runs the merge. */
export function MergeDialog({
  name,
  choices,
  words,
  busy,
  error,
  onMerge,
  onClose,
}: {
  name: string | null;
  choices: ReactNode;
  words: { title: MessageKey; body: MessageKey; into: MessageKey; confirm: MessageKey };
  busy: boolean;
  error: string | null;
  onMerge: (intoId: string) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const [into, setInto] = useState('');
  return (
    <ConfirmDialog
      open={name !== null}
      onClose={() => !busy && onClose()}
      title={t(words.title, { name: name ?? '' })}
      confirmLabel={t(words.confirm)}
      cancelLabel={t('common.cancel')}
      closeLabel={t('common.close')}
      icon="check"
      busy={busy}
      disabled={into === ''}
      error={error}
      onConfirm={() => onMerge(into)}
    >
      <p>{t(words.body, { name: name ?? '' })}</p>
      <SelectField
        label={t(words.into)}
        value={into}
        onChange={(e) => setInto(e.target.value)}
        data-testid="merge-into"
      >
        <option value="" disabled />
        {choices}
      </SelectField>
    </ConfirmDialog>
  );
}
