/**
 * DOS code page 850, which German savings banks' and older accounting programs' MT940 exports are still
 * written in: read as Windows-1252 their umlauts come out as other signs (MÜLLER as MšLLER, ä as „).
 */

/** Characters of bytes 0x80–0xFF in code page 850. */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»\u2591\u2592\u2593\u2502\u2524ÁÂÀ©\u2563\u2551\u2557\u255d¢¥\u2510\u2514\u2534\u252c\u251c\u2500\u253cãÃ\u255a\u2554\u2569\u2566\u2560\u2550\u256c¤ðÐÊËÈıÍÎÏ\u2518\u250c\u2588\u2584¦Ì\u2580ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²\u25a0\u00a0';

/** Bytes of the umlauts and ß in code page 850 (ü ä Ä ö Ö Ü ß) and in Windows-1252 (Ä Ö Ü ß ä ö ü). */
const CP850_UMLAUTS = new Set([0x81, 0x84, 0x8e, 0x94, 0x99, 0x9a, 0xe1]);
const WINDOWS_UMLAUTS = new Set([0xc4, 0xd6, 0xdc, 0xdf, 0xe4, 0xf6, 0xfc]);

/**
 * True when the bytes have code page 850 umlauts and none of Windows-1252's: bytes 0x81 to 0x9A are
 * quotation marks and rare letters in Windows-1252, which a bank's text does not use instead of umlauts.
 */
export function looksLikeCp850(bytes: Uint8Array): boolean {
  let dos = 0;
  for (const b of bytes) {
    if (WINDOWS_UMLAUTS.has(b)) return false;
    if (CP850_UMLAUTS.has(b) && b !== 0xe1) dos++;
  }
  return dos > 0;
}

export function decodeCp850(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (const b of bytes) parts.push(b < 0x80 ? String.fromCharCode(b) : CP850_HIGH[b - 0x80]);
  return parts.join('');
}
