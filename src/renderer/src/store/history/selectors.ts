import type { AppStore } from '..';

export const historySelectors = {
  isLoading: (s: AppStore) => s.txLoad.status === 'loading',
  progress: (s: AppStore) => (s.txLoad.total ? Math.min(1, s.txLoad.loaded / s.txLoad.total) : 0),
};
