import { decodeSingleByte, decodeWindows1252 } from './windows-1252';

/**
 * Bytes → text. UTF-8 (with or without BOM) when the bytes are valid UTF-8, UTF-16 when a BOM says
 * so, otherwise the single-byte charset the file declares (OFX `CHARSET:`, XML `encoding="..."`),
 * defaulting to Windows-1252 (a superset of Latin-1 for printable characters).
 */

export interface DecodedText {
  text: string;
  encoding: string;
  /** Set when the declared charset disagreed with the bytes. */
  warning?: string;
}

const SINGLE_BYTE = new Map<string, string>([
  ['1252', 'windows-1252'],
  ['WINDOWS-1252', 'windows-1252'],
  ['CP1252', 'windows-1252'],
  ['ISO-8859-1', 'windows-1252'],
  ['ISO8859-1', 'windows-1252'],
  ['LATIN1', 'windows-1252'],
  ['LATIN-1', 'windows-1252'],
  ['8859-1', 'windows-1252'],
  ['ISO-8859-15', 'iso-8859-15'],
  ['ISO8859-15', 'iso-8859-15'],
  ['LATIN9', 'iso-8859-15'],
  ['8859-15', 'iso-8859-15'],
  ['USASCII', 'windows-1252'],
  ['US-ASCII', 'windows-1252'],
  ['ASCII', 'windows-1252'],
  ['NONE', 'windows-1252'],
]);

const latin = new TextDecoder('latin1');

/** The charset a file declares in its first bytes (OFX 1 header or XML declaration), upper-cased. */
export function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = latin.decode(bytes.subarray(0, 1024));
  const xml = /<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/i.exec(head);
  if (xml) return xml[1].toUpperCase();
  const charset = /^\s*CHARSET\s*:\s*([A-Za-z0-9._-]+)\s*$/im.exec(head);
  const encoding = /^\s*ENCODING\s*:\s*([A-Za-z0-9._-]+)\s*$/im.exec(head);
  if (encoding && /^UTF-?8$/i.test(encoding[1])) return 'UTF-8';
  if (charset) return charset[1].toUpperCase();
  return encoding ? encoding[1].toUpperCase() : undefined;
}

function hasBom(bytes: Uint8Array, ...bom: number[]): boolean {
  return bom.every((b, i) => bytes[i] === b);
}

/** Decodes a whole statement file. Never throws. */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (hasBom(bytes, 0xef, 0xbb, 0xbf)) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (hasBom(bytes, 0xff, 0xfe))
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (hasBom(bytes, 0xfe, 0xff))
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  const declared = declaredCharset(bytes);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const single = declared ? SINGLE_BYTE.get(declared) : undefined;
    const nonAscii = single !== undefined && /[^\x00-\x7f]/.test(text.slice(0, 1 << 20));
    return {
      text,
      encoding: 'utf-8',
      warning:
        nonAscii && declared !== 'USASCII' && declared !== 'NONE'
          ? `declared charset ${declared} but the content is valid UTF-8; decoded as UTF-8`
          : undefined,
    };
  } catch {
    const single = (declared && SINGLE_BYTE.get(declared)) || 'windows-1252';
    return {
      text: decodeSingleByte(bytes, single),
      encoding: single,
      warning:
        declared === 'UTF-8' || declared === 'UTF8'
          ? `declared charset UTF-8 but the content is not valid UTF-8; decoded as ${single}`
          : undefined,
    };
  }
}

/** Decodes only the beginning of a file, for format detection. */
export function decodeHead(bytes: Uint8Array, length = 65536): string {
  const head = bytes.subarray(0, length);
  if (hasBom(head, 0xff, 0xfe) || hasBom(head, 0xfe, 0xff) || hasBom(head, 0xef, 0xbb, 0xbf)) {
    return decodeText(head).text;
  }
  // A multi-byte character may be cut at the end of the slice: decode leniently.
  const text = new TextDecoder('utf-8').decode(head);
  if (!text.includes('\ufffd')) return text;
  const strict = bytes.length <= length;
  return strict ? decodeText(head).text : decodeWindows1252(head);
}
