/**
 * The recovery key shown to the person: the database's key written as a recovery code (domain/recovery-code.ts).
 *
 * It is shown without asking once, right after the data is first encrypted, until the person says they wrote
 * it down; afterwards only to someone who gives the owner's password again (an open session alone must not
 * hand the key of every backup to whoever sits at the computer). The password is checked under the sign-in
 * throttle of the owner's e-mail, as a password change is. The code is never logged or stored anywhere: it
 * is computed from the key in memory for each answer.
 */
import { InvalidInput } from '../../domain/errors';
import { keyOfRecoveryCode, recoveryCodeOf, recoveryCodeProblemText } from '../../domain/recovery-code';
import type { LoginGuard } from '../../identity/login-throttle';
import { verifyPassword } from '../../identity/password-hash';
import type { Settings } from '../../settings';
import type { UsersStore } from '../../store/users';

/** The setting (kept in the database, so a restore brings back its value) saying the code was written down. */
const WRITTEN_DOWN = 'recovery_key_written_down';
/** The throttle key of password checks made to see the recovery key. */
const THROTTLE_CLIENT = 'coffer:recovery-key';

export interface RecoveryKeyDeps {
  key: Uint8Array;
  settings: Settings;
  users: Pick<UsersStore, 'ownerId' | 'findById'>;
  loginGuard: LoginGuard;
}

export interface RecoveryKeyState {
  written_down: boolean;
  /** Only while it was not written down yet, or in the answer to the owner's password. */
  recovery_code?: string;
}

export type RevealOutcome =
  | { kind: 'shown'; state: RecoveryKeyState }
  | { kind: 'wrong_password' }
  | { kind: 'throttled'; retryAfterMs: number };

export function createRecoveryKeyService(deps: RecoveryKeyDeps) {
  const writtenDown = () => deps.settings.getRaw<boolean>(WRITTEN_DOWN) === true;
  const code = () => recoveryCodeOf(deps.key);
  return {
    /** Whether it was written down; the code itself only while it was not. */
    state(): RecoveryKeyState {
      return writtenDown() ? { written_down: true } : { written_down: false, recovery_code: code() };
    },
    /** The person says they wrote it down (or printed it): from now on it is shown after the password only. */
    markWrittenDown(): RecoveryKeyState {
      deps.settings.setRaw(WRITTEN_DOWN, true);
      return { written_down: true };
    },
    /** The code, for the owner's password. */
    async reveal(password: string): Promise<RevealOutcome> {
      const ownerId = deps.users.ownerId();
      const owner = ownerId === null ? undefined : deps.users.findById(ownerId);
      if (!owner) {
        throw new InvalidInput('this installation has no owner account yet: create it in the app first, then ask for the recovery key again');
      }
      const verdict = deps.loginGuard.check(owner.email);
      if (!verdict.allowed) return { kind: 'throttled', retryAfterMs: verdict.retryAfterMs };
      const ok = await verifyPassword(password, owner.password_hash);
      deps.loginGuard.record(owner.email, THROTTLE_CLIENT, ok);
      if (!ok) return { kind: 'wrong_password' };
      return { kind: 'shown', state: { written_down: writtenDown(), recovery_code: code() } };
    },
  };
}

/** The key a typed recovery code stands for; InvalidInput saying what is wrong with it. */
export function keyOfCode(code: string): Uint8Array {
  const read = keyOfRecoveryCode(code);
  if ('problem' in read) throw new InvalidInput(recoveryCodeProblemText(read.problem));
  return read.key;
}

export type RecoveryKeyService = ReturnType<typeof createRecoveryKeyService>;
