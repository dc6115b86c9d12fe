import { useMemo } from 'react';
import { ACCOUNT_TYPES, TRANSACTION_STATUSES, type AccountType } from '../../lib/api';
import { addDays } from '../../lib/date-input';
import { useT, type MessageKey } from '../../lib/i18n';
import { accountKind } from '../common/account-kind';
import { dataSelectors, useStore } from '../../store';
import { DateField } from '../../ui';
import { AmountFilter } from './AmountFilter';
import { MultiSelect, type Option } from './MultiSelect';
import { usePayeeOptions } from '../ledger/use-payees';

/**
 * The filters of the bar besides the search: accounts, account type, categories (parents with their
 * children), statuses, amounts (direction and size) and dates. Every change goes to the store's filter at
 * once (the view recomputes).
 */
export function FilterFields() {
  const { t, lang } = useT();
  const filter = useStore((s) => s.filter);
  const setFilter = useStore((s) => s.setFilter);
  const { accountOptions, categoryOptions, statusOptions } = useFilterOptions();
  const payeeOptions = usePayeeOptions();

  return (
    <>
      <MultiSelect
        label={t('history.accounts')}
        options={accountOptions}
        selected={filter.accounts}
        onChange={(accounts) => setFilter({ accounts })}
        searchLabel={t('common.search')}
        clearLabel={t('history.clear')}
      />
      <select
        className="select input input-sm"
        style={{ width: 'auto' }}
        aria-label={t('history.accountType')}
        value={filter.accountType}
        onChange={(e) => setFilter({ accountType: e.target.value as AccountType | '' })}
        data-testid="filter-account-type"
      >
        <option value="">{t('history.anyType')}</option>
        {ACCOUNT_TYPES.map((a) => (
          <option key={a} value={a}>
            {t(`accountType.${a}` as MessageKey)}
          </option>
        ))}
      </select>
      <MultiSelect
        label={t('history.categories')}
        options={categoryOptions}
        selected={filter.categories}
        onChange={(categories) => setFilter({ categories })}
        searchLabel={t('common.search')}
        clearLabel={t('history.clear')}
      />
      {payeeOptions.length > 0 && (
        <MultiSelect
          label={t('payee.filter')}
          options={payeeOptions}
          selected={filter.payees ?? []}
          onChange={(payees) => setFilter({ payees })}
          searchLabel={t('common.search')}
          clearLabel={t('history.clear')}
        />
      )}
      <MultiSelect
        label={t('history.statuses')}
        options={statusOptions}
        selected={filter.statuses}
        onChange={(statuses) => setFilter({ statuses })}
        searchLabel={t('common.search')}
        clearLabel={t('history.clear')}
      />
      <AmountFilter />
      <DateField
        label={t('history.from')}
        lang={lang}
        invalidText={t('date.invalid')}
        value={filter.from}
        onChange={(from) => setFilter({ from })}
      />
      {/* The filter's `to` excludes its day; people name the last day they want: shown one day earlier. */}
      <DateField
        label={t('history.until')}
        lang={lang}
        invalidText={t('date.invalid')}
        value={filter.to ? addDays(filter.to, -1) : ''}
        onChange={(until) => setFilter({ to: until ? addDays(until, 1) : '' })}
      />
    </>
  );
}

/** The choices of the accounts, categories (each parent followed by its children) and statuses filters. */
function useFilterOptions() {
  const i18n = useT();
  const { t } = i18n;
  const accounts = useStore((s) => s.accounts);
  const categories = useStore((s) => s.categories);
  const accountLabels = useStore(dataSelectors.accountLabels);

  const accountOptions: Option[] = useMemo(
    () =>
      accounts.map((a) => ({
        value: a.id,
        label: accountLabels.get(a.id) ?? a.name,
        hint: accountKind(i18n, a.type),
      })),
    [accounts, accountLabels, i18n],
  );
  const categoryOptions: Option[] = useMemo(() => {
    const parents = categories.filter((c) => !c.parent);
    const out: Option[] = [];
    for (const p of parents) {
      out.push({ value: p.id, label: p.label });
      for (const c of categories.filter((x) => x.parent?.id === p.id))
        out.push({ value: c.id, label: c.label, depth: 1 });
    }
    return out;
  }, [categories]);
  const statusOptions: Option[] = TRANSACTION_STATUSES.map((s) => ({
    value: s,
    label: t(`txStatus.${s}` as MessageKey),
  }));
  return { accountOptions, categoryOptions, statusOptions };
}
