import type { AppStatus, User } from '../../lib/api';

export type Phase =
  /** Reading the session and the installation's status. */
  | 'booting'
  /** The engine does not answer. */
  | 'offline'
  /** No user yet: create the owner. */
  | 'first-run'
  /** An owner exists but this browser has no session. */
  | 'sign-in'
  /** Signed in; the current terms are not accepted yet. */
  | 'terms'
  /** The engine runs but does not open its database (damaged, or missing in a folder used before). */
  | 'storage'
  | 'ready';

export interface StoredSession {
  userId: string;
  accessToken: string;
  /** UTC seconds. */
  accessExpires: number;
  refreshToken?: string;
}

export interface SessionState {
  phase: Phase;
  appStatus: AppStatus | null;
  user: User | null;
  engine: 'checking' | 'ok' | 'down';
  /** Why the sign-in page is shown (session ended, sign-in failed). */
  authMessage: string | null;
  /** Why the engine does not serve its data (phase 'storage'): its error code and description. */
  storageProblem: { code: string; description: string } | null;
}

export const initialSessionState: SessionState = {
  phase: 'booting',
  appStatus: null,
  user: null,
  engine: 'checking',
  authMessage: null,
  storageProblem: null,
};
