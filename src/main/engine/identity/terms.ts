import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '../../../shared/language';

/** The terms and conditions shipped in `resources/terms/`: a version number and one text per language. */
export interface Terms {
  version: number;
  text: Record<Language, string>;
}

/** Reads the terms (the engine does it once, at start: a broken version file stops the start). */
export function loadTerms(resourcesDir: string): Terms {
  const dir = join(resourcesDir, 'terms');
  const meta = JSON.parse(readFileSync(join(dir, 'version.json'), 'utf8')) as { version?: unknown };
  if (!Number.isInteger(meta.version) || (meta.version as number) < 1) {
    throw new Error(`${join(dir, 'version.json')}: "version" must be a positive integer`);
  }
  return {
    version: meta.version as number,
    text: {
      en: readFileSync(join(dir, 'terms.en.md'), 'utf8'),
      fr: readFileSync(join(dir, 'terms.fr.md'), 'utf8'),
    },
  };
}
