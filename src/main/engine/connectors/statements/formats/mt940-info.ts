import { collapseSpaces } from './clean-label';

/**
 * MT940 `:86:` information to account owner. Three shapes are understood:
 * - German structured (`166?00GUTSCHRIFT?20EREF+…?21SVWZ+…?32NAME`, Triodos with `>` for `?`): subfields
 *   joined as text, SEPA keywords (EREF+, SVWZ+ …) split out;
 * - Dutch/SWIFT slash keywords (`/TRTP/…/NAME/…/REMI/…/EREF/…`);
 * - free text (lines joined with spaces).
 */

export interface Mt940Info {
  /** All the text, for rawText. */
  texts: string[];
  counterparty?: string;
  reference?: string;
  remittance: string[];
  /** Best text for the label. */
  labelSource?: string;
}

const NO_REF = /^(?:NONREF|NOTPROVIDED|NOT PROVIDED)$/i;

function usable(ref: string | undefined): string | undefined {
  const r = ref?.trim();
  return r && !NO_REF.test(r) ? r : undefined;
}

const SEPA_KEYS = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|COAM|OAMT|IBAN|BIC)\+/g;

function splitSepaKeywords(purpose: string): Map<string, string> | null {
  const matches = [...purpose.matchAll(SEPA_KEYS)];
  if (matches.length === 0 || matches[0].index !== 0) return null;
  const map = new Map<string, string>();
  matches.forEach((m, i) => {
    const from = (m.index ?? 0) + m[0].length;
    const to = i + 1 < matches.length ? (matches[i + 1].index ?? purpose.length) : purpose.length;
    if (!map.has(m[1])) map.set(m[1], purpose.slice(from, to).trim());
  });
  return map;
}

function parseGerman(joined: string): Mt940Info {
  const sub = new Map<string, string[]>();
  const re = /\?(\d{2})/g;
  let m: RegExpExecArray | null;
  const marks: { code: string; from: number; at: number }[] = [];
  while ((m = re.exec(joined)) !== null) marks.push({ code: m[1], from: m.index + 3, at: m.index });
  marks.forEach((mark, i) => {
    const to = i + 1 < marks.length ? marks[i + 1].at : joined.length;
    const list = sub.get(mark.code) ?? [];
    list.push(joined.slice(mark.from, to));
    sub.set(mark.code, list);
  });
  const take = (codes: string[]) => codes.flatMap((c) => sub.get(c) ?? []);
  const bookingText = collapseSpaces(take(['00']).join(' '));
  const purposeLines = take(['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63']);
  // SEPA purposes are one text chopped into 27-character subfields: glue them back; older
  // purposes are separate lines of text.
  const glued = collapseSpaces(purposeLines.join(''));
  const purpose = splitSepaKeywords(glued) ? glued : collapseSpaces(purposeLines.join(' '));
  const name = collapseSpaces(take(['32', '33']).join(''));
  const info: Mt940Info = { texts: [bookingText, purpose, name], remittance: [] };
  const sepa = splitSepaKeywords(purpose);
  if (sepa) {
    info.reference = usable(sepa.get('EREF'));
    const svwz = sepa.get('SVWZ');
    if (svwz) info.remittance.push(svwz);
  } else if (purpose) {
    info.remittance.push(purpose);
  }
  if (name) info.counterparty = name;
  info.labelSource = name || info.remittance[0] || bookingText || undefined;
  return info;
}

const SLASH_KEYS = new Set([
  'TRTP',
  'IBAN',
  'BIC',
  'NAME',
  'REMI',
  'EREF',
  'MARF',
  'CSID',
  'ORDP',
  'BENM',
  'ID',
  'ADDR',
  'ISDT',
  'CDTRREF',
  'CDTRREFTP',
  'USTD',
  'STRD',
  'RTRN',
  'PREF',
  'SVCL',
  'ULTC',
  'ULTD',
  'PURP',
  'CNTP',
  'ACCW',
  'KREF',
  'MREF',
]);

function parseSlashKeywords(text: string): Mt940Info | null {
  const tokens = text.split('/');
  if (tokens[0] !== '' || !SLASH_KEYS.has(tokens[1] ?? '')) return null;
  const fields = new Map<string, string>();
  let key: string | null = null;
  let value: string[] = [];
  const flush = () => {
    if (key && !fields.has(key)) fields.set(key, value.join('/').trim());
  };
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (SLASH_KEYS.has(t) && (key === null || value.length > 0 || t !== key)) {
      flush();
      key = t;
      value = [];
    } else {
      value.push(t);
    }
  }
  flush();
  let remi = fields.get('REMI') ?? fields.get('USTD');
  if (remi?.startsWith('USTD')) remi = remi.replace(/^USTD\/*/, '');
  const name = fields.get('NAME') || fields.get('CNTP')?.split('/')[2] || undefined;
  const info: Mt940Info = {
    texts: [fields.get('TRTP'), remi, name].filter((t): t is string => !!t).map(collapseSpaces),
    remittance: remi ? [collapseSpaces(remi)] : [],
  };
  if (name) info.counterparty = collapseSpaces(name);
  info.reference = usable(fields.get('EREF'));
  info.labelSource = info.counterparty ?? info.remittance[0] ?? fields.get('TRTP');
  return info;
}

export function parseMt940Info(lines: string[]): Mt940Info {
  const joined = lines.join('');
  if (/^\d{3}\?\d{2}/.test(joined.trimStart())) return parseGerman(joined.trimStart());
  // Triodos writes the same subfields with '>' for '?' (000>100987654321 >20ALGEMENE …)
  if (/^\d{3}>\d{2}/.test(joined.trimStart())) return parseGerman(joined.trimStart().replace(/>(?=\d{2})/g, '?'));
  const text = collapseSpaces(lines.join(' '));
  const slash = parseSlashKeywords(lines.map((l) => l.trim()).join(''));
  if (slash) return { ...slash, texts: [text] };
  return { texts: [text], remittance: [], labelSource: text || undefined };
}
