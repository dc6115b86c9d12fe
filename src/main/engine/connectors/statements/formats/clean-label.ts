/**
 * A human label from a bank's raw text: card/transfer/direct-debit prefixes, trailing dates and card
 * numbers removed, spaces collapsed, SHOUTING labels title-cased ("CARREFOUR MARKET PARIS" →
 * "Carrefour Market Paris"). Total and linear: every pattern is anchored and backtracking-free.
 */

const PREFIXES: RegExp[] = [
  /^PAIEMENT PAR CARTE\s*(?:X?\d{4}\s+)?(?:\d{2}\/\d{2}(?:\/\d{2,4})?\s+)?/i,
  /^PAIEMENT (?:CB|CARTE)\s+(?:\d{4}\s+)?/i,
  /^ACHAT (?:CB|CARTE)\s+/i,
  /^FACTURE CARTE DU \d{6}\s+/i,
  /^CARTE\s+X?\d{4}\s+\d{2}\/\d{2}(?:\/\d{2,4})?\s+/i,
  /^CARTE\s+\d{2}\/\d{2}(?:\/\d{2,4})?\s+/i,
  /^CARTE\s+X\d{4}\s+/i,
  /^CB\s*\*\s*X?\d{4}\s+/i,
  /^CB\s+(?:X?\d{4}\s+)?(?:\d{2}\/\d{2}(?:\/\d{2,4})?\s+)?/i,
  /^PRLV SEPA\s+/i,
  /^PR[EÉ]L[EÈ]VEMENT(?: SEPA)?(?: EUROPEEN| EUROPÉEN)?\s+(?:DE\s+)?/i,
  /^PRLV\s+/i,
  /^VIR(?:EMENT)?(?: SEPA)?(?: INST(?:ANTANE|ANTANÉ)?)?(?: RECU| REÇU| EMIS| ÉMIS)?(?:\s*\/(?:DE|A|À|FROM|TO)|\s+(?:DE|A|À|FROM|TO)(?=[\s:]))?(?:\s*:\s*|\s+)(?=\S)/i,
  /^POS(?: PURCHASE| DEBIT)?\s+/i,
  /^(?:VISA|MASTERCARD|DEBIT CARD|CREDIT CARD|CHECK CARD) (?:PURCHASE|PAYMENT)\s+/i,
  /^CHECKCARD\s+\d{4}\s+/i,
  /^PURCHASE AUTHORIZED ON \d{2}\/\d{2}\s+/i,
];

const STRUCTURED_TAIL = /\s+\/(?:MOTIF|REF|REFDO|REFBEN|DE|A|EREF|ID|RUM|LIB|BEN|NOTPROVIDED|IID|INS|DATE)\b.*$/i;

const SUFFIXES: RegExp[] = [
  /\s+\d{2}\/\d{2}(?:\/(?:\d{4}|\d{2}))?$/,
  /\s+\d{2}\.\d{2}\.(?:\d{4}|\d{2})$/,
  /\s+CARTE\s+(?:\d{4,6})?[X*]*\d{4}$/i,
  /\s+(?:\d{4,6})?[X*]{4,}\d{4}$/i,
  /\s+X\d{4}$/,
  /\s+CB\s*\*\s*\d{4}$/i,
];

const ACRONYMS = new Set([
  'EDF',
  'GDF',
  'SNCF',
  'RATP',
  'SFR',
  'BNP',
  'LCL',
  'CIC',
  'CAF',
  'CPAM',
  'URSSAF',
  'SA',
  'SAS',
  'SARL',
  'SNC',
  'EURL',
  'TVA',
  'UK',
  'USA',
  'US',
  'ATM',
  'ACH',
  'DAB',
  'GAB',
  'IBAN',
  'BIC',
  'SEPA',
  'EU',
  'UE',
  'TV',
  'HT',
  'TTC',
  'DGFIP',
  'AXA',
  'MAIF',
  'MACIF',
  'MAAF',
  'IKEA',
  'H&M',
  'C&A',
  'AT&T',
  'IBM',
  'BP',
  'TGV',
  'SNCB',
  'UPS',
  'DHL',
  'KFC',
]);

const SMALL_WORDS = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'et',
  'à',
  'a',
  'au',
  'aux',
  'en',
  'sur',
  'par',
  'pour',
  'of',
  'the',
  'and',
  'on',
  'at',
  'for',
  'in',
  'to',
  'by',
]);

const LETTER = /\p{L}/u;
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;

function hasVowel(word: string): boolean {
  return /[aeiouy]/i.test(word.normalize('NFD'));
}

function titleWord(word: string, first: boolean): string {
  if (/\d/.test(word)) return word;
  const bare = word.replace(/^[^\p{L}&]+|[^\p{L}&]+$/gu, '');
  if (ACRONYMS.has(bare)) return word;
  if (bare.length >= 2 && bare.length <= 5 && /^\p{L}+$/u.test(bare) && !hasVowel(bare)) return word;
  const lower = word.toLowerCase();
  if (!first && SMALL_WORDS.has(lower)) return lower;
  let out = '';
  let capitalizeNext = true;
  let lettersInPart = 0;
  for (const ch of lower) {
    if (LETTER.test(ch)) {
      out += capitalizeNext ? ch.toUpperCase() : ch;
      capitalizeNext = false;
      lettersInPart++;
    } else {
      out += ch;
      if (ch === '-' || ch === '/' || ch === '(' || ch === '&' || ch === '+') {
        capitalizeNext = true;
        lettersInPart = 0;
      } else if ((ch === "'" || ch === '’' || ch === '.') && lettersInPart === 1) {
        // L'Orange, D'Artagnan, E.Leclerc — but Mcdonald's, Netflix.com
        capitalizeNext = true;
        lettersInPart = 0;
      }
    }
  }
  // French elisions inside a label stay lower case: "Bistrot d'Été"
  if (!first && /^[dl]['’]\p{L}/u.test(lower)) out = lower[0] + out.slice(1);
  return out;
}

/** True when the text has letters and none of them is lower case. */
function isShouting(text: string): boolean {
  return UPPER.test(text) && !LOWER.test(text);
}

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => titleWord(word, i === 0))
    .join(' ');
}

const UNTIDY = /[\t\n\r\v\f\u00a0\u2007\u202f\u2028\u2029\u1680\u2000-\u200a\u205f\u3000\ufeff]| {2}|^ | $/;

export function collapseSpaces(text: string): string {
  if (!UNTIDY.test(text)) return text;
  return text.replace(/[\s\u00a0\u2007\u202f]+/g, ' ').trim();
}

function stripOnce(text: string): string {
  let s = text;
  for (const re of PREFIXES) {
    const stripped = s.replace(re, '');
    if (stripped !== s && stripped.trim() !== '') {
      s = stripped;
      break;
    }
  }
  s = s.replace(STRUCTURED_TAIL, '');
  for (const re of SUFFIXES) {
    const stripped = s.replace(re, '');
    if (stripped !== s && stripped.trim() !== '') {
      s = stripped;
      break;
    }
  }
  return s.trim();
}

const CACHE_SIZE = 20_000;

/**
 * Cleans the labels of one file, remembering the results of recent inputs (a statement repeats the same
 * few payees). One per parse (ParseContext holds it), so that two parses in one process share nothing.
 */
export class LabelCleaner {
  private readonly cache = new Map<string, string>();

  clean(raw: string): string {
    let label = this.cache.get(raw);
    if (label === undefined) {
      label = cleanLabel(raw);
      if (this.cache.size >= CACHE_SIZE) this.cache.clear();
      this.cache.set(raw, label);
    }
    return label;
  }
}

/** Cleans a bank label (see the module comment). Pure. */
export function cleanLabel(raw: string): string {
  const collapsed = collapseSpaces(raw);
  if (collapsed === '') return '';
  let s = collapsed.length > 512 ? collapsed.slice(0, 512) : collapsed;
  for (let i = 0; i < 6; i++) {
    const next = stripOnce(s);
    if (next === s) break;
    s = next;
  }
  s = s.replace(/^[\s\-:/*.,]+|[\s\-:/*,]+$/g, '');
  if (s === '') s = collapsed;
  return isShouting(s) ? titleCase(s) : s;
}
