import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { activeFilterCount, EMPTY_FILTER, isFilterEmpty } from '../../lib/tx-filter';
import { useStore } from '../../store';
import { Button, Icon } from '../../ui';
import { FilterFields } from './FilterFields';
import { useCompact } from './use-compact';

/**
 * The filter bar: the free-text search, then the other filters (FilterFields). In a small window the other
 * filters fold behind a "Filters" button that tells how many are set, so the rows keep the height.
 */
export function HistoryFilters() {
  const { t } = useT();
  const filter = useStore((s) => s.filter);
  const setFilter = useStore((s) => s.setFilter);
  const replaceFilter = useStore((s) => s.replaceFilter);
  const compact = useCompact();
  const [open, setOpen] = useState(false);
  const set = activeFilterCount(filter);

  return (
    <div className="history-filters" role="search" aria-label={t('history.filters')}>
      <div style={{ position: 'relative', flex: '1 1 200px', maxWidth: 420 }}>
        <span style={{ position: 'absolute', left: 10, top: 8, color: 'var(--text-faint)' }}>
          <Icon name="search" size={16} />
        </span>
        <input
          className="input input-sm"
          type="search"
          style={{ paddingLeft: 32 }}
          placeholder={t('history.search')}
          aria-label={t('history.search')}
          value={filter.q}
          onChange={(e) => setFilter({ q: e.target.value })}
          data-testid="history-search"
        />
      </div>
      {compact && (
        <Button
          size="sm"
          icon="filter"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid="history-more-filters"
        >
          {set ? t('hfilter.moreSet', { count: String(set) }) : t('history.filters')}
        </Button>
      )}
      {(!compact || open) && <FilterFields />}
      {!isFilterEmpty(filter) && (
        <Button size="sm" variant="ghost" icon="x" onClick={() => replaceFilter(EMPTY_FILTER)}>
          {t('history.clear')}
        </Button>
      )}
    </div>
  );
}
