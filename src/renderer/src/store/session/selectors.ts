import type { AppStore } from '..';

export const sessionSelectors = {
  isReady: (s: AppStore) => s.phase === 'ready',
  userId: (s: AppStore) => s.user?.id ?? null,
  displayName: (s: AppStore) =>
    s.user ? [s.user.first_name, s.user.last_name].filter(Boolean).join(' ') || s.user.email : '',
  /**
   * Whose UI state this is: the installation (its data folder) and the user. Two installations served on the
   * same port share the browser's IndexedDB; their cached data must not mix.
   */
  scope: (s: AppStore) => (s.user ? `${s.appStatus?.data_dir ?? ''}|${s.user.id}` : ''),
  widgetUrl: (s: AppStore) => s.appStatus?.widget_url ?? `${window.location.origin}/embed`,
};
