import type { ParseContext } from './parse-context';

/**
 * MT940 text → SWIFT fields (`:TAG:` + content, continuation lines appended), grouped by statement
 * (each starts at `:20:`). `{1:…}{2:…}{4:` / `-}` envelopes and lone `-` separators are skipped.
 * Banks pad `:86:` texts with lines of spaces and put their own header lines (`ABNANL2A`, `940`) between
 * messages: blank lines belong to the field they are in, and text after a message's end (`-`, `-}`) up to
 * the next `:20:` is that bank's header, not part of any statement.
 */

export interface Mt940Field {
  tag: string;
  lines: string[];
  line: number;
}

export interface Mt940Message {
  line: number;
  fields: Mt940Field[];
}

// `:NS:` is the non-SWIFT field German banks add (e.g. the account owner's name): read, then ignored.
const FIELD = /^:(\d{2}[A-Z]?|NS):/;

export interface Mt940Split {
  messages: Mt940Message[];
  /** Line of a `{4:` block the file never closes with `-}` (0 when none). */
  unclosedEnvelopeLine: number;
}

export function splitMt940(text: string, ctx: ParseContext): Mt940Split {
  const messages: Mt940Message[] = [];
  let message: Mt940Message | null = null;
  let field: Mt940Field | null = null;
  let lineNo = 0;
  let envelopeLine = 0;
  let headerLine = 0;
  let betweenMessages = false;
  let lastTrimmed = '';
  let start = 0;
  const n = text.length;
  while (start <= n) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = n;
    let line = text.slice(start, end);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    start = end + 1;
    lineNo++;
    if (end === n && line === '') break;

    const previous = lastTrimmed;
    const trimmed = line.trim();
    if (trimmed === '') continue;
    lastTrimmed = trimmed;
    if (trimmed === '-') {
      field = null;
      betweenMessages = true;
      continue;
    }
    if (trimmed.startsWith('{') || trimmed.startsWith('-}') || trimmed === '}') {
      field = null;
      betweenMessages = true;
      if (trimmed.startsWith('-}')) {
        if (envelopeLine === 0) ctx.fail(`line ${lineNo}`, 'end of SWIFT block -} without a {4: block');
        envelopeLine = 0;
        continue;
      }
      // ING ends the {4: block with '-' and '}' on two lines
      if (trimmed === '}' && envelopeLine !== 0 && previous === '-') {
        envelopeLine = 0;
        continue;
      }
      const block4 = trimmed.indexOf('{4:');
      if (block4 < 0) {
        if (trimmed.startsWith('{1:')) headerLine = lineNo;
        continue;
      }
      headerLine = 0;
      if (envelopeLine !== 0)
        ctx.fail(`line ${envelopeLine}`, 'truncated message: SWIFT block {4: is not closed by -}');
      envelopeLine = lineNo;
      line = trimmed.slice(block4 + 3);
      if (line.trim() === '') continue;
    }
    const m = FIELD.exec(line);
    if (m) {
      const tag = m[1];
      field = { tag, lines: [line.slice(m[0].length)], line: lineNo };
      if (tag === '20') {
        betweenMessages = false;
        message = { line: lineNo, fields: [] };
        messages.push(message);
      } else if (!message) {
        ctx.fail(`line ${lineNo}`, `field :${tag}: before the first :20: (transaction reference)`);
      }
      message.fields.push(field);
    } else if (field) {
      field.lines.push(line);
    } else if (message && !betweenMessages) {
      ctx.fail(`line ${lineNo}`, 'unexpected text outside of any field');
    }
    // text before the first message or between two (bank-specific headers) is ignored
  }
  return { messages, unclosedEnvelopeLine: envelopeLine || headerLine };
}
