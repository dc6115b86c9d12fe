import type { FastifyInstance } from 'fastify';
import type { EngineContext } from '../context';

/**
 * A group of routes. `api` modules are mounted under /v2 and again under /v2.1 (see docs/api/server.md#addresses);
 * `root` modules at the host root (auth server, sign-keys, widget, pages). Every route sets `config.access`.
 */
export interface RouteModule {
  mount: 'api' | 'root';
  register(app: FastifyInstance, ctx: EngineContext): void | Promise<void>;
}

export const defineRoutes = (module: RouteModule): RouteModule => module;
