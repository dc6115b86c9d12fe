import { OFX_LEAVES } from './ofx-elements';
import { decodeXmlEntities } from './xml-text';

/**
 * Single-pass OFX tokenizer for both OFX 1 (SGML: leaf elements have no closing tag,
 * `<TRNAMT>-12.30⏎`) and OFX 2 (XML: every element closed). No DOM and no regular expressions in
 * the hot loop: it jumps from '<' to '<' with indexOf, so it is linear in the input size.
 *
 * An element followed by text (or a CDATA section) is a leaf (its optional `</NAME>` is consumed); an
 * element followed directly by another tag is an aggregate, unless it is a known leaf (OFX_LEAVES), which
 * is then an empty value. Aggregates are closed explicitly; as SGML readers do, a closing tag that skips
 * open elements closes them too, and a stray closing tag of a leaf is ignored (both with a warning).
 */

export interface OfxHandler {
  open(name: string, offset: number): void;
  leaf(name: string, value: string, offset: number): void;
  close(name: string, offset: number): void;
  warn(offset: number, message: string): void;
}

export type OfxFail = (offset: number, message: string) => never;

const LT = 60; // <
const SLASH = 47; // /
const QUESTION = 63; // ?
const BANG = 33; // !
const GT = 62; // >
const CDATA_OPEN = '<![CDATA[';

function isBlank(code: number): boolean {
  // whitespace, NUL and the DOS end-of-file mark some exporters append
  return code <= 32 || code === 0x1a || code === 0xfeff || code === 0xa0;
}

function validName(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const ok =
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      (i > 0 && ((c >= 48 && c <= 57) || c === 46 || c === 95 || c === 45 || c === 58));
    if (!ok) return false;
  }
  return true;
}

/** True when `</name>` starts at `pos`. */
function closesAt(text: string, pos: number, name: string): boolean {
  return (
    text.charCodeAt(pos) === LT &&
    text.charCodeAt(pos + 1) === SLASH &&
    text.startsWith(name, pos + 2) &&
    text.charCodeAt(pos + 2 + name.length) === GT
  );
}

function trimValue(text: string, start: number, end: number): string {
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return start === end ? '' : text.slice(start, end);
}

export function tokenizeOfx(text: string, start: number, handler: OfxHandler, fail: OfxFail): void {
  const stack: string[] = [];
  const stackOffsets: number[] = [];
  const n = text.length;
  let i = start;
  let rootClosed = false;
  for (;;) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    for (let k = i; k < textEnd; k++) {
      if (!isBlank(text.charCodeAt(k))) {
        const where = stack.length ? ` inside <${stack[stack.length - 1]}>` : '';
        fail(k, `unexpected text${where}`);
      }
    }
    if (lt < 0) break;
    const next = text.charCodeAt(lt + 1);
    if (next === SLASH) {
      const top = stack.length > 0 ? stack[stack.length - 1] : '';
      if (top !== '' && closesAt(text, lt, top)) {
        // fast path: the expected closing tag, no allocation
        stack.pop();
        stackOffsets.pop();
        handler.close(top, lt);
        if (stack.length === 0) rootClosed = true;
        i = lt + top.length + 3;
        continue;
      }
      const gt = text.indexOf('>', lt + 2);
      if (gt < 0) fail(lt, 'truncated file: unterminated closing tag');
      const name = text.slice(lt + 2, gt).trim();
      i = gt + 1;
      if (stack.length > 0 && !stack.includes(name) && OFX_LEAVES.has(name)) {
        handler.warn(lt, `closing tag </${name}> without its element, ignored`);
        continue;
      }
      if (stack.length === 0) fail(lt, `unexpected closing tag </${name}>`);
      if (!stack.includes(name)) fail(lt, `closing tag </${name}> does not match <${top}> (no open <${name}>)`);
      if (top !== name) handler.warn(lt, `closing tag </${name}> also closes <${top}>, which had none`);
      while (stack.length > 0) {
        const closed = stack.pop() as string;
        stackOffsets.pop();
        handler.close(closed, lt);
        if (closed === name) break;
      }
      if (stack.length === 0) rootClosed = true;
      continue;
    }
    if (next === QUESTION) {
      const end = text.indexOf('?>', lt + 2);
      if (end < 0) fail(lt, 'truncated file: unterminated processing instruction');
      i = end + 2;
      continue;
    }
    if (next === BANG) {
      if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end < 0) fail(lt, 'truncated file: unterminated comment');
        i = end + 3;
        continue;
      }
      fail(lt, 'declarations (<!...>) are not allowed in OFX files');
    }
    const gt = text.indexOf('>', lt + 1);
    if (gt < 0) fail(lt, 'truncated file: unterminated tag');
    const selfClosing = text.charCodeAt(gt - 1) === SLASH;
    const name = selfClosing ? text.slice(lt + 1, gt - 1).trimEnd() : text.slice(lt + 1, gt);
    if (!validName(name)) fail(lt, `malformed tag <${name.length > 40 ? `${name.slice(0, 40)}…` : name}>`);
    if (rootClosed) fail(lt, `element <${name}> after the end of the document`);
    if (selfClosing) {
      handler.leaf(name, '', lt);
      if (stack.length === 0) rootClosed = true;
      i = gt + 1;
      continue;
    }
    let nextLt = text.indexOf('<', gt + 1);
    let raw: string;
    if (nextLt >= 0 && text.startsWith(CDATA_OPEN, nextLt)) {
      const value = readCdataValue(text, gt + 1, nextLt, fail);
      raw = value.text;
      nextLt = value.next;
    } else {
      raw = trimValue(text, gt + 1, nextLt < 0 ? n : nextLt);
      if (raw.indexOf('&') >= 0) raw = decodeXmlEntities(raw);
    }
    if (raw !== '') {
      if (nextLt < 0) fail(lt, `truncated file: <${name}> is cut off`);
      handler.leaf(name, raw, lt);
      if (stack.length === 0) rootClosed = true;
      i = closesAt(text, nextLt, name) ? nextLt + name.length + 3 : nextLt;
      continue;
    }
    if (nextLt >= 0 && (closesAt(text, nextLt, name) || OFX_LEAVES.has(name))) {
      handler.leaf(name, '', lt);
      if (stack.length === 0) rootClosed = true;
      i = closesAt(text, nextLt, name) ? nextLt + name.length + 3 : nextLt;
      continue;
    }
    stack.push(name);
    stackOffsets.push(lt);
    handler.open(name, lt);
    i = gt + 1;
  }
  if (stack.length > 0) {
    fail(stackOffsets[stackOffsets.length - 1], `truncated file: <${stack[stack.length - 1]}> is never closed`);
  }
  if (!rootClosed) fail(start, 'no OFX content');
}

/**
 * A leaf value holding CDATA sections (`<NAME><![CDATA[A & B]]>`, allowed by XML and written by some banks
 * in OFX 2): their text is taken as is, the text around them has its entities decoded. Returns the
 * trimmed value and where the next tag starts.
 */
function readCdataValue(text: string, from: number, firstCdata: number, fail: OfxFail): { text: string; next: number } {
  let value = text.slice(from, firstCdata);
  value = value.indexOf('&') >= 0 ? decodeXmlEntities(value) : value;
  let at = firstCdata;
  for (;;) {
    const end = text.indexOf(']]>', at + CDATA_OPEN.length);
    if (end < 0) fail(at, 'truncated file: unterminated CDATA section');
    value += text.slice(at + CDATA_OPEN.length, end);
    const next = text.indexOf('<', end + 3);
    const between = text.slice(end + 3, next < 0 ? text.length : next);
    value += between.indexOf('&') >= 0 ? decodeXmlEntities(between) : between;
    if (next < 0 || !text.startsWith(CDATA_OPEN, next)) return { text: value.trim(), next };
    at = next;
  }
}
