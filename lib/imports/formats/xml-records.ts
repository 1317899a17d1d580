import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ImportFileError } from './errors';
import { textChunks, type ReaderInput } from './text-input';

/** One element of a record, as plain data: its local name (namespace prefixes dropped), attributes, text and children. */
export interface XmlNode {
  name: string;
  line: number;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

export interface XmlRecordSpec {
  /** The root element's local name, e.g. `ACES`. */
  root: string;
  /** What the file is called in messages, e.g. `an ACES file`. */
  kind: string;
  /** True for an element to hand over whole, by its path from the root (`['PIES', 'Items', 'Item']`). */
  isRecord: (path: readonly string[]) => boolean;
}

/** The root element (attributes only), then every record element, whole, as its end tag is read. */
export type XmlEvent = { type: 'root'; node: XmlNode } | { type: 'record'; node: XmlNode };

function nodeOf(tag: SaxesTagNS, line: number): XmlNode {
  const attrs: Record<string, string> = {};
  for (const name in tag.attributes) attrs[tag.attributes[name]!.local] = tag.attributes[name]!.value;
  return { name: tag.local, line, attrs, text: '', children: [] };
}

const saxesReason = (error: Error) => error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '');

/** Parses pushed text, keeping only the record being read: memory stays flat whatever the file's size. */
class RecordCollector {
  private readonly parser = new SaxesParser({ xmlns: true });
  private readonly path: string[] = [];
  private readonly open: XmlNode[] = [];
  private readonly ready: XmlEvent[] = [];
  private tagLine = 1;
  private seenMarkup = false;

  constructor(private readonly spec: XmlRecordSpec) {
    const parser = this.parser;
    parser.on('opentagstart', () => (this.tagLine = parser.line));
    parser.on('opentag', (tag) => this.openTag(tag));
    parser.on('text', (text) => this.addText(text));
    parser.on('cdata', (text) => this.addText(text));
    parser.on('closetag', () => this.closeTag());
    parser.on('error', (error) => {
      throw new ImportFileError(parser.line, `this is not well-formed XML (${saxesReason(error)})`);
    });
  }

  push(text: string): XmlEvent[] {
    if (!this.seenMarkup) this.checkStart(text);
    this.parser.write(text);
    return this.ready.splice(0);
  }

  end(): XmlEvent[] {
    const innermost = this.path.at(-1);
    if (innermost) {
      const record = this.open[0];
      const opened = record && `the <${record.name}> opened on line ${record.line}`;
      const inside = !record ? `<${innermost}>` : record.name === innermost ? opened : `<${innermost}> of ${opened}`;
      throw new ImportFileError(this.parser.line, `the file ends inside ${inside}: it was cut short`);
    }
    this.parser.close();
    return this.ready.splice(0);
  }

  /** A file that is not XML at all fails on its first character, before the parser buffers it whole looking for a tag. */
  private checkStart(text: string) {
    const first = /\S/.exec(text);
    if (!first) return;
    this.seenMarkup = true;
    if (first[0] === '<') return;
    const line = this.parser.line + (text.slice(0, first.index).match(/\n/g)?.length ?? 0);
    const start = text.slice(first.index, first.index + 20).split(/\r?\n/)[0];
    throw new ImportFileError(line, `this is not an XML file: it starts with "${start}", not with a tag`);
  }

  private openTag(tag: SaxesTagNS) {
    this.path.push(tag.local);
    const node = nodeOf(tag, this.tagLine);
    if (this.path.length === 1) {
      if (tag.local !== this.spec.root)
        throw new ImportFileError(node.line, `the root element is <${tag.local}>, not <${this.spec.root}>: this is not ${this.spec.kind}`);
      this.ready.push({ type: 'root', node });
    } else if (this.open.length) {
      this.open.at(-1)!.children.push(node);
      this.open.push(node);
    } else if (this.spec.isRecord(this.path)) this.open.push(node);
  }

  private addText(text: string) {
    const node = this.open.at(-1);
    if (node) node.text += text;
  }

  private closeTag() {
    this.path.pop();
    const node = this.open.pop();
    if (node && !this.open.length) this.ready.push({ type: 'record', node });
  }
}

/** The records of an XML file, each read from the input only when the caller asks for the next one. */
export async function* readXmlRecords(input: ReaderInput, spec: XmlRecordSpec): AsyncGenerator<XmlEvent> {
  const collector = new RecordCollector(spec);
  for await (const text of textChunks(input, { xml: true })) yield* collector.push(text);
  yield* collector.end();
}

export const childOf = (node: XmlNode, name: string) => node.children.find((child) => child.name === name);
export const childrenOf = (node: XmlNode, name: string) => node.children.filter((child) => child.name === name);
/** The `entry` elements inside the child `container`: `entriesOf(item, 'Prices', 'Pricing')`. */
export const entriesOf = (node: XmlNode, container: string, entry: string) => {
  const list = childOf(node, container);
  return list ? childrenOf(list, entry) : [];
};

/** The element's text without surrounding white space; undefined when empty or absent (`<Note/>`). */
export function textOf(node: XmlNode | undefined): string | undefined {
  const text = node?.text.trim();
  return text ? text : undefined;
}

export const childText = (node: XmlNode, name: string) => textOf(childOf(node, name));
