/**
 * What a Hub dataset card (README.md) tells Fairground, from its YAML front
 * matter's `fairground:` block:
 *
 * ```yaml
 * ---
 * fairground:
 *   relevance_threshold: 3
 *   twin_groups:
 *     gender: [female, male]
 * ---
 * ```
 *
 * `twin_groups` gives the groups of each twins attribute, the first being F
 * in the rank-biserial correlation; `relevance_threshold` the retrieval
 * tasks' threshold (1 when absent). Of the rest of the card only the Hub's
 * own `language:` list is read (the order of a benchmark's language subsets);
 * only maps, flow lists `[a, b]`, block lists `- a` and plain or quoted
 * scalars are understood; configs, licence and the rest are skipped.
 */
export interface DatasetCardHints {
  readonly relevanceThreshold?: number;
  readonly twinGroups?: Readonly<Record<string, readonly string[]>>;
  /** The card's `language:` list, in its order. */
  readonly languages?: readonly string[];
}

/** The card's front matter lines, or none when it has no `---` block. */
function frontMatter(readme: string): string[] {
  const lines = readme.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return [];
  const end = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
  return end < 0 ? [] : lines.slice(1, end);
}

const indent = (line: string) => line.length - line.trimStart().length;
const scalar = (text: string) => text.trim().replace(/^(['"])(.*)\1$/, '$2');

/** A flow list `[a, "b"]`, or undefined when the text is not one. */
function flowList(text: string): string[] | undefined {
  const m = /^\[(.*)\]$/.exec(text.trim());
  return m ? m[1].split(',').map(scalar).filter((s) => s !== '') : undefined;
}

/**
 * The hints of a dataset card.
 * @example datasetCardHints('---\nfairground:\n  twin_groups:\n    gender: [female, male]\n---\n')
 *   // { twinGroups: { gender: ['female', 'male'] } }
 */
export function datasetCardHints(readme: string): DatasetCardHints {
  const lines = frontMatter(readme).filter((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  const languages = languageList(lines);
  const start = lines.findIndex((l) => /^fairground:\s*$/.test(l));
  if (start < 0) return languages ? { languages } : {};
  const block: string[] = [];
  for (const l of lines.slice(start + 1)) {
    if (indent(l) === 0) break;
    block.push(l);
  }
  const out: { relevanceThreshold?: number; twinGroups?: Record<string, string[]>; languages?: string[] } = languages ? { languages } : {};
  for (let i = 0; i < block.length; i++) {
    const m = /^\s*([A-Za-z_]+):\s*(.*)$/.exec(block[i]);
    if (!m) continue;
    if (m[1] === 'relevance_threshold') {
      const n = Number(scalar(m[2]));
      if (m[2].trim() !== '' && Number.isFinite(n)) out.relevanceThreshold = n;
    } else if (m[1] === 'twin_groups') {
      const at = indent(block[i]);
      const groups: Record<string, string[]> = {};
      let attribute: string | undefined;
      for (i++; i < block.length && indent(block[i]) > at; i++) {
        const item = /^\s*-\s*(.+)$/.exec(block[i]);
        if (item && attribute !== undefined) {
          groups[attribute].push(scalar(item[1]));
          continue;
        }
        const entry = /^\s*([^:]+):\s*(.*)$/.exec(block[i]);
        if (!entry) continue;
        attribute = scalar(entry[1]);
        groups[attribute] = flowList(entry[2]) ?? [];
      }
      i--;
      out.twinGroups = groups;
    }
  }
  return out;
}

/** The top-level `language:` of the card: a flow list, a block list (`- en`, indented or not) or one code. */
function languageList(lines: readonly string[]): string[] | undefined {
  const at = lines.findIndex((l) => /^language:/.test(l));
  if (at < 0) return undefined;
  const rest = lines[at].slice('language:'.length).trim();
  if (rest !== '') return flowList(rest) ?? [scalar(rest)];
  const items: string[] = [];
  for (const l of lines.slice(at + 1)) {
    const item = /^\s*-\s*(.+)$/.exec(l);
    if (!item) break;
    items.push(scalar(item[1]));
  }
  return items;
}
