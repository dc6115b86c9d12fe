import type { Account, ApiError, Category, Connection, Provider } from '../../lib/api';
import type { BalancePoint, SpendingSeries } from '../../lib/analytics';
import type { Language } from '../../lib/i18n/translate';

export interface LoadState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: ApiError | Error;
}

export interface DashboardSeries {
  currency: string;
  balance: BalancePoint[];
  spending: SpendingSeries;
}

export interface DataState {
  accounts: Account[];
  connections: Connection[];
  categories: Category[];
  /** The language of the categories' labels held (the engine answers in the language asked), null before. */
  categoriesLanguage: Language | null;
  providers: Provider[];
  accountsLoad: LoadState;
  connectionsLoad: LoadState;
  categoriesLoad: LoadState;
  providersLoad: LoadState;
  /** When the accounts and connections shown come from the instant-start copy (UTC ms), else null. */
  snapshotAt: number | null;
  /** The dashboard's charts from the instant-start copy, until the transactions are loaded. */
  cachedSeries: DashboardSeries | null;
}

export const initialDataState: DataState = {
  accounts: [],
  connections: [],
  categories: [],
  categoriesLanguage: null,
  providers: [],
  accountsLoad: { status: 'idle' },
  connectionsLoad: { status: 'idle' },
  categoriesLoad: { status: 'idle' },
  providersLoad: { status: 'idle' },
  snapshotAt: null,
  cachedSeries: null,
};
