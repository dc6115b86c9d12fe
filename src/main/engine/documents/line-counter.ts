/** Line numbers of string offsets, for error locations. Cheap when queried in increasing order. */
export class LineCounter {
  private offset = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  /** 1-based line number of `index`. */
  lineAt(index: number): number {
    if (index < this.offset) {
      this.offset = 0;
      this.line = 1;
    }
    const text = this.text;
    let i = text.indexOf('\n', this.offset);
    while (i >= 0 && i < index) {
      this.line++;
      i = text.indexOf('\n', i + 1);
    }
    this.offset = index;
    return this.line;
  }
}

/** 1-based line number of `index` in `text`. */
export function lineAt(text: string, index: number): number {
  return new LineCounter(text).lineAt(index);
}
