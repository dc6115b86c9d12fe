import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { installAccessControl } from './access-control';
import type { EngineContext } from '../context';
import type { RouteModule } from './route-module';
import { installAppPages } from './app-pages';
import { installBodyParsers } from './body-parsers';
import { installErrorHandler } from './error-handler';
import { installOpenApi } from './openapi';
import { installRequestGuards } from './request-guards';
import { installListParams } from './list-params';
import { installWriteGate } from './write-gate';
import { installStorageGate, type StorageGate } from './storage-gate';
import { clientErrorHandler, frameworkErrors, installExpectationHandler, MAX_PARAM_LENGTH } from './transport-errors';

export const BODY_LIMIT = 1024 * 1024;

export interface ServerOptions {
  /** The route modules to mount (the composition root hands routes/index.ts's list). */
  routes?: readonly RouteModule[];
  /** Current terms version (identity module); 1 until terms exist. */
  currentTermsVersion?: () => number;
  /** Closes every data path when the database is found damaged (http/storage-gate.ts). */
  storage?: StorageGate;
}

/** Builds the one loopback HTTP server (docs/api/server.md#addresses), not yet listening. */
export async function buildServer(ctx: EngineContext, options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    forceCloseConnections: true,
    return503OnClosing: true,
    // Error bodies (docs/api/errors.md#body) for what fails before routing (http/transport-errors.ts).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    // A request without Host reaches the guards, which answer it with the error body (docs/api/errors.md#body) (Node's
    // own 400 is empty).
    http: { requireHostHeader: false },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false, useDefaults: true, allowUnionTypes: true } },
  });

  installExpectationHandler(app.server);
  installErrorHandler(app, options.storage);
  installRequestGuards(app, ctx);
  // Before anything that reads the database (the bearer lookup): a damaged one is not read at all.
  if (options.storage) installStorageGate(app, options.storage);
  installListParams(app);
  installAccessControl(app, {
    lookup: ctx.identity.bearer,
    now: () => ctx.now(),
    currentTermsVersion: options.currentTermsVersion ?? (() => 1),
  });
  installWriteGate(app, { writesIdle: () => ctx.writesIdle() });
  await installOpenApi(app);
  await installBodyParsers(app, BODY_LIMIT);

  const routeModules = options.routes ?? [];
  for (const prefix of ['/v2', '/v2.1']) {
    await app.register(
      async (api) => {
        for (const m of routeModules) if (m.mount === 'api') await m.register(api, ctx);
      },
      { prefix },
    );
  }
  for (const m of routeModules) if (m.mount === 'root') await m.register(app, ctx);
  await installAppPages(app, ctx);
  return app;
}
