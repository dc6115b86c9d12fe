/**
 * Reads a JSON object arriving in pieces and hands on its members one by one: the top-level values whole,
 * and the elements of top-level arrays one at a time, each as its own JSON text (for JSON.parse). An import
 * of a million transactions thus never holds the document, only the element being read. Strings are
 * skipped with indexOf (escapes counted), so the text is scanned once. Only the structure is followed here:
 * each piece handed on is then parsed, which finds what is wrong inside it.
 */

export interface SplitterEvents {
  /** A top-level member that is not an array (`format`, `version`, `user`…), as JSON text. */
  value(key: string, text: string): void;
  /** One element of the top-level array `key`, as JSON text; `index` counts from 0. */
  element(key: string, index: number, text: string): void;
}

/** The text is not a JSON object, or not JSON at all. */
export class NotAnObject extends Error {}
/** The text ended before the object did. */
export class CutShort extends Error {}

type Mode = 'start' | 'key' | 'colon' | 'value-start' | 'value' | 'array' | 'end';

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export class JsonSplitter {
  private text = '';
  private pos = 0;
  private mode: Mode = 'start';
  private key = '';
  /** Where the value or element being read starts; -1 between them. */
  private start = -1;
  private nesting = 0;
  private index = 0;

  constructor(private readonly on: SplitterEvents) {}

  /** Feeds the next piece of text; the events fire for every member it completes. */
  push(chunk: string): void {
    const keep = this.start >= 0 ? this.start : this.pos;
    this.text = this.text.slice(keep) + chunk;
    this.pos -= keep;
    if (this.start >= 0) this.start -= keep;
    this.scan();
  }

  /** The text ended: CutShort unless the object was closed. */
  end(): void {
    if (this.mode !== 'end') throw new CutShort('the document ends before its closing brace');
  }

  /** The index after the string starting at `i` (a quote), or -1 when its end has not arrived yet. */
  private stringEnd(i: number): number {
    for (let j = i + 1; ; ) {
      const q = this.text.indexOf('"', j);
      if (q < 0) return -1;
      let backslashes = 0;
      for (let k = q - 1; this.text.charCodeAt(k) === 0x5c; k--) backslashes++;
      if (backslashes % 2 === 0) return q + 1;
      j = q + 1;
    }
  }

  private scan(): void {
    while (this.pos < this.text.length && this.mode !== 'end') {
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x22) {
        const after = this.stringEnd(this.pos);
        if (after < 0) return;
        this.onString(after);
        this.pos = after;
        continue;
      }
      if (!isSpace(c)) this.onChar(c);
      this.pos++;
    }
    if (this.mode === 'end' && this.text.slice(this.pos).trim() !== '') throw new NotAnObject('text follows the end of the document');
  }

  private onString(after: number): void {
    if (this.mode === 'key') {
      this.key = JSON.parse(this.text.slice(this.pos, after)) as string;
      this.mode = 'colon';
    } else if (this.mode === 'value-start') {
      this.begin('value');
    } else if (this.mode === 'array' && this.start < 0) {
      this.start = this.pos;
    } else if (this.mode !== 'value' && this.mode !== 'array') {
      throw new NotAnObject('a text where the document has none');
    }
  }

  private begin(mode: 'value' | 'array'): void {
    this.mode = mode;
    this.nesting = 0;
    this.start = mode === 'value' ? this.pos : -1;
    this.index = 0;
  }

  private onChar(c: number): void {
    switch (this.mode) {
      case 'start':
        if (c !== 0x7b) throw new NotAnObject('the document is not a JSON object');
        this.mode = 'key';
        return;
      case 'key':
        if (c === 0x7d) this.mode = 'end';
        else if (c !== 0x2c) throw new NotAnObject('a member name is missing');
        return;
      case 'colon':
        if (c !== 0x3a) throw new NotAnObject('a colon is missing');
        this.mode = 'value-start';
        return;
      case 'value-start':
        if (c === 0x5b) this.begin('array');
        else {
          this.begin('value');
          this.inside(c);
        }
        return;
      default:
        this.inside(c);
    }
  }

  /** A character inside a top-level value or array, outside strings. */
  private inside(c: number): void {
    const open = c === 0x7b || c === 0x5b;
    const close = c === 0x7d || c === 0x5d;
    if (open || (!close && c !== 0x2c)) {
      if (this.mode === 'array' && this.start < 0) this.start = this.pos;
      if (open) this.nesting++;
      return;
    }
    if (close && this.nesting > 0) {
      this.nesting--;
      return;
    }
    if (c !== 0x2c && this.nesting > 0) return;
    if (this.nesting > 0) return; // a comma inside a nested value
    this.terminate(c);
  }

  /** A comma or closing bracket at the level of the member: the value or element being read is whole. */
  private terminate(c: number): void {
    const piece = this.start >= 0 ? this.text.slice(this.start, this.pos) : null;
    this.start = -1;
    if (this.mode === 'value') {
      if (piece !== null) this.on.value(this.key, piece);
      this.mode = c === 0x7d ? 'end' : 'key';
      if (c === 0x5d) throw new NotAnObject('a bracket closes nothing');
      return;
    }
    if (piece !== null) this.on.element(this.key, this.index++, piece);
    else if (c === 0x2c) throw new NotAnObject(`an empty element in ${this.key}`);
    if (c === 0x5d) this.mode = 'key';
    else if (c === 0x7d) throw new NotAnObject('a brace closes nothing');
  }
}
