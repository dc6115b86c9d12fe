import { describe, expect, it } from 'vitest';
import { CutShort, JsonSplitter, NotAnObject } from '../../../src/main/engine/services/export-import/json-splitter';

function split(text: string, size: number): unknown[] {
  const events: unknown[] = [];
  const s = new JsonSplitter({
    value: (k, t) => events.push(['value', k, JSON.parse(t)]),
    element: (k, i, t) => events.push(['element', k, i, JSON.parse(t)]),
  });
  for (let i = 0; i < text.length; i += size) s.push(text.slice(i, i + size));
  s.end();
  return events;
}

describe('JsonSplitter', () => {
  const doc = {
    format: 'coffer-export',
    version: 1,
    user: { a: [1, { b: '}"]' }] },
    categories: [],
    transactions: [{ x: 'a,b]', y: [1, [2]] }, 3, 's\\"', null],
    z: 'q',
  };
  const expected = [
    ['value', 'format', 'coffer-export'],
    ['value', 'version', 1],
    ['value', 'user', doc.user],
    ['element', 'transactions', 0, doc.transactions[0]],
    ['element', 'transactions', 1, 3],
    ['element', 'transactions', 2, 's\\"'],
    ['element', 'transactions', 3, null],
    ['value', 'z', 'q'],
  ];

  it.each([1, 2, 3, 7, 10_000])('hands on values and array elements whatever the size of the pieces (%i)', (size) => {
    expect(split(JSON.stringify(doc), size)).toEqual(expected);
    expect(split(JSON.stringify(doc, null, 2), size)).toEqual(expected);
  });

  it('says when the text is cut short or is not an object', () => {
    const text = JSON.stringify(doc);
    expect(() => split(text.slice(0, text.length - 1), 5)).toThrow(CutShort);
    expect(() => split(text.slice(0, 40), 5)).toThrow(CutShort);
    expect(() => split('date,amount\n2024-01-01,12', 5)).toThrow(NotAnObject);
    expect(() => split('[1,2]', 5)).toThrow(NotAnObject);
    expect(() => split('{"a":1} trailing', 5)).toThrow(NotAnObject);
  });
});
