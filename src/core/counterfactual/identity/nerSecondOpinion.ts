/**
 * The optional second opinion on a CV's names (issue 46): the person names a named-entity model
 * reads in the CV that the rule-based detector did not find, each proposed for review — never
 * applied. The reviewer accepts one (it becomes the name used in the original, and the neutral
 * base removes it everywhere) or dismisses it.
 *
 * An entity is proposed when it is a person (`PER`), scores at least `minScore`, holds a letter
 * and two characters or more, and is none of: a span the detector already took as the name (the
 * neutral base's `name` edits), a name whose words are all words of the candidate's known name, a
 * name inside a reference or quoted block (a referee's or a colleague's, referents.ts), or a
 * person the text names as someone else (`Dr. Brindlemoor`, `reported to Ann Lee`). The same name
 * (folded) is proposed once, at its first place, with how many times the model read it.
 */
import type { Edit } from '../edit.ts';
import { fold } from '../emailLocal.ts';
import { mentions, quotedBlocks } from '../neutral/referents.ts';
import { headerEnd } from './header.ts';
import type { LocatedEntity } from './nerEntities.ts';

/** Why every proposal is made, in the reviewer's words. */
export const NER_REASON = "the named-entity model reads a person's name here";

/** A person's name the model read and the detector did not find: to review, never applied by itself. */
export interface NerNameProposal {
  readonly start: number;
  readonly end: number;
  /** The name as written in the CV. */
  readonly text: string;
  /** In the CV's header block (its first ten non-empty lines), or further down. */
  readonly where: 'header' | 'body';
  /** The model's score (the mean over the entity's tokens). */
  readonly score: number;
  /** How many times the model read this name (folded) in the CV. */
  readonly count: number;
  readonly confidence: 'unsure';
  readonly reason: typeof NER_REASON;
}

export interface NerSecondOpinionInput {
  readonly text: string;
  /** The entities, placed in `text` (locateEntities). */
  readonly entities: readonly LocatedEntity[];
  /** The candidate's name as the detector found or the user gave it, when any. */
  readonly knownName?: string;
  /** Where the detector found the name: `[start, end)` of the neutral base's `name` edits. */
  readonly nameSpans?: readonly { readonly start: number; readonly end: number }[];
  /** The least score proposed (default 0.5). */
  readonly minScore?: number;
}

const PERSON = /^(?:[BIES]-)?PER(?:SON)?$/iu;
const words = (s: string) => s.split(/[\s\u00a0]+/u).map(fold).filter((w) => w !== '');

/**
 * The names to review, in text order (rule above).
 * @example nerSecondOpinion({ text: 'Backend developer\nzorvath quillane\n', entities: [{ group: 'PER', score: 0.99, start: 18, end: 34 }] })[0].text // 'zorvath quillane'
 */
export function nerSecondOpinion(input: NerSecondOpinionInput): NerNameProposal[] {
  const { text, entities, nameSpans = [], minScore = 0.5 } = input;
  const known = new Set(input.knownName ? words(input.knownName) : []);
  const blocks = quotedBlocks(text);
  const others = mentions(text, undefined).filter((m) => m.who === 'other' && m.by !== 'role');
  const header = headerEnd(text);
  const overlaps = (s: number, e: number, spans: readonly { start: number; end: number }[]) => spans.some((x) => s < x.end && e > x.start);
  const byName = new Map<string, { first: LocatedEntity; count: number }>();
  for (const e of [...entities].sort((a, b) => a.start - b.start)) {
    if (!PERSON.test(e.group) || e.score < minScore) continue;
    const written = text.slice(e.start, e.end).trim();
    const key = words(written).join(' ');
    if (key.length < 2) continue;
    if (overlaps(e.start, e.end, nameSpans)) continue;
    if (known.size > 0 && words(written).every((w) => known.has(w))) continue;
    if (blocks.some(([s, end]) => e.start >= s && e.start < end)) continue;
    if (overlaps(e.start, e.end, others)) continue;
    const seen = byName.get(key);
    if (seen) seen.count++;
    else byName.set(key, { first: e, count: 1 });
  }
  return [...byName.values()].map(({ first, count }) => ({
    start: first.start,
    end: first.end,
    text: text.slice(first.start, first.end),
    where: first.start < header ? 'header' : 'body',
    score: first.score,
    count,
    confidence: 'unsure',
    reason: NER_REASON,
  }));
}

/**
 * The `[start, end)` spans where a neutral base removed the name: its edits made `why: 'name'`.
 * @example nameEditSpans([{ offset: 0, before: 'Ann Lee', after: '', why: 'name' }]) // [{ start: 0, end: 7 }]
 */
export function nameEditSpans(edits: readonly Edit[]): { start: number; end: number }[] {
  return edits.filter((e) => e.why === 'name').map((e) => ({ start: e.offset, end: e.offset + e.before.length }));
}
