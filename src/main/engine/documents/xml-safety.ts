import { lineAt } from './line-counter';
import type { ParseContext } from './parse-context';

const DTD = /<!\s*(DOCTYPE|ENTITY)/i;

/**
 * XXE defence: markup files declaring a document type or entities are rejected before any XML
 * parser sees them (the parsers also run with entity processing off).
 */
export function rejectDoctype(text: string, ctx: ParseContext): void {
  const m = DTD.exec(text);
  if (m) {
    ctx.fail(
      `line ${lineAt(text, m.index)}`,
      `rejected: the file contains a <!${m[1].toUpperCase()}> declaration (DTDs and entity declarations are not allowed in statement files)`,
    );
  }
}
