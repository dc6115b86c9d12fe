import { DEFAULT_SORT, EMPTY_FILTER, type TxFilter, type TxSort } from '../../lib/tx-filter';

export interface TxLoad {
  status: 'idle' | 'loading' | 'ready' | 'error';
  loaded: number;
  total: number;
  error?: Error;
}

export interface HistoryState {
  /** Bumped whenever the in-memory transaction table changes (the table itself lives outside the store). */
  txVersion: number;
  txLoad: TxLoad;
  filter: TxFilter;
  sort: TxSort;
}

export const initialHistoryState: HistoryState = {
  txVersion: 0,
  txLoad: { status: 'idle', loaded: 0, total: 0 },
  filter: EMPTY_FILTER,
  sort: DEFAULT_SORT,
};
