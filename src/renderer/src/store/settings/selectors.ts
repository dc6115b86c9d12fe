import type { AppStore } from '..';

export const settingsSelectors = {
  language: (s: AppStore) => s.language,
};
