import { describe, expect, it } from 'vitest';
import { typeMismatch } from '../../../src/main/engine/http/strict-json-types';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    n: { type: ['integer', 'null'] },
    x: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
    address: { type: ['object', 'null'], properties: { city: { type: 'string' } } },
  },
  additionalProperties: { type: 'string' },
};

describe('typeMismatch', () => {
  it.each([
    [{ name: 'a', n: 1, x: 1.5, tags: ['a'], address: { city: 'L' }, extra: 's' }, null],
    [{ n: null, x: 2, address: null }, null],
    [{ name: 5 }, 'body.name must be string'],
    [{ name: true }, 'body.name must be string'],
    [{ n: 1.5 }, 'body.n must be integer or null'],
    [{ x: '1' }, 'body.x must be number'],
    [{ tags: 'a' }, 'body.tags must be array'],
    [{ tags: ['a', 1] }, 'body.tags[1] must be string'],
    [{ address: { city: 1 } }, 'body.address.city must be string'],
    [{ extra: 1 }, 'body.extra must be string'],
    [[], 'body must be object'],
    ['x', 'body must be object'],
  ])('%j → %s', (value, problem) => {
    expect(typeMismatch(value, schema)).toBe(problem);
  });

  it('leaves an absent body to the validator', () => {
    expect(typeMismatch(undefined, schema)).toBeNull();
  });
});
