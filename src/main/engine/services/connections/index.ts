import { InvalidInput, NotFound } from '../../domain/errors';
import type { PageLimit } from '../../domain/list-input';
import { parseId } from '../../domain/record';
import { CONNECTION_STATUSES, type ConnectionStatus } from '../../domain/values';
import type { ConnectionRow } from '../../store/connections';
import type { SyncType } from '../../sync/sync-port';
import type { ServiceDeps } from '../deps';
import { answerChallenge, type UserInputBody } from './challenge-answer';
import { createConnection, putCredentials, type CreateConnectionBody, type PutCredentialsBody } from './create';
import { closeConnection, deleteConnection, reopenConnection } from './lifecycle';
import { connectionRecords, loadConnectionRecord, type ConnectionRecord } from './record';
import { synchronizeConnection, synchronizeUserConnections } from './synchronize';

export interface ConnectionListQuery extends PageLimit {
  status?: string;
  provider_id?: string;
}

/** The connection use cases (routes/connections.ts), bound to the engine's dependencies. */
export function createConnectionService(deps: ServiceDeps) {
  const { store } = deps;
  /** The caller's connection by its id as given in a path; NotFound when it is not one of theirs. */
  function owned(userId: number, idText: string): ConnectionRow {
    const connection = store.connections.findOwned(userId, parseId(idText));
    if (!connection) throw NotFound.of('connection', idText);
    return connection;
  }
  return {
    owned,
    /** GET /connections: the caller's connections (creation date, then id), one page, and the total count. */
    list(userId: number, query: ConnectionListQuery): { records: ConnectionRecord[]; total: number } {
      if (query.status !== undefined && !(CONNECTION_STATUSES as readonly string[]).includes(query.status)) {
        throw new InvalidInput(`query parameter status: unknown connection status ${JSON.stringify(query.status.slice(0, 40))}`);
      }
      const { rows, total } = store.connections.list(
        userId,
        { status: query.status as ConnectionStatus | undefined, providerId: query.provider_id },
        query,
      );
      return { records: connectionRecords(deps, rows), total };
    },
    /** The record of a connection id (GET /connections/{id}, and the answers of the writes). */
    record: (connectionId: number): ConnectionRecord | undefined => loadConnectionRecord(deps, connectionId),
    create: (userId: number, body: CreateConnectionBody) => createConnection(deps, userId, body),
    rename: (connection: ConnectionRow, name: string): void => store.connections.rename(connection.id, name),
    delete: (connection: ConnectionRow) => deleteConnection(deps, connection.id),
    putCredentials: (userId: number, connection: ConnectionRow, body: PutCredentialsBody) => putCredentials(deps, userId, connection, body),
    synchronize: (connection: ConnectionRow, type: SyncType) => synchronizeConnection(deps, connection, type),
    synchronizeAll: (userId: number) => synchronizeUserConnections(deps, userId),
    answerChallenge: (userId: number, connection: ConnectionRow, body: UserInputBody) => answerChallenge(deps, userId, connection.id, body),
    close: (connection: ConnectionRow) => closeConnection(deps, connection.id),
    reopen: (connection: ConnectionRow) => reopenConnection(deps, connection.id),
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
export type { CreateConnectionBody, PutCredentialsBody, UserInputBody };
