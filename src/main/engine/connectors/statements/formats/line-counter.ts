/**
 * Line numbers of string offsets, for error locations. Queries cost the distance from the previous
 * query (forwards or backwards), so a parser asking in file order stays linear overall.
 */
export class LineCounter {
  /** Invariant: `line` = 1 + number of '\n' in text[0, offset). */
  private offset = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  /** 1-based line number of `index`. */
  lineAt(index: number): number {
    const text = this.text;
    if (index >= this.offset) {
      let i = text.indexOf('\n', this.offset);
      while (i >= 0 && i < index) {
        this.line++;
        i = text.indexOf('\n', i + 1);
      }
    } else {
      let i = this.offset > 0 ? text.lastIndexOf('\n', this.offset - 1) : -1;
      while (i >= index) {
        this.line--;
        i = i > 0 ? text.lastIndexOf('\n', i - 1) : -1;
      }
    }
    this.offset = index;
    return this.line;
  }
}

/** 1-based line number of `index` in `text`. */
export function lineAt(text: string, index: number): number {
  return new LineCounter(text).lineAt(index);
}
