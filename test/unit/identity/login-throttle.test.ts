import { describe, expect, it } from 'vitest';
import {
  EMAIL_POLICY,
  LoginGuard,
  LoginThrottle,
  throttleDelayMs,
} from '../../../src/main/engine/identity/login-throttle';

describe('throttleDelayMs', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 1000],
    [4, 2000],
    [5, 4000],
    [6, 8000],
    [7, 8000],
    [50, 8000],
  ])('%i failures → %i ms', (failures, delay) => {
    expect(throttleDelayMs(failures, EMAIL_POLICY)).toBe(delay);
  });
});

describe('LoginThrottle', () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('allows the first failures, then imposes a growing wait after the last failure', () => {
    const c = clock();
    const th = new LoginThrottle(EMAIL_POLICY, c.now);
    th.fail('a');
    th.fail('a');
    expect(th.check('a')).toEqual({ allowed: true });
    th.fail('a');
    expect(th.check('a')).toEqual({ allowed: false, retryAfterMs: 1000 });
    c.advance(600);
    expect(th.check('a')).toEqual({ allowed: false, retryAfterMs: 400 });
    c.advance(400);
    expect(th.check('a')).toEqual({ allowed: true });
    th.fail('a');
    expect(th.check('a')).toEqual({ allowed: false, retryAfterMs: 2000 });
    expect(th.check('b')).toEqual({ allowed: true });
  });

  it('forgets failures older than the window', () => {
    const c = clock();
    const th = new LoginThrottle(EMAIL_POLICY, c.now);
    for (let i = 0; i < 5; i++) th.fail('a');
    expect(th.check('a').allowed).toBe(false);
    c.advance(EMAIL_POLICY.windowMs + 1);
    expect(th.check('a')).toEqual({ allowed: true });
    th.fail('a');
    expect(th.check('a')).toEqual({ allowed: true });
  });

  it('a success clears the key', () => {
    const c = clock();
    const th = new LoginThrottle(EMAIL_POLICY, c.now);
    for (let i = 0; i < 4; i++) th.fail('a');
    th.succeed('a');
    expect(th.check('a')).toEqual({ allowed: true });
  });
});

describe('LoginGuard', () => {
  it('refuses by e-mail (case-insensitive) before the password; a client only far above what one person types', () => {
    let t = 0;
    const g = new LoginGuard(() => t);
    for (let i = 0; i < 3; i++) g.record('Ann@Example.com', 'c1', false);
    expect(g.check('ann@example.com')).toEqual({ allowed: false, retryAfterMs: 1000 });
    expect(g.check('bob@example.com')).toEqual({ allowed: true });
    // Issue 14 finding 2: ten failures over made-up e-mails do not slow the client down.
    for (let i = 0; i < 10; i++) g.record(`u${i}@example.com`, 'c1', false);
    expect(g.refuseWrong('c1')).toEqual({ allowed: true });
    // A hundred do (a password spray), for wrong passwords only: check() of another e-mail stays allowed.
    for (let i = 10; i < 100; i++) g.record(`u${i}@example.com`, 'c1', false);
    expect(g.refuseWrong('c1').allowed).toBe(false);
    expect(g.refuseWrong('c2').allowed).toBe(true);
    expect(g.check('owner@example.com')).toEqual({ allowed: true });
    t += 8000;
    expect(g.refuseWrong('c1').allowed).toBe(true);
  });

  it('a success resets the e-mail but not the client', () => {
    const g = new LoginGuard(() => 0);
    for (let i = 0; i < 100; i++) g.record('a@example.com', 'c1', false);
    g.record('a@example.com', 'c1', true);
    expect(g.byEmail.check('a@example.com')).toEqual({ allowed: true });
    expect(g.byClient.check('c1').allowed).toBe(false);
  });
});
