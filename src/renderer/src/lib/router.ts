import { createElement, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * A tiny client-side router on the History API. The engine answers every HTML navigation with the app, so
 * deep links (/connections/3) work on reload.
 */
// eslint-disable-next-line coffer/no-module-state -- the page has one address and one history: its listeners are the page's
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

window.addEventListener('popstate', emit);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => window.location.pathname + window.location.search;

/**
 * Goes to an address of the app. `state` is kept with the entry of the browser's history (read back with
 * entryState, on a reload or Back/Forward too); going to the address already shown only replaces its state.
 */
export function navigate(to: string, options: { replace?: boolean; state?: unknown } = {}): void {
  const state = options.state ?? null;
  if (to === snapshot()) {
    if (options.state !== undefined) window.history.replaceState(state, '', to);
    return;
  }
  if (options.replace) window.history.replaceState(state, '', to);
  else window.history.pushState(state, '', to);
  emit();
}

/** The state navigate kept with the entry of the browser's history shown now (null for none). */
export function entryState(): unknown {
  return window.history.state as unknown;
}

export interface Location {
  pathname: string;
  search: URLSearchParams;
}

export function useLocation(): Location {
  const value = useSyncExternalStore(subscribe, snapshot);
  const i = value.indexOf('?');
  return { pathname: i < 0 ? value : value.slice(0, i), search: new URLSearchParams(i < 0 ? '' : value.slice(i)) };
}

/** `/connections/:id` against `/connections/3` → `{id: '3'}`; null when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i].startsWith(':')) params[a[i].slice(1)] = decodeURIComponent(b[i]);
    else if (a[i] !== b[i]) return null;
  }
  return params;
}

export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return createElement('a', { href: to, onClick: handle, ...rest });
}
