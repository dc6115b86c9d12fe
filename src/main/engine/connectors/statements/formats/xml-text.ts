/**
 * Text of XML/SGML elements: the five predefined entities and numeric character references are
 * decoded; anything else (unknown or unterminated entities) is kept literally. No DTD, no external
 * entities, ever.
 */

const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function fromCodePoint(code: number, literal: string): string {
  if (code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return literal;
  return String.fromCodePoint(code);
}

export function decodeXmlEntities(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(
    ENTITY,
    (literal, named: string | undefined, dec: string | undefined, hex: string | undefined) => {
      if (named) return NAMED[named];
      if (dec) return fromCodePoint(Number.parseInt(dec, 10), literal);
      return fromCodePoint(Number.parseInt(hex ?? '', 16), literal);
    },
  );
}

export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
