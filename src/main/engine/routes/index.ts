import type { RouteModule } from '../http/route-module';
import { healthRoutes, openApiRoutes } from './meta';

/** Every route module of the engine. Add a module here to serve it. */
export const routeModules: RouteModule[] = [openApiRoutes, healthRoutes];
