import type { ReactNode } from 'react';

/** Inline **bold** and `code` (the terms use nothing else); built as elements, never as HTML. */
function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const token = m[0];
    out.push(
      token.startsWith('**') ? (
        <strong key={m.index}>{token.slice(2, -2)}</strong>
      ) : (
        <code key={m.index}>{token.slice(1, -1)}</code>
      ),
    );
    last = m.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * A minimal Markdown view for the terms, in the app and in the widget: headings, paragraphs, ordered and bullet
 * lists (a line that is not an item continues the item above it until a blank line), **bold** and `code`.
 * `className`: the blocks are wrapped in a div of that class.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks: ReactNode[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      // The page has its own h1: the document's headings sit one level below it.
      blocks.push(level === 1 ? <h2 key={i}>{inline(heading[2])}</h2> : <h3 key={i}>{inline(heading[2])}</h3>);
      i++;
      continue;
    }
    const listItem = /^\s*(\d+\.|[-*])\s+/;
    if (listItem.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && lines[i].trim()) {
        if (listItem.test(lines[i])) items.push(lines[i].replace(listItem, ''));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
        i++;
      }
      const children = items.map((it, k) => <li key={k}>{inline(it)}</li>);
      blocks.push(ordered ? <ol key={i}>{children}</ol> : <ul key={i}>{children}</ul>);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i].trim() && !listItem.test(lines[i]) && !/^#/.test(lines[i]))
      para.push(lines[i++].trim());
    blocks.push(<p key={i}>{inline(para.join(' '))}</p>);
  }
  return className ? <div className={className}>{blocks}</div> : <>{blocks}</>;
}
