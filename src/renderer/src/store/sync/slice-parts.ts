import type { StateCreator } from 'zustand';
import type { AppStore } from '..';
import { translate } from '../../lib/i18n/translate';
import type { MessageKey } from '../../lib/i18n/en';

type Creator = StateCreator<AppStore, [], [], unknown>;
/** The store's `set` and `get`, as a slice creator receives them. */
export type SetStore = Parameters<Creator>[0];
export type GetStore = Parameters<Creator>[1];

export interface StoreAccess {
  set: SetStore;
  get: GetStore;
  /** A message in the person's language. */
  t(key: MessageKey, vars?: Record<string, string | number>): string;
}

export function storeAccess(set: SetStore, get: GetStore): StoreAccess {
  return { set, get, t: (key, vars) => translate(get().language, key, vars) };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The running map without one connection. */
export function stopFollowing({ set }: StoreAccess, connectionId: string): void {
  set((s) => {
    const running = { ...s.running };
    delete running[connectionId];
    return { running };
  });
}
