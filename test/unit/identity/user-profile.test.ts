import { describe, expect, it } from 'vitest';
import { isValidBirthdate, parseProfile, ProfileError } from '../../../src/main/engine/identity/user-profile';
import { propertiesProblem } from '../../../src/main/engine/identity/user-properties';
import { userRecord, type UserRow } from '../../../src/main/engine/identity/user-record';

const NOW = Date.UTC(2025, 5, 1) / 1000;

describe('parseProfile', () => {
  it('sets what is sent, clears null and "", keeps what is left out', () => {
    expect(
      parseProfile({ first_name: 'Ann', last_name: null, gender: '', address: { city: 'Lyon', street: null } }, NOW),
    ).toEqual({
      first_name: 'Ann',
      last_name: null,
      gender: null,
      city: 'Lyon',
      street: null,
    });
    expect(parseProfile({ address: null }, NOW)).toEqual({ street: null, postcode: null, city: null, country: null });
    expect(parseProfile({ email: 'x', unknown: 1 }, NOW)).toEqual({});
  });

  it.each([
    [{ first_name: 5 }, 'first_name must be a string'],
    [{ last_name: 'x'.repeat(257) }, 'last_name must be at most 256'],
    [{ birthdate: '1990-02-30' }, 'birthdate'],
    [{ birthdate: '2030-01-01' }, 'birthdate'],
    [{ address: 'Lyon' }, 'address must be an object'],
    [{ address: [] }, 'address must be an object'],
    [{ address: { city: 3 } }, 'address.city must be a string'],
  ])('refuses %j', (body, message) => {
    expect(() => parseProfile(body, NOW)).toThrow(ProfileError);
    expect(() => parseProfile(body, NOW)).toThrow(message);
  });

  it.each([
    ['1990-02-28', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['1899-12-31', false],
    ['1990-2-28', false],
    ['2025-06-01', true],
    ['2025-06-02', false],
  ])('birthdate %s valid: %s', (d, ok) => expect(isValidBirthdate(d, NOW)).toBe(ok));
});

describe('propertiesProblem', () => {
  it.each([
    [{}, null],
    [{ a: '1', b: '' }, null],
    [Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, 'v'])), null],
    [Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'v'])), 'at most 100'],
    [{ a: 1 }, 'must be a string'],
    [{ a: null }, 'must be a string'],
    [{ a: { b: 'c' } }, 'must be a string'],
    [{ '': 'x' }, 'must not be empty'],
    [{ ['k'.repeat(257)]: 'x' }, 'at most 256'],
    [{ a: 'é'.repeat(2049) }, 'longer than 4096 bytes'],
    [{ a: 'x'.repeat(4096) }, null],
    [[], 'JSON object'],
    [null, 'JSON object'],
    ['x', 'JSON object'],
  ])('%#', (body, problem) => {
    const found = propertiesProblem(body);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

describe('userRecord', () => {
  const row: UserRow = {
    id: 7,
    email: 'a@example.com',
    password_hash: 'scrypt$…',
    first_name: 'Ann',
    last_name: null,
    gender: null,
    birthdate: '1990-01-02',
    street: null,
    postcode: '69001',
    city: 'Lyon',
    country: null,
    terms_accepted_version: null,
    creation_date: 100,
  };
  it('leaves empty fields out and never shows the password hash', () => {
    expect(userRecord(row, 3)).toEqual({
      id: '7',
      email: 'a@example.com',
      first_name: 'Ann',
      creation_date: 100,
      birthdate: '1990-01-02',
      address: { postcode: '69001', city: 'Lyon' },
      terms_current_version: 3,
    });
    expect(userRecord({ ...row, postcode: null, city: null, terms_accepted_version: 2 }, 3)).toEqual({
      id: '7',
      email: 'a@example.com',
      first_name: 'Ann',
      creation_date: 100,
      birthdate: '1990-01-02',
      terms_accepted_version: 2,
      terms_current_version: 3,
    });
  });
});
