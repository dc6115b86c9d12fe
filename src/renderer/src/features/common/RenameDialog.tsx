import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { Button, Dialog, TextField, toast } from '../../ui';
import { errorMessage } from './errors';

/**
 * The dialog that renames something (a connection, an account): the current name to edit, Save while the
 * name is not blank. `save` stores the trimmed name (and says so); a refusal is shown in a toast and the
 * dialog stays open.
 */
export function RenameDialog({
  title,
  name: current,
  open,
  onClose,
  save,
}: {
  title: string;
  name: string;
  open: boolean;
  onClose: () => void;
  save: (name: string) => Promise<void>;
}) {
  const i18n = useT();
  const { t } = i18n;
  const [name, setName] = useState(current);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setName(current);
  }, [open, current]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      await save(name.trim());
      onClose();
    } catch (err) {
      toast.error(errorMessage(i18n, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} closeLabel={t('common.close')} title={title}>
      <form className="stack" onSubmit={submit}>
        <TextField
          label={t('common.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
          data-autofocus
          required
        />
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" busy={busy} disabled={!name.trim()}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
