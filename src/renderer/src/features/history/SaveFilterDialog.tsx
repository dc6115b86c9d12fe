import { useEffect, useState } from 'react';
import { db } from '../../lib/db';
import { useT } from '../../lib/i18n';
import type { TxFilter } from '../../lib/tx-filter';
import { sessionSelectors, useStore } from '../../store';
import { Button, Dialog, TextField, toast } from '../../ui';

/** Saves the current filter under a name (see SavedFilters). */
export function SaveFilterDialog({ open, filter, onClose }: { open: boolean; filter: TxFilter; onClose: () => void }) {
  const { t } = useT();
  const userId = useStore(sessionSelectors.scope);
  const [name, setName] = useState('');
  useEffect(() => {
    if (open) setName('');
  }, [open]);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    await db.savedFilters.add({ userId, name: name.trim(), filter, created: Date.now() }).catch(() => undefined);
    toast.success(t('common.saved'));
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('history.saveFilter')} closeLabel={t('common.close')}>
      <form className="stack" onSubmit={(e) => void save(e)}>
        <TextField
          label={t('history.filterName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-autofocus
          required
          maxLength={80}
        />
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!name.trim()}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
