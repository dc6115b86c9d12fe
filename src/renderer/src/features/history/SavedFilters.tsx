import { useCallback, useEffect, useRef, useState } from 'react';
import { db } from '../../lib/db';
import { useT } from '../../lib/i18n';
import { EMPTY_FILTER, type TxFilter } from '../../lib/tx-filter';
import { sessionSelectors, useStore } from '../../store';
import { Button } from '../../ui';

/** The user's saved filters (kept in this browser's IndexedDB, per user): apply one, or delete it. */
export function SavedFilters({ onApply, iconOnly }: { onApply: (f: TxFilter) => void; iconOnly?: boolean }) {
  const { t } = useT();
  const userId = useStore(sessionSelectors.scope);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Array<{ id?: number; name: string; filter: unknown }>>([]);
  const ref = useRef<HTMLDivElement>(null);
  const reload = useCallback(() => {
    db.savedFilters
      .where('userId')
      .equals(userId)
      .toArray()
      .then(setItems)
      .catch(() => setItems([]));
  }, [userId]);
  useEffect(() => {
    if (open) reload();
  }, [open, reload]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={ref} style={{ position: 'relative' }}>
      <Button icon="filter" iconOnly={iconOnly} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('history.savedFilters')}
      </Button>
      {open && (
        <div className="popover" style={{ left: 'auto', right: 0 }} role="menu" aria-label={t('history.savedFilters')}>
          {items.length === 0 && (
            <p className="muted" style={{ padding: 8 }}>
              {t('history.noSaved')}
            </p>
          )}
          {items.map((item) => (
            <div key={item.id} className="row" style={{ justifyContent: 'space-between' }}>
              <button
                type="button"
                role="menuitem"
                className="btn btn-ghost btn-sm"
                style={{ flex: 1, justifyContent: 'flex-start', color: 'var(--text)' }}
                onClick={() => {
                  onApply({ ...EMPTY_FILTER, ...(item.filter as Partial<TxFilter>) });
                  setOpen(false);
                }}
              >
                {item.name}
              </button>
              <Button
                variant="ghost"
                size="sm"
                icon="trash"
                iconOnly
                onClick={() => {
                  void db.savedFilters.delete(item.id!).then(reload);
                }}
              >
                {`${t('common.delete')} ${item.name}`}
              </Button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
