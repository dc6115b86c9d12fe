/**
 * Slows down password guessing: after `threshold` failed logins within `windowMs` for one key (an e-mail,
 * a client), the next attempt must wait `min(baseMs · 2^(n-1), capMs)` after the last failure, n being the
 * failure count. Kept in memory (a restart forgets it, which only gives back a few attempts).
 */
export interface ThrottlePolicy {
  threshold: number;
  baseMs: number;
  capMs: number;
  windowMs: number;
}

export const EMAIL_POLICY: ThrottlePolicy = { threshold: 3, baseMs: 250, capMs: 8000, windowMs: 15 * 60_000 };
/**
 * A client logs in every user of an integration, and one person mistypes a few times: the client is slowed
 * down only far above that (a hundred failures within the window: a password spray over many e-mails).
 */
export const CLIENT_POLICY: ThrottlePolicy = { threshold: 100, baseMs: 250, capMs: 8000, windowMs: 15 * 60_000 };

/** Wait imposed after `failures` failures (0 below the threshold). */
export function throttleDelayMs(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.threshold) return 0;
  return Math.min(policy.baseMs * 2 ** (failures - 1), policy.capMs);
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

const MAX_KEYS = 10_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  /** `now` returns milliseconds (injectable for tests). */
  constructor(
    private readonly policy: ThrottlePolicy,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.policy.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  check(key: string): ThrottleVerdict {
    const list = this.recent(key);
    const delay = throttleDelayMs(list.length, this.policy);
    if (delay === 0) return { allowed: true };
    const wait = list[list.length - 1] + delay - this.now();
    return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
  }

  fail(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
    if (this.failures.size > MAX_KEYS) this.prune();
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
    // Still too many (an attack over many keys): drop the oldest entries.
    for (const key of this.failures.keys()) {
      if (this.failures.size <= MAX_KEYS) break;
      this.failures.delete(key);
    }
  }
}

/**
 * Both keys of a login attempt: the e-mail (any client) and the client (any e-mail). The e-mail's throttle
 * refuses an attempt before the password is checked. The client's does not: failures on other accounts must
 * never lock a user out (ten wrong passwords for made-up e-mails would otherwise lock the owner out of the
 * app's client), so the password is still checked, a right one is accepted, and only a wrong one is answered
 * "slow down" (`refuseWrong`).
 */
export class LoginGuard {
  readonly byEmail: LoginThrottle;
  readonly byClient: LoginThrottle;

  constructor(now: () => number = Date.now) {
    this.byEmail = new LoginThrottle(EMAIL_POLICY, now);
    this.byClient = new LoginThrottle(CLIENT_POLICY, now);
  }

  /** Before the password is checked: only the e-mail's own failures can refuse it. */
  check(email: string): ThrottleVerdict {
    return this.byEmail.check(email.toLowerCase());
  }

  /** After a wrong password: answered "slow down" instead of "wrong" while the client is throttled. */
  refuseWrong(clientId: string): ThrottleVerdict {
    return this.byClient.check(clientId);
  }

  record(email: string, clientId: string, ok: boolean): void {
    if (ok) {
      this.byEmail.succeed(email.toLowerCase());
    } else {
      this.byEmail.fail(email.toLowerCase());
      this.byClient.fail(clientId);
    }
  }
}
