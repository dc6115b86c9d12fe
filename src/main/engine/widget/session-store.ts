/**
 * Widget sessions (see docs/api/widget.md#session), kept in this process's memory only: a session holds a refresh token
 * (and the client secret needed to use it) when the integrator gave one, and those never touch the disk. A restart ends
 * every session (the pages then answer result=expired), which is what a short-lived link should do. Sessions are found
 * by the SHA-256 of their id, like every other bearer secret of the engine.
 */
import { randomBytes } from 'node:crypto';
import { hashToken } from '../auth/token-hash';
import type { FlowParams } from './flow-params';

export interface SessionRefresh {
  token: string;
  clientId: string;
  clientSecret?: string;
}

export interface WidgetSession {
  hash: string;
  userId: number;
  /** The client the user's tokens were issued to (null for personal access tokens). */
  clientId: string | null;
  scopes: string[];
  /** Hash of the user access token the session currently stands on (renewed through `refresh`). */
  accessHash: string;
  familyId: string | null;
  refresh?: SessionRefresh;
  /** UTC seconds. */
  expires: number;
  creationDate: number;
  redirectUri?: string;
  params: FlowParams;
  /** A renewal in progress: concurrent page loads wait for it instead of spending the refresh token twice. */
  renewing?: Promise<boolean>;
}

/** Expired sessions are kept this long so their pages can still send the user back with result=expired. */
export const EXPIRED_SESSION_GRACE = 24 * 3600;
export const MAX_SESSIONS = 10_000;

export const newSessionId = () => `cws_${randomBytes(32).toString('base64url')}`;

export class WidgetSessionStore {
  private readonly sessions = new Map<string, WidgetSession>();

  add(session: WidgetSession): void {
    if (this.sessions.size >= MAX_SESSIONS) {
      // Maps iterate in insertion order: the oldest goes first.
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    this.sessions.set(session.hash, session);
  }

  get(sessionId: string | undefined): WidgetSession | undefined {
    if (typeof sessionId !== 'string' || sessionId.length === 0 || sessionId.length > 200) return undefined;
    return this.sessions.get(hashToken(sessionId));
  }

  /** Forgets sessions expired for longer than the grace period. */
  sweep(now: number): number {
    let removed = 0;
    for (const [hash, s] of this.sessions) {
      if (s.expires + EXPIRED_SESSION_GRACE < now) {
        this.sessions.delete(hash);
        removed++;
      }
    }
    return removed;
  }

  get size(): number {
    return this.sessions.size;
  }
}
