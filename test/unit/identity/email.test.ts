import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../../../src/main/engine/identity/email';

describe('isValidEmail', () => {
  it.each(['a@example.com', 'first.last+tag@sub.example.co.uk', 'x_y-z@a-b.fr', "o'brien@example.ie"])(
    'accepts %s',
    (e) => {
      expect(isValidEmail(e)).toBe(true);
    },
  );
  it.each([
    '',
    'plain',
    '@example.com',
    'a@',
    'a@example',
    'a@@example.com',
    'a b@example.com',
    'a@exa mple.com',
    'a@-example.com',
    'a@example.c',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
    'a@example.com\n',
  ])('refuses %j', (e) => {
    expect(isValidEmail(e)).toBe(false);
  });
  it.each([null, 5, {}, ['a@example.com']])('refuses the non-string %j', (e) => {
    expect(isValidEmail(e)).toBe(false);
  });
});
