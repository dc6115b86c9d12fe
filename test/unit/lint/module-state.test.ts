/**
 * coffer/no-module-state (eslint/no-module-state.js): what a module keeps at its top level is shared by every
 * engine, store and test of the process, so lint refuses module-level `let`/`var` and empty containers made
 * to be filled, in the engine and in the renderer alike.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..', '..') });

async function moduleStateErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'coffer/no-module-state').map((m) => m.message);
}

describe('no mutable state at the top of a module', () => {
  const refused: Array<[string, string, string, RegExp]> = [
    ['a parser memo in a module-level let', 'src/main/engine/connectors/statements/formats/bad.ts', "let lastRaw = '';\nexport const read = (raw: string) => (lastRaw = raw);\n", /`let lastRaw`/],
    ['an exported var', 'src/main/engine/services/bad.ts', 'export var calls = 0;\n', /`var calls`/],
    ['a slice timer in a module-level let', 'src/renderer/src/store/sync/bad.ts', 'let timer: ReturnType<typeof setTimeout> | null = null;\nexport const stop = () => timer && clearTimeout(timer);\n', /`let timer`/],
    ['a module-level Map to fill', 'src/renderer/src/store/bad.ts', 'const answered = new Map<string, number>();\nexport const note = (id: string) => answered.set(id, 1);\n', /`answered = new Map\(\)`/],
    ['a module-level Set to fill', 'src/main/engine/widget/bad.ts', 'export const seen = new Set<string>();\n', /`seen = new Set\(\)`/],
    ['a module-level empty array', 'src/shared/bad.ts', 'const queue: string[] = [];\nexport const add = (s: string) => queue.push(s);\n', /`queue = \[\]`/],
    ['a module-level empty object as a cache', 'src/renderer/core/bad.ts', 'const cache: Record<string, number> = {};\nexport const get = (k: string) => (cache[k] ??= k.length);\n', /`cache = \{\}`/],
  ];
  it.each(refused)('fails on %s', async (_what, filePath, code, message) => {
    const errors = await moduleStateErrors(code, filePath);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it('lets constants, readonly empty values and state inside functions and classes through', async () => {
    const code = [
      "const KINDS = new Set(['A', 'B']);",
      'const NONE: readonly string[] = [];',
      'const EMPTY: ReadonlyMap<string, number> = new Map();',
      'export function counter() {',
      '  let count = 0;',
      '  const seen = new Set<string>();',
      '  return (id: string) => (seen.add(id), ++count, KINDS.has(id), NONE, EMPTY);',
      '}',
      'export class Memo {',
      '  private last = 0;',
      '  private readonly cache = new Map<string, number>();',
      '  read = (k: string) => this.cache.get(k) ?? this.last;',
      '}',
      'for (let i = 0; i < 1; i++) void i;',
      '',
    ].join('\n');
    expect(await moduleStateErrors(code, 'src/main/engine/domain/good.ts')).toEqual([]);
    expect(await moduleStateErrors(code, 'src/renderer/src/lib/good.ts')).toEqual([]);
  });
});
