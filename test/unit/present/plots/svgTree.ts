/**
 * A minimal XML parser for the plots' SVG output, so tests can query elements without a DOM.
 * Strict on purpose: a mismatched or unclosed tag throws, which doubles as a well-formedness check.
 */

export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Decoded text directly inside this element. */
  readonly text: string;
}

const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);

export function parseXml(source: string): XmlElement {
  const token = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<\/([\w:-]+)\s*>|<([\w:-]+)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>|([^<]+)/gy;
  type Open = { name: string; attrs: Record<string, string>; children: XmlElement[]; text: string };
  const stack: Open[] = [{ name: '#document', attrs: {}, children: [], text: '' }];
  let m: RegExpExecArray | null;
  while (token.lastIndex < source.length && (m = token.exec(source)) !== null) {
    const [, close, open, attrText, selfClose, chars] = m;
    const top = stack[stack.length - 1];
    if (chars !== undefined) {
      top.text += decode(chars);
    } else if (close !== undefined) {
      if (close !== top.name) throw new SyntaxError(`</${close}> closes <${top.name}>`);
      stack.pop();
      stack[stack.length - 1].children.push(top);
    } else if (open !== undefined) {
      const attrs: Record<string, string> = {};
      for (const a of attrText.matchAll(/([\w:-]+)="([^"]*)"/g)) {
        if (a[1] in attrs) throw new SyntaxError(`duplicate attribute ${a[1]} on <${open}>`);
        attrs[a[1]] = decode(a[2]);
      }
      const node: Open = { name: open, attrs, children: [], text: '' };
      if (selfClose) top.children.push(node);
      else stack.push(node);
    }
  }
  if (token.lastIndex !== source.length) throw new SyntaxError(`unparsed input at ${token.lastIndex}`);
  if (stack.length !== 1 || stack[0].children.length !== 1) throw new SyntaxError('not a single well-formed root element');
  return stack[0].children[0];
}

/** Every element below (and including) `root` that satisfies `test`, in document order. */
export function findAll(root: XmlElement, test: (e: XmlElement) => boolean): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    if (test(e)) out.push(e);
    e.children.forEach(walk);
  };
  walk(root);
  return out;
}

export const hasClass = (e: XmlElement, name: string) => (e.attrs.class ?? '').split(/\s+/).includes(name);

/** Text of an element and all its descendants. */
export function textContent(e: XmlElement): string {
  return e.text + e.children.map(textContent).join('');
}
