/**
 * A small, tolerant XML reader for ONVIF's SOAP answers (no dependency for a handful of fields).
 * Element and attribute names lose their namespace prefix (cameras disagree on prefixes, never on
 * local names). Only the five predefined entities and character references are decoded: a DOCTYPE
 * is skipped, never read, so no entity a device declares can expand. Bounded in depth and size.
 */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** The element's own text (CDATA included), trimmed. */
  text: string;
}

const MAX_DEPTH = 64;
const MAX_NODES = 20_000;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : m;
    }
    return NAMED[e] ?? m;
  });
}

const local = (qname: string) => qname.slice(qname.indexOf(':') + 1);

export class XmlError extends Error {}

export function parseXml(src: string): XmlNode {
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  const texts: string[][] = [[]];
  let nodes = 0;
  let i = 0;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const chunk = lt < 0 ? src.slice(i) : src.slice(i, lt);
    if (chunk) texts[texts.length - 1]!.push(decodeEntities(chunk));
    if (lt < 0) break;
    if (src.startsWith('<!--', lt)) {
      const end = src.indexOf('-->', lt + 4);
      i = end < 0 ? src.length : end + 3;
    } else if (src.startsWith('<![CDATA[', lt)) {
      const end = src.indexOf(']]>', lt + 9);
      texts[texts.length - 1]!.push(src.slice(lt + 9, end < 0 ? src.length : end));
      i = end < 0 ? src.length : end + 3;
    } else if (src.startsWith('<?', lt)) {
      const end = src.indexOf('?>', lt + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (src.startsWith('<!', lt)) {
      // A DOCTYPE (with an internal subset in brackets) is skipped whole, never interpreted.
      let depth = 0;
      let j = lt + 2;
      for (; j < src.length; j++) {
        if (src[j] === '[') depth += 1;
        else if (src[j] === ']') depth -= 1;
        else if (src[j] === '>' && depth <= 0) break;
      }
      i = j + 1;
    } else if (src[lt + 1] === '/') {
      const end = src.indexOf('>', lt);
      if (end < 0) throw new XmlError('unterminated closing tag');
      const name = local(src.slice(lt + 2, end).trim());
      const open = stack.pop();
      const own = texts.pop();
      if (!open || open === root || open.name !== name) throw new XmlError(`unexpected </${name}>`);
      open.text = own!.join('').trim();
      i = end + 1;
    } else {
      const end = findTagEnd(src, lt);
      if (end < 0) throw new XmlError('unterminated tag');
      const selfClosing = src[end - 1] === '/';
      const inner = src.slice(lt + 1, selfClosing ? end - 1 : end);
      const m = /^([^\s/>]+)/.exec(inner);
      if (!m) throw new XmlError('a tag without a name');
      const node: XmlNode = {
        name: local(m[1]!),
        attrs: parseAttrs(inner.slice(m[1]!.length)),
        children: [],
        text: '',
      };
      if (++nodes > MAX_NODES) throw new XmlError('too many elements');
      stack[stack.length - 1]!.children.push(node);
      if (!selfClosing) {
        if (stack.length > MAX_DEPTH) throw new XmlError('nested too deep');
        stack.push(node);
        texts.push([]);
      }
      i = end + 1;
    }
  }
  if (stack.length !== 1) throw new XmlError(`<${stack[stack.length - 1]!.name}> is never closed`);
  if (root.children.length === 0) throw new XmlError('no element');
  return root;
}

/** The `>` that ends a tag, skipping quoted attribute values. */
function findTagEnd(src: string, from: number): number {
  let quote: string | null = null;
  for (let j = from + 1; j < src.length; j++) {
    const c = src[j];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j;
  }
  return -1;
}

function parseAttrs(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([^\s=/]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    const name = m[1]!;
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    out[local(name)] = decodeEntities(m[3] ?? m[4] ?? '');
  }
  return out;
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
