import { StatementError, type CsvMapping, type DateOrder, type ParseOptions } from './types';
import { LabelCleaner } from './clean-label';
import { OfxDateReader } from './dates';

/** Resolved options plus the helpers every format parser uses to fail and to warn. */
export class ParseContext {
  readonly fileName: string | undefined;
  readonly dateOrder: DateOrder;
  readonly csvMapping: CsvMapping | undefined;
  readonly accountIdentifier: string;
  readonly defaultCurrency: string;
  readonly warnings: string[] = [];
  /** Rows a parser could not read and left out, each as 'line 12: malformed amount'. */
  readonly rowsLeftOut: string[] = [];
  /** The OFX dates of this file, each read once when repeated. */
  readonly ofxDates = new OfxDateReader();
  /** The labels of this file, each cleaned once when repeated. */
  readonly labels = new LabelCleaner();

  constructor(options: ParseOptions = {}) {
    this.fileName = options.fileName;
    this.dateOrder = options.dateOrder ?? 'auto';
    this.csvMapping = options.csvMapping;
    this.accountIdentifier = options.accountIdentifier ?? 'default';
    this.defaultCurrency = (options.defaultCurrency ?? 'EUR').toUpperCase();
  }

  /**
   * Error texts name the file, the line (or element) and the kind of fault, never a value read from the file:
   * a statement folder may hold any CSV, and a cell quoted back in an error would read it out. Throws a
   * StatementError naming the file and `location` ('line 3', 'element Document/...').
   */
  fail(location: string | undefined, message: string): never {
    throw new StatementError(message, this.fileName, location);
  }

  /**
   * A row that cannot be read is left out and reported, so that one bad line does not keep the rest of
   * the file from being imported; returns undefined for the caller to return.
   */
  leaveOutRow(location: string, message: string): undefined {
    this.rowsLeftOut.push(`${location}: ${message}`);
    return undefined;
  }

  warn(location: string | undefined, message: string): void {
    if (this.warnings.length < 1000) this.warnings.push(location ? `${location}: ${message}` : message);
  }
}

