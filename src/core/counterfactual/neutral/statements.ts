/**
 * Explicit personal statements and labelled contact fields of a CV, found line by line: a line,
 * or a segment of a line cut at `|`, `•`, `·` or `;`, that starts with a label of
 * statementLabels.ts and a value (`Date of birth: 12 May 1988`, `Nationalité : française`,
 * `Tel. +49 30 1234567`), or that is a statement standing alone (`Married`, `34 years old`).
 * The segment goes with one separator beside it; a line left with nothing but separators and
 * white space goes whole, with its line break.
 */
import type { EditReason } from '../edit.ts';
import type { Removal } from './contacts.ts';
import { STANDALONE_STATEMENTS, STATEMENT_LABELS } from './statementLabels.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Labels longest first, so `date of birth` wins over `born` and `mobile phone` over `mobile`. */
const LABELS: readonly [string, EditReason][] = Object.entries(STATEMENT_LABELS)
  .flatMap(([why, labels]) => labels!.map((l) => [l, why as EditReason] as [string, EditReason]))
  .sort((a, b) => b[0].length - a[0].length);

/** A label then `:`/`-`/`–` (any label), or white space then a digit or a date word (birth and age labels only: `Born 1990`, `Age 34`). */
const LABEL_RE = new RegExp(
  `^(?:${LABELS.map(([l]) => escape(l)).join('|')})(?:[ \\t]*[:：][ \\t]*|[ \\t]+[-–—][ \\t]+|(?<=\\p{L}|\\.)[ \\t]+(?=\\d|in\\b|on\\b|le\\b|el\\b|am\\b|op\\b|à\\b|en\\b))(?=\\S)`,
  'iu',
);
const SEPARATOR = /[ \t]*(?:[|•·;]|\s[–—]\s)[ \t]*/gu;

/** What the value of a contact label must look like (`Web: HTML5, CSS3` is a skills line, `Mobile: iOS` a platform). */
const VALUE_SHAPE: Readonly<Partial<Record<EditReason, RegExp>>> = Object.freeze({
  phone: /(?:\d[\s().\-/]*){6,}|\*{3,}|x{3,}/iu,
  email: /@|\*{3,}/u,
  'profile-link': /^\S+$|https?:|www\.|\.[a-z]{2,}\//iu,
  age: /\d/u,
  birth: /\d|\p{Lu}/u,
});

/** The reason of the label a segment starts with, or undefined. */
function labelled(segment: string): EditReason | undefined {
  const m = LABEL_RE.exec(segment);
  if (!m) return undefined;
  const head = m[0].toLowerCase();
  const hit = LABELS.find(([l]) => head.startsWith(l.toLowerCase()));
  if (!hit) return undefined;
  // a whitespace-only separator is for dates and ages alone
  if (!/[:：\-–—]/u.test(head.slice(hit[0].length)) && hit[1] !== 'birth' && hit[1] !== 'age') return undefined;
  const shape = VALUE_SHAPE[hit[1]];
  if (shape && !shape.test(segment.slice(m[0].length))) return undefined;
  return hit[1];
}

function standalone(segment: string): EditReason | undefined {
  for (const [why, patterns] of Object.entries(STANDALONE_STATEMENTS)) {
    if (patterns!.some((p) => p.test(segment))) return why as EditReason;
  }
  return undefined;
}

/**
 * The statements and labelled contact fields of `text` to remove, in text order.
 * @example statementRemovals('Maria\nBorn 12 May 1988 | Married | French\nSkills').map((r) => r.why); // ['birth', 'marital-status']
 */
export function statementRemovals(text: string): Removal[] {
  const out: Removal[] = [];
  let lineStart = 0;
  for (const line of text.split(/(?<=\n)/u)) {
    const body = line.replace(/\r?\n$/u, '');
    // segments: [start, end) inside the line, with the separators between them
    const cuts = [...body.matchAll(SEPARATOR)];
    const segments: { start: number; end: number }[] = [];
    let at = 0;
    for (const c of cuts) {
      segments.push({ start: at, end: c.index });
      at = c.index + c[0].length;
    }
    segments.push({ start: at, end: body.length });
    const found: { start: number; end: number; why: EditReason }[] = [];
    for (const seg of segments) {
      const raw = body.slice(seg.start, seg.end);
      const lead = raw.length - raw.trimStart().length;
      const value = raw.trim();
      if (value === '') continue;
      const why = labelled(value) ?? standalone(value);
      if (why) found.push({ start: seg.start + lead, end: seg.start + lead + value.length, why });
    }
    if (found.length > 0) {
      const rest = found.reduceRight((s, f) => s.slice(0, f.start) + s.slice(f.end), body);
      if (rest.replace(SEPARATOR, '').trim() === '') {
        // the whole line goes, with its line break, as one removal per statement's reason (the first)
        out.push({ start: lineStart, end: lineStart + line.length, why: found[0].why });
      } else {
        for (const f of found) {
          // take the separator after the segment, else the one before it
          const after = /^[ \t]*(?:[|•·;]|\s[–—]\s)[ \t]*/u.exec(body.slice(f.end));
          const before = /[ \t]*(?:[|•·;]|\s[–—]\s)[ \t]*$/u.exec(body.slice(0, f.start));
          const s = after ? f.start : before ? f.start - before[0].length : f.start;
          const e = after ? f.end + after[0].length : f.end;
          out.push({ start: lineStart + s, end: lineStart + e, why: f.why });
        }
      }
    }
    lineStart += line.length;
  }
  return out;
}
