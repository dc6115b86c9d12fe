/**
 * The European Central Bank's reference-rate files (eurofxref-daily.xml, eurofxref-hist-90d.xml,
 * eurofxref-hist.xml), read tag by tag as the text arrives:
 *
 *   <gesmes:Envelope …><gesmes:subject>Reference rates</gesmes:subject>…
 *     <Cube><Cube time="2026-11-20"><Cube currency="USD" rate="1.0523"/>…</Cube>…</Cube></gesmes:Envelope>
 *
 * One bad row (a code that is not three letters A–Z, a rate that is not a number above zero, a day that is
 * not a real date from 1999 on or lies in the future) is skipped and counted, so it never sinks the file. A
 * file that is not this format, or that ends before its closing tag (cut off), is refused as a whole.
 */
import { isCalendarDate, isCurrencyCode } from './fx-rates';

export interface EcbRow {
  currency: string;
  /** YYYY-MM-DD */
  date: string;
  /** Units of `currency` for one euro. */
  rate: number;
}

export interface EcbParseResult {
  rows: EcbRow[];
  /** Rows left out because they were malformed. */
  skipped: number;
}

/** The file could not be read as the ECB's rates at all. */
export class EcbFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EcbFileError';
  }
}

/** The euro's reference rates start on 4 January 1999. */
const FIRST_DAY = '1999-01-04';
/** No tag of the format is longer; a longer one means the text is not this file. */
const MAX_TAG = 4096;
const TIME = /\btime\s*=\s*"([^"]*)"/;
const CURRENCY = /\bcurrency\s*=\s*"([^"]*)"/;
const RATE = /\brate\s*=\s*"([^"]*)"/;
const NUMBER = /^\d{1,12}(?:\.\d{1,12})?$/;
const ROW = /^Cube currency="([^"]*)" rate="([^"]*)"\s*\/$/;

/** Reads one file, chunk by chunk (`push`), then `end()`. `today` bounds the days accepted. */
export class EcbXmlReader {
  private pending = '';
  private day: string | null = null;
  private dayOk = false;
  private sawEnvelope = false;
  private closed = false;
  private readonly rows: EcbRow[] = [];
  private skipped = 0;

  constructor(private readonly today: string) {}

  push(text: string): void {
    let buffer = this.pending + text;
    let at = 0;
    for (;;) {
      const open = buffer.indexOf('<', at);
      if (open < 0) {
        buffer = '';
        at = 0;
        break;
      }
      const close = buffer.indexOf('>', open);
      if (close < 0) {
        buffer = buffer.slice(open);
        at = 0;
        break;
      }
      this.tag(buffer.slice(open + 1, close));
      at = close + 1;
    }
    this.pending = buffer.slice(at);
    if (this.pending.length > MAX_TAG) throw new EcbFileError('the rates file has a tag far longer than the format allows');
  }

  end(): EcbParseResult {
    if (!this.sawEnvelope) throw new EcbFileError('the answer is not a rates file of the European Central Bank');
    if (!this.closed) throw new EcbFileError('the rates file is cut off before its end');
    return { rows: this.rows, skipped: this.skipped };
  }

  private tag(body: string): void {
    if (body.startsWith('?') || body.startsWith('!')) return;
    if (body.startsWith('gesmes:Envelope')) this.sawEnvelope = true;
    else if (body.startsWith('/gesmes:Envelope')) this.closed = this.sawEnvelope;
    else if (body.startsWith('Cube') && this.sawEnvelope && !this.closed) this.cube(body);
  }

  private cube(body: string): void {
    // The ECB's own row, read with one expression; any other spelling goes the long way below.
    const row = ROW.exec(body);
    if (row) return this.row(row[1], row[2]);
    const time = TIME.exec(body);
    if (time) {
      this.day = time[1];
      this.dayOk = isCalendarDate(this.day) && this.day >= FIRST_DAY && this.day <= this.today;
      return;
    }
    const currency = CURRENCY.exec(body);
    if (currency) this.row(currency[1], RATE.exec(body)?.[1]);
  }

  private row(currency: string, rate: string | undefined): void {
    const value = rate !== undefined && NUMBER.test(rate) ? Number(rate) : Number.NaN;
    if (!this.day || !this.dayOk || !isCurrencyCode(currency) || !(value > 0) || !Number.isFinite(value)) {
      this.skipped++;
      return;
    }
    this.rows.push({ currency, date: this.day, rate: value });
  }
}

/** Reads a whole file given as one text. */
export function parseEcbXml(text: string, today: string): EcbParseResult {
  const reader = new EcbXmlReader(today);
  reader.push(text);
  return reader.end();
}
