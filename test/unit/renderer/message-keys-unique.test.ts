/**
 * Every message key is defined in one English file only. en.ts spreads the area files (`…En`) into one
 * object, so a key defined twice silently takes the value of the file spread last: one screen then shows
 * another screen's sentence (the recovery-key card once showed the connection card's "Your bank refused
 * the password last time" because both used `recovery.title`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..', 'src', 'renderer');
const FOLDERS = [join(ROOT, 'src', 'lib', 'i18n'), join(ROOT, 'core', 'i18n')];

/** The keys a message file defines: the quoted names at the start of its object's lines. */
function keysOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^\s+'([A-Za-z0-9_.-]+)':/gm)].map((m) => m[1]!);
}

describe('English message keys', () => {
  it('each key is defined by one file only', () => {
    const owners = new Map<string, string[]>();
    for (const folder of FOLDERS) {
      for (const name of readdirSync(folder).filter((n) => n === 'en.ts' || n.endsWith('.en.ts'))) {
        for (const key of new Set(keysOf(join(folder, name)))) owners.set(key, [...(owners.get(key) ?? []), name]);
      }
    }
    expect(owners.size).toBeGreaterThan(500);
    const twice = [...owners].filter(([, files]) => files.length > 1).map(([key, files]) => `${key}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
