/**
 * The YAML front matter of a Hub dataset card (README.md), read as far as the Hub's own cards use
 * YAML: block maps (`key: value`), block sequences (`- item`, indented or at their key's indent,
 * items that are maps: `- config_name: x`), flow sequences of scalars (`[a, "b"]`), plain and
 * quoted scalars, comments, and block scalars (`|`, `>`: their text kept as one string). Flow
 * maps (`{a: 1}`), anchors and tags are kept as the raw text of the value. Every scalar is a
 * string (`3` is `'3'`, `true` is `'true'`); a key without a value is `null`.
 */
export type CardYaml = string | null | readonly CardYaml[] | { readonly [key: string]: CardYaml };

interface Line {
  readonly indent: number;
  readonly text: string;
}

/** The lines between the card's opening `---` and the next one, or none when it has no such block. */
export function frontMatterLines(readme: string): string[] {
  const lines = readme.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return [];
  const end = lines.findIndex((l, i) => i > 0 && (l.trim() === '---' || l.trim() === '...'));
  return end < 0 ? [] : lines.slice(1, end);
}

/**
 * The card's front matter as a value (a map; `{}` for a card without one).
 * @example cardYaml('---\nconfigs:\n- config_name: corpus\n  data_files: corpus.jsonl\n---\n')
 *   // { configs: [{ config_name: 'corpus', data_files: 'corpus.jsonl' }] }
 */
export function cardYaml(readme: string): { readonly [key: string]: CardYaml } {
  const lines = frontMatterLines(readme)
    .filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'))
    .map((l): Line => ({ indent: l.length - l.trimStart().length, text: l.trim() }));
  const value = lines.length === 0 ? null : block(lines, { at: 0 }, lines[0].indent);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { [key: string]: CardYaml }) : {};
}

const ITEM = /^-(?:\s+|$)/;
const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s'"#\-[{][^:#]*?|-[^\s:#][^:#]*?):(?:\s+(.*))?$/;

/** The block (a sequence or a map) whose lines start at `pos.at` with this indent. */
function block(lines: Line[], pos: { at: number }, indent: number): CardYaml {
  return ITEM.test(lines[pos.at].text) ? sequence(lines, pos, indent) : map(lines, pos, indent);
}

function sequence(lines: Line[], pos: { at: number }, indent: number): CardYaml[] {
  const out: CardYaml[] = [];
  while (pos.at < lines.length && lines[pos.at].indent === indent && ITEM.test(lines[pos.at].text)) {
    const line = lines[pos.at];
    const rest = line.text.replace(ITEM, '');
    if (rest === '') {
      pos.at++;
      out.push(pos.at < lines.length && lines[pos.at].indent > indent ? block(lines, pos, lines[pos.at].indent) : null);
    } else if (KEY.test(rest)) {
      // `- key: value`: a map whose first key is on the item's line, at the indent of `key`.
      const inner = indent + (line.text.length - rest.length);
      lines[pos.at] = { indent: inner, text: rest };
      out.push(map(lines, pos, inner));
    } else {
      pos.at++;
      out.push(value(rest, lines, pos, indent));
    }
  }
  return out;
}

function map(lines: Line[], pos: { at: number }, indent: number): { [key: string]: CardYaml } {
  const out: { [key: string]: CardYaml } = {};
  while (pos.at < lines.length && lines[pos.at].indent >= indent) {
    const line = lines[pos.at];
    const m = line.indent === indent ? KEY.exec(line.text) : null;
    pos.at++;
    // A line this map cannot read (a continued plain scalar, a stray item): skipped.
    if (!m) continue;
    const key = unquote(m[1]);
    const rest = (m[2] ?? '').trim();
    const next = lines[pos.at];
    if (rest === '' || rest.startsWith('#')) {
      if (next && next.indent > indent) out[key] = block(lines, pos, next.indent);
      else if (next && next.indent === indent && ITEM.test(next.text)) out[key] = sequence(lines, pos, indent);
      else out[key] = null;
    } else {
      out[key] = value(rest, lines, pos, indent);
    }
  }
  return out;
}

/** A value written after `key:` or `- `: a block scalar, a flow sequence, or a scalar. */
function value(text: string, lines: Line[], pos: { at: number }, indent: number): CardYaml {
  if (/^[|>][-+0-9]*(\s+#.*)?$/.test(text)) {
    const parts: string[] = [];
    while (pos.at < lines.length && lines[pos.at].indent > indent) parts.push(lines[pos.at++].text);
    return parts.join(text.startsWith('|') ? '\n' : ' ');
  }
  const flow = /^\[(.*)\](\s+#.*)?$/.exec(text);
  if (flow) return splitFlow(flow[1]).map(scalar).filter((s) => s !== '');
  return scalar(text);
}

/** A flow sequence's items, split at commas outside quotes. */
function splitFlow(text: string): string[] {
  const items: string[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === ',') {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items;
}

/** A plain or quoted scalar, its trailing comment removed. */
function scalar(text: string): string {
  const t = text.trim();
  if (/^"/.test(t) || /^'/.test(t)) {
    const end = t.lastIndexOf(t[0]);
    return end > 0 ? unquote(t.slice(0, end + 1)) : t;
  }
  return t.replace(/\s+#.*$/, '');
}

function unquote(text: string): string {
  const t = text.trim();
  if (t.length >= 2 && t[0] === '"' && t.endsWith('"')) return t.slice(1, -1).replace(/\\(["\\/])/g, '$1');
  if (t.length >= 2 && t[0] === "'" && t.endsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
  return t;
}
