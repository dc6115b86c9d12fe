import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/renderer/src/lib/i18n/en';
import { fr } from '../../../src/renderer/src/lib/i18n/fr';
import { dictionaries as widget } from '../../../src/renderer/widget/lib/i18n';

/**
 * French must not be English left untranslated. A French text may equal its English one only when every
 * word of it is the same in both languages: names (Coffer, Enable Banking, SimpleFIN…), codes and
 * abbreviations, numbers and placeholders.
 */
const SAME_IN_BOTH = new Set(
  [
    'coffer', 'ok', 'enable', 'banking', 'simplefin', 'bridge', 'test', 'bank', 'url', 'urls', 'id', 'api',
    'oauth', 'csv', 'ofx', 'qif', 'pem', 'json', 'iban', 'bic', 'psd2', 'email', 'e-mail', 'webhook', 'webhooks',
    'token', 'tokens', 'client', 'clients', 'date', 'description', 'type', 'total', 'transactions', 'source',
    'version', 'ms', 'max', 'min', 'en', 'fr', 'english', 'français', 'pending', 'secret', 'code', 'scope',
    'scopes', 'question', 'actions', 'options', 'note', 'notes', 'stop', 'support', 'statut', 'dashboard',
    'application', 'applications', 'connexion', 'documents', 'document', 'message', 'a', 'b', 'c', 'x', 'ui',
    'tab', 'enter', 'escape', 'esc', 'user_ok', 'pass_ok', 'app', 'base', 'bearer', 'favicon', 'https', 'http',
    // French words spelled as in English.
    'production', 'active', 'usage', 'public', 'budget', 'style',
  ],
);

/** The words of a text, without placeholders, numbers, punctuation and markup. */
function words(text: string): string[] {
  return text
    .replace(/\{\w+\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}_-]+/u)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter((w) => w.length > 0);
}

function untranslated(english: Record<string, string>, french: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(english)) {
    if (!(key in french)) {
      found.push(`${key}: missing in French`);
      continue;
    }
    if (french[key] !== value) continue;
    const foreign = words(value).filter((w) => !SAME_IN_BOTH.has(w));
    if (foreign.length > 0) found.push(`${key}: "${value}" (${foreign.join(', ')})`);
  }
  return found;
}

describe('French texts', () => {
  it('the app has every key in French, and no English left as the French text', () => {
    expect(untranslated(en, fr)).toEqual([]);
  });

  it('the widget has every key in French, and no English left as the French text', () => {
    expect(untranslated(widget.en, widget.fr)).toEqual([]);
  });
});

/** Files of a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Visible English written straight into a screen: the text between two JSX tags that contains a letter,
 * and the human attributes (aria-label, title, placeholder, alt, label) given as a plain string.
 */
function hardCodedEnglish(source: string): string[] {
  const found: string[] = [];
  const code = source.replace(/\{\/\*[\s\S]*?\*\/\}/g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const m of code.matchAll(/(?<!=)>([^<>{}=;()]*[A-Za-z]{2,}[^<>{}=;()]*)</g)) {
    const text = m[1].trim();
    // Code between a comparison and a generic (`a > b && c < d`, `]] as Array<`), or between two generics of a
    // parameter list (`Record<string, string>,\n kept: ReadonlySet<`), not text between tags.
    if (/&&|\|\||\?|\]|\bas\b|^[a-z]\w*$|^,|^\w+\??:\s*[A-Z]\w*$/.test(text)) continue;
    if (text && words(text).some((w) => !SAME_IN_BOTH.has(w))) found.push(text);
  }
  for (const m of code.matchAll(/\b(aria-label|title|placeholder|alt|label|hint)="([^"]*[A-Za-z]{2,}[^"]*)"/g)) {
    // A placeholder that is an example value (an identifier, a UUID, an address) is not a sentence.
    if (m[1] === 'placeholder' && !/\s/.test(m[2])) continue;
    if (words(m[2]).some((w) => !SAME_IN_BOTH.has(w))) found.push(`${m[1]}="${m[2]}"`);
  }
  // An API value shown as it comes (`confidential`, `delivered`, `FAILED`): English codes, not words.
  for (const m of code.matchAll(/>\s*\{(\w+\.(?:type|outcome|status|mode|kind))\}/g)) found.push(`{${m[1]}}`);
  return found;
}

describe('screens', () => {
  it('no screen of the app or the widget writes English text straight into its markup', () => {
    const root = join(import.meta.dirname, '../../../src/renderer');
    const files = [...filesUnder(join(root, 'src')), ...filesUnder(join(root, 'widget'))].filter((f) =>
      f.endsWith('.tsx'),
    );
    const found = files.flatMap((f) => hardCodedEnglish(readFileSync(f, 'utf8')).map((t) => `${f.slice(root.length + 1)}: ${t}`));
    expect(found).toEqual([]);
  });
});
