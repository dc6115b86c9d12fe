/**
 * Windows-1252 decoding. Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1 (0x80 → U+0080
 * instead of €), so the bytes 0x80–0x9F are remapped here: latin1 decoding, then those bytes through the WHATWG
 * table (the five unassigned ones stay control code points, as in browsers).
 */

const BYTES_80_TO_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

const latin1 = new TextDecoder('latin1');

export function decodeWindows1252(bytes: Uint8Array): string {
  const text = latin1.decode(bytes);
  return /[\x80-\x9f]/.test(text)
    ? text.replace(/[\x80-\x9f]/g, (c) => String.fromCharCode(BYTES_80_TO_9F[c.charCodeAt(0) - 0x80]))
    : text;
}

/** Decoder for a single-byte charset label ('windows-1252', 'iso-8859-15', …). */
export function decodeSingleByte(bytes: Uint8Array, label: string): string {
  return label === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(label).decode(bytes);
}
