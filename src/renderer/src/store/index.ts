import { create } from 'zustand';
import { createDataSlice, type DataAction } from './data/action';
import { initialDataState, type DataState } from './data/initialState';
import { createHistorySlice, type HistoryAction } from './history/action';
import { initialHistoryState, type HistoryState } from './history/initialState';
import { createSessionSlice, type SessionAction } from './session/action';
import { initialSessionState, type SessionState } from './session/initialState';
import { createSettingsSlice, type SettingsAction } from './settings/action';
import { initialSettingsState, type SettingsState } from './settings/initialState';
import { createSyncSlice, type SyncAction } from './sync/action';
import { initialSyncState, type SyncState } from './sync/initialState';

/**
 * The app store: one zustand store made of slices (session, settings, data, sync, history), each with its
 * initial state, its actions and its selectors in `store/<slice>/`.
 */
export type AppStore = SessionState &
  SessionAction &
  SettingsState &
  SettingsAction &
  DataState &
  DataAction &
  SyncState &
  SyncAction &
  HistoryState &
  HistoryAction;

export const useStore = create<AppStore>()((...a) => ({
  ...initialSessionState,
  ...initialSettingsState,
  ...initialDataState,
  ...initialSyncState,
  ...initialHistoryState,
  ...createSessionSlice(...a),
  ...createSettingsSlice(...a),
  ...createDataSlice(...a),
  ...createSyncSlice(...a),
  ...createHistorySlice(...a),
}));

export { dataSelectors } from './data/selectors';
export { historySelectors } from './history/selectors';
export { sessionSelectors } from './session/selectors';
export { settingsSelectors } from './settings/selectors';
export { syncSelectors } from './sync/selectors';
