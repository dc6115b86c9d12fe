import { passwordProblem } from '../../../shared/password';
import type { TokensStore } from '../store/tokens';
import type { UsersStore } from '../store/users';
import type { LoginGuard } from './login-throttle';
import { hashPassword, verifyPassword } from './password-hash';

/**
 * Changing one's password (extension `PUT /users/{id}/password`). The current password is asked again, under
 * the sign-in throttle of the user's e-mail (a stolen session must not become a free password-guessing
 * oracle); once changed, every other sign-in session of the user ends (a thief's included) while the one that
 * asked stays open. Personal access tokens are kept: they are revoked one by one in the settings.
 */
export interface PasswordChangeDeps {
  users: UsersStore;
  tokens: TokensStore;
  loginGuard: LoginGuard;
  now(): number;
  /** One database transaction: the new password and the end of the other sessions go together or not at all. */
  transaction<T>(fn: () => T): T;
}

export interface PasswordChangeRequest {
  userId: number;
  currentPassword: string;
  newPassword: string;
  /** The caller's token (SHA-256): its rotation family is the session that stays open. */
  callerTokenHash: string;
}

export type PasswordChangeOutcome =
  | { kind: 'changed'; sessionsEnded: number }
  | { kind: 'no_user' }
  | { kind: 'invalid'; problem: string }
  | { kind: 'wrong_current' }
  | { kind: 'throttled'; retryAfterMs: number };

/** The throttle key of password checks made outside a sign-in (any client). */
const CLIENT_KEY = 'coffer:password-change';

export async function changePassword(
  deps: PasswordChangeDeps,
  request: PasswordChangeRequest,
): Promise<PasswordChangeOutcome> {
  const user = deps.users.findById(request.userId);
  if (!user) return { kind: 'no_user' };
  const problem = passwordProblem(request.newPassword);
  if (problem) return { kind: 'invalid', problem: problem.replace(/^password/, 'new_password') };
  const verdict = deps.loginGuard.check(user.email);
  if (!verdict.allowed) return { kind: 'throttled', retryAfterMs: verdict.retryAfterMs };
  const ok = await verifyPassword(request.currentPassword, user.password_hash);
  deps.loginGuard.record(user.email, CLIENT_KEY, ok);
  if (!ok) return { kind: 'wrong_current' };
  const hash = await hashPassword(request.newPassword);
  const keepFamily = deps.tokens.findByHash(request.callerTokenHash)?.family_id ?? null;
  const now = deps.now();
  const sessionsEnded = deps.transaction(() => {
    deps.users.setPasswordHash(user.id, hash);
    return deps.tokens.revokeSessionsExcept(user.id, keepFamily, now);
  });
  return { kind: 'changed', sessionsEnded };
}
