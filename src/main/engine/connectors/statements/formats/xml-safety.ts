import { lineAt } from './line-counter';
import type { ParseContext } from './parse-context';

/**
 * XXE defence: markup files declaring a document type or entities are rejected before any XML
 * parser sees them (the parsers also run with entity processing off).
 */
export function rejectDoctype(text: string, ctx: ParseContext): void {
  let i = text.indexOf('<!');
  while (i >= 0) {
    let k = i + 2;
    while (k < text.length && text.charCodeAt(k) <= 32) k++;
    const word = text.slice(k, k + 7).toUpperCase();
    if (word === 'DOCTYPE' || word.startsWith('ENTITY')) {
      const kind = word === 'DOCTYPE' ? 'DOCTYPE' : 'ENTITY';
      ctx.fail(
        `line ${lineAt(text, i)}`,
        `rejected: the file contains a <!${kind}> declaration (DTDs and entity declarations are not allowed in statement files)`,
      );
    }
    i = text.indexOf('<!', i + 2);
  }
}
