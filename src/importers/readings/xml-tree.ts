// A small, strict XML reader for uploaded Green Button files: elements, attributes, text, comments, processing
// instructions, CDATA and namespaces (prefixed or default). No DTD is ever read: a document type declaration or an
// entity declaration is refused, so no external entity is fetched and no entity expands (XXE, "billion laughs");
// only the five predefined entities and numeric character references are decoded. Any other malformation is a
// ReadingFormatError naming the line.
import { ReadingFormatError } from './reading.ts';

export interface XmlElement {
  /** Local name, prefix removed. */
  name: string;
  /** Namespace URI ('' when none). */
  ns: string;
  /** Attributes by their qualified name as written (href, xml:base, xmlns:espi). */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside (CDATA included), entities decoded; whitespace-only runs between tags dropped. */
  text: string;
  /** Offset of the start tag, for lineAt. */
  pos: number;
}

/** Deeper nesting is no Green Button file; the limit keeps every later recursive walk safe. */
const MAX_DEPTH = 200;
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const NAME = /[A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9._:\u00B7\u00C0-\uFFFF]*/y;
const SPACE = /[ \t\r\n]*/y;
/** Shared by the many elements without attributes (most of an ESPI file): one object fewer per element. */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;
/** Shared by leaf elements (start, duration, value...) until a child arrives; never pushed to. */
const NO_CHILDREN = Object.freeze([]) as unknown as XmlElement[];
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function blank(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** 1-based line of an offset. */
export function lineAt(text: string, pos: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function fail(text: string, pos: number, message: string): never {
  const line = lineAt(text, pos);
  throw new ReadingFormatError(`line ${line}`, null, `line ${line}: malformed XML: ${message}`);
}

/** Decodes &lt; &gt; &amp; &quot; &apos; &#N; &#xH;; any other reference is refused (no DTD declares it). */
function decode(text: string, raw: string, pos: number): string {
  let amp = raw.indexOf('&');
  if (amp < 0) return raw;
  let out = '';
  let from = 0;
  while (amp >= 0) {
    const semi = raw.indexOf(';', amp);
    const ref = semi < 0 ? '' : raw.slice(amp + 1, semi);
    let ch: string | undefined;
    if (/^#[0-9]{1,7}$/.test(ref) || /^#x[0-9a-fA-F]{1,6}$/.test(ref)) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      const allowed =
        code === 0x9 ||
        code === 0xa ||
        code === 0xd ||
        (code >= 0x20 && code <= 0xd7ff) ||
        (code >= 0xe000 && code <= 0xfffd) ||
        (code >= 0x10000 && code <= 0x10ffff);
      if (!allowed) fail(text, pos + amp, `&${ref}; is not a character XML allows`);
      ch = String.fromCodePoint(code);
    } else ch = PREDEFINED[ref];
    if (ch === undefined) {
      fail(
        text,
        pos + amp,
        semi < 0 || !/^[A-Za-z_][-\w.]*$/.test(ref)
          ? "a bare '&' (write &amp;)"
          : `the entity &${ref}; is not defined (DTDs are not accepted; only &lt; &gt; &amp; &quot; &apos; and character references are)`,
      );
    }
    out += raw.slice(from, amp) + ch;
    from = semi + 1;
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}

interface Open {
  el: XmlElement;
  qname: string;
  scope: Map<string, string>;
}

/** The root element of an XML document. */
export function parseXml(input: string): XmlElement {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const len = text.length;
  const stack: Open[] = [];
  let root: XmlElement | null = null;
  const rootScope = new Map<string, string>([['xml', XML_NS]]);
  let i = 0;
  while (i < len) {
    const lt = text.indexOf('<', i);
    const stop = lt < 0 ? len : lt;
    // Whitespace between elements is dropped without a copy: it is most of an indented file, and no ESPI value is
    // whitespace.
    if (stop > i && !blank(text, i, stop)) {
      const top = stack.at(-1);
      if (!top) fail(text, i, 'text outside the root element');
      const segment = decode(text, text.slice(i, stop), i);
      top.el.text = top.el.text ? top.el.text + segment : segment;
    }
    if (lt < 0) break;
    i = lt;
    const next = text[i + 1];
    if (next === '?') {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) fail(text, i, 'a processing instruction (<?...) is never closed');
      i = end + 2;
    } else if (next === '!') {
      if (text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        if (end < 0) fail(text, i, 'a comment (<!--) is never closed');
        i = end + 3;
      } else if (text.startsWith('<![CDATA[', i)) {
        const end = text.indexOf(']]>', i + 9);
        if (end < 0) fail(text, i, 'a CDATA section is never closed');
        const top = stack.at(-1);
        if (!top) fail(text, i, 'CDATA outside the root element');
        top.el.text += text.slice(i + 9, end);
        i = end + 3;
      } else if (text.startsWith('<!DOCTYPE', i) || text.startsWith('<!ENTITY', i)) {
        const line = lineAt(text, i);
        throw new ReadingFormatError(
          'body',
          null,
          `body: line ${line}: DTDs (<!DOCTYPE, <!ENTITY) are not accepted in uploaded XML`,
        );
      } else fail(text, i, "'<!' that is not a comment or CDATA");
    } else if (next === '/') {
      NAME.lastIndex = i + 2;
      const m = NAME.exec(text);
      const top = stack.at(-1);
      if (!m) fail(text, i, 'an end tag without a name');
      if (!top) fail(text, i, `</${m[0]}> closes nothing`);
      SPACE.lastIndex = NAME.lastIndex;
      SPACE.exec(text);
      if (text[SPACE.lastIndex] !== '>') fail(text, i, `</${m[0]} is not closed with '>'`);
      if (m[0] !== top.qname)
        fail(text, i, `</${m[0]}> where </${top.qname}> (opened on line ${lineAt(text, top.el.pos)}) was expected`);
      stack.pop();
      i = SPACE.lastIndex + 1;
    } else {
      const isRoot = stack.length === 0;
      const [after, el] = startTag(text, i, stack, rootScope);
      if (isRoot) {
        if (root) fail(text, el.pos, `a second root element <${el.name}>`);
        root = el;
      }
      i = after;
    }
  }
  const open = stack.at(-1);
  if (open)
    fail(text, len, `the document ends before <${open.qname}> (opened on line ${lineAt(text, open.el.pos)}) is closed`);
  if (!root) fail(text, len, 'no root element');
  return root;
}

/** Reads a start tag at `lt` (pushing it unless it closes itself); returns the offset after it and the element. */
function startTag(text: string, lt: number, stack: Open[], rootScope: Map<string, string>): [number, XmlElement] {
  NAME.lastIndex = lt + 1;
  const m = NAME.exec(text);
  if (!m) fail(text, lt, "'<' that does not begin a tag (write &lt;)");
  const qname = m[0];
  let attrs: Record<string, string> = NO_ATTRIBUTES;
  let i = NAME.lastIndex;
  let selfClosing = false;
  for (;;) {
    SPACE.lastIndex = i;
    SPACE.exec(text);
    const spaced = SPACE.lastIndex > i;
    i = SPACE.lastIndex;
    if (text[i] === '>') {
      i++;
      break;
    }
    if (text.startsWith('/>', i)) {
      i += 2;
      selfClosing = true;
      break;
    }
    if (i >= text.length) fail(text, lt, `the document ends inside the tag <${qname}`);
    NAME.lastIndex = i;
    const a = NAME.exec(text);
    if (!a || !spaced) fail(text, i, `unexpected '${text[i]}' in the tag <${qname}>`);
    SPACE.lastIndex = NAME.lastIndex;
    SPACE.exec(text);
    if (text[SPACE.lastIndex] !== '=') fail(text, i, `the attribute ${a[0]} of <${qname}> has no value`);
    SPACE.lastIndex++;
    SPACE.exec(text);
    const quote = text[SPACE.lastIndex];
    if (quote !== '"' && quote !== "'") fail(text, i, `the value of ${a[0]} in <${qname}> is not quoted`);
    const from = SPACE.lastIndex + 1;
    const to = text.indexOf(quote, from);
    if (to < 0) fail(text, i, `the value of ${a[0]} in <${qname}> is never closed`);
    const raw = text.slice(from, to);
    if (raw.includes('<')) fail(text, from, `'<' inside the value of ${a[0]}`);
    if (attrs === NO_ATTRIBUTES) attrs = {};
    else if (Object.hasOwn(attrs, a[0])) fail(text, i, `the attribute ${a[0]} appears twice in <${qname}>`);
    attrs[a[0]] = decode(text, raw, from);
    i = to + 1;
  }
  const parent = stack.at(-1);
  if (stack.length >= MAX_DEPTH) fail(text, lt, `elements nested deeper than ${MAX_DEPTH}`);
  // Namespace declarations on this element open a new scope; most elements share their parent's.
  let scope = parent ? parent.scope : rootScope;
  for (const name in attrs) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (scope === (parent ? parent.scope : rootScope)) scope = new Map(scope);
      scope.set(name === 'xmlns' ? '' : name.slice(6), attrs[name]!);
    }
  }
  const colon = qname.indexOf(':');
  const prefix = colon < 0 ? '' : qname.slice(0, colon);
  const ns = scope.get(prefix);
  if (prefix && !ns) fail(text, lt, `the namespace prefix '${prefix}' of <${qname}> is not declared`);
  const el: XmlElement = {
    name: colon < 0 ? qname : qname.slice(colon + 1),
    ns: ns ?? '',
    attrs,
    children: NO_CHILDREN,
    text: '',
    pos: lt,
  };
  if (parent) {
    if (parent.el.children === NO_CHILDREN) parent.el.children = [el];
    else parent.el.children.push(el);
  }
  if (!selfClosing) stack.push({ el, qname, scope });
  return [i, el];
}

/** The first child element of that local name, if any. */
export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}
