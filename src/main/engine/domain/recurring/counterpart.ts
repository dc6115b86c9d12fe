/**
 * Who a transaction pays or comes from, as a key that stays the same from one month to the next: the
 * counterpart's IBAN when the bank's text carries one, else its label cleaned of what changes between two
 * payments to the same counterpart (dates, card numbers, references, amounts, bank prefixes such as
 * "PRLV SEPA" or "CB", month names of a salary's reason).
 */
import { foldText } from '../text-fold';

/** A European IBAN: two letters, two check digits, 11 to 30 letters or digits (spaces allowed in groups of 4). */
const IBAN = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b/i;

/** Bank prefixes saying how money moved, not to whom (folded, lower case). */
const PREFIXES = [
  'prlv sepa', 'prlv', 'prelevement sepa', 'prelevement', 'vir sepa recu', 'vir sepa emis', 'vir sepa permanent', 'vir sepa',
  'vir permanent', 'vir inst', 'virement sepa', 'virement recu', 'virement', 'vir', 'cb', 'carte', 'paiement par carte',
  'paiement cb', 'achat cb', 'pre-autorisation cb', 'sepa direct debit', 'sepa lastschrift', 'lastschrift', 'dauerauftrag',
  'ueberweisung', 'gutschrift', 'card payment', 'pos', 'direct debit', 'dd', 'so', 'standing order', 'compra', 'pagamento',
];
const PREFIX_RE = new RegExp(`^(?:(?:${PREFIXES.map((p) => p.replace(/[-/]/g, '\\$&')).join('|')})\\b\\s*)+`);

/** Words that only say when (months, in the languages of the app's banks). */
const MONTHS = new Set(
  (
    'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre janv fevr avr juil sept oct nov dec ' +
    'january february march april may june july august september october november december jan feb mar apr jun jul aug sep ' +
    'januar februar maerz marz juni juli oktober dezember'
  ).split(' '),
);

/** Markers after which a bank text holds a reference or a reason, not the counterpart's name. */
const TAIL_MARKERS = /\s(?:\/motif|\/ref|\/rum|\/ech|\/id|ref[:.]|reference|motif|mandat|mandate|echeance|facture|invoice|sdd|e2e)\b.*$/;

/** Folded like foldText; plain ASCII text (most bank text) skips the Unicode normalization. */
function fold(text: string): string {
  return /^[\x00-\x7f]*$/.test(text) ? text.toLowerCase().replace(/\s+/g, ' ').trim() : foldText(text);
}

/** The cleaned name of a counterpart: folded, without prefixes, dates, card numbers, references or amounts. */
export function cleanLabel(text: string): string {
  if (!text) return '';
  let s = fold(text);
  s = s.replace(/^\/de\s+|^\/a\s+/, '');
  s = s.replace(PREFIX_RE, '');
  s = s.replace(/^\/(?:de|a)\s+/, '');
  s = s.replace(TAIL_MARKERS, '');
  const words = s
    .split(/[\s*#:;,/|]+/)
    // Any word holding a digit is a date, a card or reference number, an amount or a store number.
    .filter((w) => w.length > 0 && !/\d/.test(w) && !MONTHS.has(w) && !/^x+$/.test(w))
    .map((w) => w.replace(/^[-.'"()]+|[-.'"()]+$/g, ''))
    .filter((w) => w.length > 1);
  // The first words name the counterpart; a town or terminal often follows them.
  return words.slice(0, 4).join(' ');
}

/** The IBAN found in a bank text, without spaces, or undefined. */
export function ibanIn(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const m = IBAN.exec(text);
  if (!m) return undefined;
  const iban = m[1]!.replace(/ /g, '').toUpperCase();
  return iban.length >= 15 && iban.length <= 34 ? iban : undefined;
}

export interface CounterpartText {
  label: string;
  /** The counterparty the bank named (source.label). */
  counterparty?: string | null;
  /** The bank's raw text (notes) and remittance lines, where an IBAN may be written. */
  notes?: string | null;
  remittance?: string | null;
}

/** The IBAN of the counterpart written in the remittance lines or the raw text, if any. */
export function counterpartIban(t: CounterpartText): string | undefined {
  return ibanIn(t.remittance) ?? ibanIn(t.notes);
}

/** The counterpart's cleaned name: the bank's counterparty, else the label, else the raw text. */
export function counterpartName(t: CounterpartText): string {
  return cleanLabel(t.counterparty || '') || cleanLabel(t.label) || cleanLabel(t.notes ?? '');
}

/** The counterpart's key: `iban:<IBAN>` or `label:<cleaned name>`; '' when nothing names it. */
export function counterpartKey(t: CounterpartText): string {
  const iban = counterpartIban(t);
  if (iban) return `iban:${iban}`;
  const name = counterpartName(t);
  return name ? `label:${name}` : '';
}
