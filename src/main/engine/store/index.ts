import type { Db } from '../db/database';
import { createClientsStore, type ClientsStore } from './clients';
import { createSignKeysStore, type SignKeysStore } from './sign-keys';
import { createTokensStore, type TokensStore } from './tokens';
import { createUsersStore, type UsersStore } from './users';
import { createWidgetPagesStore, type WidgetPagesStore } from './widget-pages';

/** Every SQL statement of the engine, one field per aggregate (each module caches its prepared statements). */
export interface Store {
  users: UsersStore;
  tokens: TokensStore;
  clients: ClientsStore;
  signKeys: SignKeysStore;
  widgetPages: WidgetPagesStore;
}

export function createStore(db: Db): Store {
  return {
    users: createUsersStore(db),
    tokens: createTokensStore(db),
    clients: createClientsStore(db),
    signKeys: createSignKeysStore(db),
    widgetPages: createWidgetPagesStore(db),
  };
}
