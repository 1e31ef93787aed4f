import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * ONVIF's SOAP answers come from devices on the LAN nobody vetted, so they are read by a
 * maintained parser (fast-xml-parser, see docs/decisions) behind three refusals made before it
 * runs: a size cap, any DOCTYPE or ENTITY declaration (no entity of the device's can expand, none
 * can name an external file), and a nesting cap. What comes out is a small tree whose names have
 * lost their namespace prefix (cameras disagree on prefixes, never on local names).
 */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** The element's own text (CDATA included), trimmed. */
  text: string;
}

export const MAX_XML_BYTES = 1024 * 1024;
const MAX_DEPTH = 64;
const MAX_NODES = 20_000;

export class XmlError extends Error {}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Predefined entities and character references: declarations are refused above, so nothing a device declares expands.
  processEntities: true,
  // Also decodes character references (&#65; &#x42;), which cameras write in names.
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, unknown> };

/** The deepest nesting of start tags, counted without building anything (cheap, linear). */
function nestingDepth(src: string): number {
  let depth = 0;
  let max = 0;
  for (const m of src.matchAll(/<(\/?)[A-Za-z_][^>]*?(\/?)>/g)) {
    if (m[1]) depth -= 1;
    else if (!m[2]) {
      depth += 1;
      if (depth > max) max = depth;
    }
  }
  return max;
}

export function parseXml(src: string): XmlNode {
  if (Buffer.byteLength(src, 'utf8') > MAX_XML_BYTES) throw new XmlError('the document is too large');
  if (/<!DOCTYPE|<!ENTITY/i.test(src)) throw new XmlError('a DOCTYPE or entity declaration is not accepted');
  if (nestingDepth(src) > MAX_DEPTH) throw new XmlError('nested too deep');
  const valid = XMLValidator.validate(src);
  if (valid !== true) throw new XmlError(`not well-formed XML (${valid.err.msg}, line ${valid.err.line})`);
  const ordered = parser.parse(src) as Ordered[];
  let nodes = 0;
  const convert = (items: Ordered[]): { children: XmlNode[]; text: string } => {
    const children: XmlNode[] = [];
    const texts: string[] = [];
    for (const item of items) {
      for (const [key, value] of Object.entries(item)) {
        if (key === ':@') continue;
        if (key === '#text') {
          texts.push(String(value));
          continue;
        }
        if (++nodes > MAX_NODES) throw new XmlError('too many elements');
        const inner = convert((value as Ordered[]) ?? []);
        const attrs: Record<string, string> = {};
        for (const [a, v] of Object.entries(item[':@'] ?? {})) if (a !== 'xmlns') attrs[a] = String(v);
        children.push({ name: key, attrs, children: inner.children, text: inner.text.trim() });
      }
    }
    return { children, text: texts.join('') };
  };
  const { children } = convert(ordered);
  if (children.length === 0) throw new XmlError('no element');
  return { name: '#document', attrs: {}, children, text: '' };
}

/** Every descendant (depth first, document order) with this local name. */
export function findAll(node: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of node.children) {
    if (c.name === name) out.push(c);
    findAll(c, name, out);
  }
  return out;
}

/** The first descendant along a path of local names, each found at any depth below the last. */
export function find(node: XmlNode, ...path: string[]): XmlNode | undefined {
  let at: XmlNode | undefined = node;
  for (const name of path) {
    at = at ? findAll(at, name)[0] : undefined;
    if (!at) return undefined;
  }
  return at;
}

export const textOf = (node: XmlNode, ...path: string[]): string | null => {
  const t = find(node, ...path)?.text;
  return t ? t : null;
};
