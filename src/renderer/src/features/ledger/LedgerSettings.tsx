import { OwnCategories } from './OwnCategories';
import { PayeesList } from './PayeesList';

/** Settings → Categories and payees. */
export default function LedgerSettings() {
  return (
    <div className="stack" style={{ gap: 'var(--space-5)' }}>
      <OwnCategories />
      <PayeesList />
    </div>
  );
}
