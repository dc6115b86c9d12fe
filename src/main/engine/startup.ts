import type { EngineContext } from './context';

/**
 * Work each engine part does once at start, before the server accepts requests (seed the catalogue, make
 * the integrator client, recover interrupted synchronizations…). They run in this order.
 */
export type StartupStep = (ctx: EngineContext) => void | Promise<void>;

export const startupSteps: StartupStep[] = [
];
