/**
 * A named-entity model's entities placed in the CV they were read from (issue 46's optional second
 * opinion). transformers.js's token-classification pipeline, with aggregation "simple", returns
 * each entity's words as its tokenizer decodes them (`zorvath quillane` from a lower-casing
 * tokenizer, `Jean-Luc` from a cased one) and no character offsets, and it reads at most the
 * model's maximum length of tokens at once. So a CV is read in chunks of whole lines
 * (`nerChunks`), and each entity is found again in its chunk (`locateEntities`), in order, by its
 * letters and digits alone (case, accents, spaces and punctuation aside).
 */
import { fold } from '../emailLocal.ts';

/** One entity as the pipeline returns it (`start`/`end`, when a runtime gives them, are offsets into the chunk). */
export interface NerEntity {
  readonly word: string;
  /** `PER`, `ORG`, `LOC`, `MISC` (or a model's own label). */
  readonly group: string;
  readonly score: number;
  readonly start?: number;
  readonly end?: number;
}

/** An entity placed in the whole text: `[start, end)`. */
export interface LocatedEntity {
  readonly group: string;
  readonly score: number;
  readonly start: number;
  readonly end: number;
}

/** A stretch of the text read by the model at once. */
export interface NerChunk {
  readonly start: number;
  readonly text: string;
}

/**
 * The text cut into chunks of at most `maxChars` characters, at line ends (a longer line at its
 * last space before the limit, or at the limit when it has none); blank chunks are left out.
 * @example nerChunks('Ann Lee\nBackend developer\n', 12) // [{ start: 0, text: 'Ann Lee\n' }, { start: 8, text: 'Backend ' }, { start: 16, text: 'developer\n' }]
 */
export function nerChunks(text: string, maxChars = 1000): NerChunk[] {
  const out: NerChunk[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + maxChars);
    if (end < text.length) {
      const window = text.slice(start, end);
      const nl = window.lastIndexOf('\n');
      const sp = window.lastIndexOf(' ');
      if (nl > 0) end = start + nl + 1;
      else if (sp > 0) end = start + sp + 1;
    }
    const piece = text.slice(start, end);
    if (piece.trim() !== '') out.push({ start, text: piece });
    start = end;
  }
  return out;
}

/** The folded letters and digits of `text`, each with the offset of the character it came from. */
function foldedIndex(text: string): { folded: string; at: number[] } {
  let folded = '';
  const at: number[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const f = /\p{N}/u.test(ch) ? ch : fold(ch);
    for (let k = 0; k < f.length; k++) at.push(i);
    folded += f;
    i += ch.length;
  }
  return { folded, at };
}

const LETTER = /[\p{L}\p{N}]/u;

/**
 * The entities of one chunk placed in `text` (the chunk starts at `offset`): each is looked for
 * after the previous one, as whole words, by its folded letters and digits; one that cannot be
 * found (a word the tokenizer read as unknown) is left out.
 * @example locateEntities('Referee: Zorvath Quillane', [{ word: 'zorvath quillane', group: 'PER', score: 0.99 }]) // [{ group: 'PER', score: 0.99, start: 9, end: 25 }]
 */
export function locateEntities(text: string, entities: readonly NerEntity[], offset = 0): LocatedEntity[] {
  const { folded, at } = foldedIndex(text);
  const out: LocatedEntity[] = [];
  let from = 0;
  for (const e of entities) {
    if (e.start !== undefined && e.end !== undefined && e.end > e.start) {
      out.push({ group: e.group, score: e.score, start: offset + e.start, end: offset + e.end });
      continue;
    }
    const needle = [...e.word].map((ch) => (/\p{N}/u.test(ch) ? ch : fold(ch))).join('');
    if (needle === '') continue;
    for (let i = folded.indexOf(needle, from); i >= 0; i = folded.indexOf(needle, i + 1)) {
      const start = at[i];
      const lastAt = at[i + needle.length - 1];
      const end = lastAt + String.fromCodePoint(text.codePointAt(lastAt)!).length;
      // whole words only: no letter just before or after
      if (LETTER.test(text.charAt(start - 1)) || LETTER.test(text.charAt(end))) continue;
      out.push({ group: e.group, score: e.score, start: offset + start, end: offset + end });
      from = i + needle.length;
      break;
    }
  }
  return out;
}
