/** What every widget flow needs: the page's parameters, the session and how to end. */
import { createContext, useContext } from 'react';
import type { Boot } from './api';
import type { FlowOptions, WidgetParams } from './params';
import type { WidgetResult } from './result';

export interface WidgetEnv {
  params: WidgetParams;
  boot: Boot;
  options: FlowOptions;
  /** Ends the page: result to redirect_uri (and the parent window in an iframe). */
  finish(result: WidgetResult): void;
}

export const EnvContext = createContext<WidgetEnv | null>(null);

export function useEnv(): WidgetEnv {
  const env = useContext(EnvContext);
  if (!env) throw new Error('widget environment missing');
  return env;
}
