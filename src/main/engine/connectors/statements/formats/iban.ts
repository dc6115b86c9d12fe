/** IBAN recognition (ISO 13616 shape and mod-97 check digits). */

export function normalizeIban(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

export function isIban(text: string): boolean {
  const s = normalizeIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const rearranged = s.slice(4) + s.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}
