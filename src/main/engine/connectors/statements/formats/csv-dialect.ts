/**
 * CSV dialect sniffing: which delimiter (`,` `;` tab `|`) the file uses, judged by how consistently
 * each candidate splits the first lines (quotes respected).
 */

export const DELIMITERS = [';', ',', '\t', '|'] as const;

const SAMPLE_LINES = 60;

/** Non-empty lines at the start of the text (at most `max`). */
export function headLines(text: string, max = SAMPLE_LINES): string[] {
  const lines: string[] = [];
  let start = 0;
  while (lines.length < max && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).replace(/\r$/, '');
    if (line.trim() !== '') lines.push(line);
    start = end + 1;
  }
  return lines;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) count++;
  }
  return count;
}

export interface DialectGuess {
  delimiter: string;
  /** Number of delimiters on the typical line (columns − 1). */
  fieldsPerLine: number;
  /** Lines with the typical number of delimiters. */
  consistentLines: number;
  /** Lines with at least one delimiter. */
  presentLines: number;
  sampledLines: number;
}

function guessFor(lines: string[], delimiter: string): DialectGuess | null {
  const histogram = new Map<number, number>();
  let presentLines = 0;
  for (const line of lines) {
    const n = countOutsideQuotes(line, delimiter);
    if (n === 0) continue;
    presentLines++;
    histogram.set(n, (histogram.get(n) ?? 0) + 1);
  }
  let modal = 0;
  let modalLines = 0;
  for (const [n, count] of histogram) {
    if (count > modalLines || (count === modalLines && n > modal)) {
      modal = n;
      modalLines = count;
    }
  }
  if (modal === 0 || presentLines * 2 < lines.length) return null;
  return { delimiter, fieldsPerLine: modal, consistentLines: modalLines, presentLines, sampledLines: lines.length };
}

/**
 * Best delimiter for the text, or null when none is on at least half the lines. The delimiter on the most
 * lines wins, then the one splitting them most consistently: banks' rows may have more cells than their
 * header (Livebank), and a decimal comma on every data row must not pass for the delimiter.
 */
export function sniffDelimiter(text: string): DialectGuess | null {
  const lines = headLines(text);
  if (lines.length === 0) return null;
  let best: DialectGuess | null = null;
  for (const delimiter of DELIMITERS) {
    const guess = guessFor(lines, delimiter);
    if (!guess) continue;
    if (
      !best ||
      guess.presentLines > best.presentLines ||
      (guess.presentLines === best.presentLines && guess.consistentLines > best.consistentLines) ||
      (guess.presentLines === best.presentLines &&
        guess.consistentLines === best.consistentLines &&
        guess.fieldsPerLine > best.fieldsPerLine)
    ) {
      best = guess;
    }
  }
  return best;
}

const DATE_LIKE = /(?:^|[^\d])(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2})(?:[^\d]|$)/;
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd]/;

/**
 * Heuristic: printable text, a consistent delimiter, and at least one date-looking field (not
 * required when the file name already says CSV: a header-only export of an empty month).
 */
export function looksLikeCsv(head: string, requireDate = true): boolean {
  if (CONTROL.test(head.replace(/\x1a+\s*$/, ''))) return false;
  if (/^\s*[{[<]/.test(head)) return false; // JSON or markup
  const guess = sniffDelimiter(head);
  if (!guess) return false;
  return !requireDate || DATE_LIKE.test(head);
}
