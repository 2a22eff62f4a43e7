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
  // a label line may hold the value the line loop found (`Familienstand` / `verheiratet`): neutralise merges them
  out.push(...labelLineRemovals(text));
  for (const r of dateOfBirthAlone(text)) if (out.every((o) => r.end <= o.start || r.start >= o.end)) out.push(r);
  return out.sort((a, b) => a.start - b.start);
}

/** The reasons whose label may stand on a line of its own with the value on the next (`Fecha de nacimiento` / `21 de octubre de 2003`). */
const ALONE: ReadonlySet<EditReason> = new Set<EditReason>(['birth', 'nationality', 'marital-status', 'gender', 'age']);
/** Labels CVs write alone that the lexicon lists only in another form. */
const ALONE_EXTRA: readonly [string, EditReason][] = [['staatsangehörig', 'nationality'], ['geburtsort', 'birth'], ['geboorteplaats', 'birth']];
const LABEL_LINE = new RegExp(
  `^[ \\t]*(${[...LABELS.filter(([, why]) => ALONE.has(why)), ...ALONE_EXTRA].map(([l]) => escape(l)).join('|')})(?:[ \\t]*\\/[ \\t]*-?\\p{L}+)*[ \\t]*[:：]?[ \\t]*\\r?\\n(?:[ \\t]*\\r?\\n)*[ \\t]*([^\\n]{1,60})(?:\\r?\\n|$)`,
  'gimu',
);

/**
 * A statement label alone on its line (`Geburtsdatum/-ort`, `Nationalité`) and the value on the
 * next non-empty line, when that value is short and no label itself: both go, with their line breaks.
 * @example labelLineRemovals('Fecha de nacimiento\n\n21 de octubre de 2003\nx').map((r) => r.why) // ['birth']
 */
export function labelLineRemovals(text: string): Removal[] {
  const out: Removal[] = [];
  for (const m of text.matchAll(LABEL_LINE)) {
    const label = m[1].toLowerCase();
    const why = [...LABELS, ...ALONE_EXTRA].find(([l]) => l === label)?.[1];
    const value = m[2].trim();
    if (!why || labelled(value) !== undefined || LABEL_LINE_START.test(value) || HEADING.test(value) || !ALONE_VALUE[why]!.test(value)) continue;
    out.push({ start: m.index, end: m.index + m[0].length, why });
  }
  return out;
}
/** What a value on the line after its label must look like. */
const ALONE_VALUE: Readonly<Partial<Record<EditReason, RegExp>>> = Object.freeze({
  birth: /\d/u, age: /\d/u, nationality: /^[\p{L}() -]{3,40}$/u, 'marital-status': /^[\p{L}() -]{3,40}$/u, gender: /^[\p{L}]{1,12}$/u,
});
/** Section headings of the five languages: a label line before one is a field left empty. */
const HEADING = /^(?:skills|experience|work experience|education|languages|profile|summary|contact|projects|references|interests|hobbies|competences|compétences|expérience|formation|langues|habilidades|experiencia|educación|formación|idiomas|kenntnisse|berufserfahrung|ausbildung|sprachen|vaardigheden|werkervaring|opleiding|talen|profiel)$/iu;
const LABEL_LINE_START = new RegExp(`^[ \\t]*(?:${LABELS.map(([l]) => escape(l)).join('|')})[ \\t]*[:：]?[ \\t]*$`, 'iu');

const MONTHS = 'jan(?:uary|vier|uar|uari)?|feb(?:ruary|rero|ruar|ruari)?|f[ée]v(?:rier)?|m[aä]r(?:ch|s|zo|z|t)?|apr(?:il)?|abr(?:il)?|avr(?:il)?|may(?:o)?|mai|mei|jun(?:e|io|i)?|juin|jul(?:y|io|i)?|juil(?:let)?|aug(?:ust|ustus)?|ago(?:sto)?|ao[ûu]t|sep(?:t(?:ember|iembre|embre)?)?|oct(?:ober|ubre|obre)?|okt(?:ober)?|nov(?:ember|iembre|embre)?|d[eé]c(?:ember|embre)?|dic(?:iembre)?|dez(?:ember)?';
/** A line that is only a full date: day, month (a name or a number) and a year of birth. */
const DATE_ALONE = new RegExp(`^[ \\t]*(?:\\d{1,2}\\.?(?:\\s+de)?\\s+(?:${MONTHS})\\.?,?(?:\\s+del?)?\\s+(?:19[4-9]\\d|200\\d|201[0-2])|(?:${MONTHS})\\.?\\s+\\d{1,2},?\\s+(?:19[4-9]\\d|200\\d|201[0-2])|\\d{1,2}[./]\\d{1,2}[./](?:19[4-9]\\d|200\\d|201[0-2]))[ \\t]*(?:\\r?\\n|$)`, 'gimu');

/**
 * A full date alone on a line of the header block (its first twelve non-empty lines): a date of
 * birth written without its label (`6 Sep, 1998`), removed and marked uncertain.
 * @example dateOfBirthAlone('Ana Ruiz\n03 Août 1997\nParis').map((r) => r.uncertain) // [true]
 */
export function dateOfBirthAlone(text: string): Removal[] {
  let seen = 0;
  let end = 0;
  for (const line of text.split(/(?<=\n)/u)) {
    if (seen >= 12) break;
    end += line.length;
    if (line.trim() !== '') seen++;
  }
  return [...text.slice(0, end).matchAll(DATE_ALONE)].map((m) => ({ start: m.index, end: m.index + m[0].length, why: 'birth' as const, uncertain: true }));
}
