import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ParseContext } from './parse-context';
import { rejectDoctype } from './xml-safety';
import { decodeXmlEntities } from './xml-text';

/**
 * Read-only view of an XML document parsed by fast-xml-parser (entity processing OFF, namespace
 * prefixes removed, every element an array) that knows each element's path for error messages:
 * `Document/BkToCstmrStmt/Stmt[0]/Ntry[3]/Amt`.
 */

type Raw = string | { [key: string]: unknown };

const TEXT = '#text';
const ATTR = '@_';

export class XNode {
  constructor(
    private readonly raw: Raw,
    readonly path: string,
  ) {}

  /** Text content (entities decoded), '' when none. */
  text(): string {
    if (typeof this.raw === 'string') return decodeXmlEntities(this.raw);
    const t = this.raw[TEXT];
    return typeof t === 'string' || typeof t === 'number' ? decodeXmlEntities(String(t)) : '';
  }

  attr(name: string): string | undefined {
    if (typeof this.raw === 'string') return undefined;
    const v = this.raw[ATTR + name];
    return typeof v === 'string' ? decodeXmlEntities(v) : undefined;
  }

  /** All children of that name, each with an indexed path. */
  all(name: string): XNode[] {
    const list = this.children(name);
    return list.map((raw, i) => new XNode(raw, `${this.path}/${name}[${i}]`));
  }

  /** First child of that name. */
  one(name: string): XNode | undefined {
    const list = this.children(name);
    return list.length > 0 ? new XNode(list[0], `${this.path}/${name}`) : undefined;
  }

  /** Descends through the first child of each name. */
  find(...names: string[]): XNode | undefined {
    let node = this.one(names[0]);
    for (let i = 1; i < names.length && node; i++) node = node.one(names[i]);
    return node;
  }

  /** Trimmed text of a descendant, undefined when absent or empty. */
  textOf(...names: string[]): string | undefined {
    const text = this.find(...names)
      ?.text()
      .trim();
    return text === undefined || text === '' ? undefined : text;
  }

  private children(name: string): Raw[] {
    if (typeof this.raw === 'string') return [];
    const v = this.raw[name];
    if (v === undefined) return [];
    const list = Array.isArray(v) ? v : [v];
    return list.filter((x): x is Raw => typeof x === 'string' || (typeof x === 'object' && x !== null));
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  textNodeName: TEXT,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute,
});

/** Parses an XML statement file; its root element must be `rootName`. */
export function parseXmlDocument(text: string, rootName: string, ctx: ParseContext): XNode {
  rejectDoctype(text, ctx);
  let valid: ReturnType<typeof XMLValidator.validate>;
  try {
    valid = XMLValidator.validate(text);
  } catch (error) {
    return ctx.fail(undefined, `malformed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (valid !== true) {
    const msg = valid.err.msg;
    if (/^Invalid '\[/.test(msg)) {
      // fast-xml-parser lists the elements still open at the end of the input
      const open = [...msg.matchAll(/"([^"]+)"/g)].map((m) => m[1].replace(/^[^:]+:/, ''));
      const last = open[open.length - 1] ?? rootName;
      ctx.fail(`element ${open.join('/') || rootName}`, `truncated file: <${last}> is never closed`);
    }
    const truncated = /unclosed|expected closing|end of|unexpected end/i.test(msg);
    ctx.fail(`line ${valid.err.line}`, `${truncated ? 'truncated or ' : ''}malformed XML: ${msg}`);
  }
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch (error) {
    ctx.fail(undefined, `malformed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const document = new XNode(parsed as Raw, '').one(rootName);
  if (!document) ctx.fail('element /', `the XML root element is not <${rootName}>`);
  return new XNode((parsed as Record<string, Raw[]>)[rootName][0], rootName);
}
