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
import { contactBlocks, headerEnd } from '../identity/header.ts';
import { STANDALONE_STATEMENTS, STATEMENT_LABELS } from './statementLabels.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The spacing accents PDF extraction leaves before or after a letter (`Nationalit¨at`), by combining mark. */
const SPACING: Readonly<Record<string, string>> = Object.freeze({ '\u0308': '¨', '\u0301': '´', '\u0300': '`', '\u0302': 'ˆ^', '\u0327': '¸' });
/**
 * A label as a pattern that also matches its accented letters as PDF extraction may leave them:
 * precomposed (`ä`), decomposed (`a` + U+0308) or a spacing accent beside the letter (`¨a`, `a¨`).
 * @example new RegExp(`^${labelPattern('nationalität')}$`, 'iu').test('Nationalit¨at') // true
 */
export function labelPattern(label: string): string {
  return [...label].map((c) => {
    const [base, mark] = [...c.normalize('NFD')];
    if (!mark || !SPACING[mark]) return escape(c);
    const spacing = `[${escape(SPACING[mark])}]`;
    return `(?:${escape(c)}|${escape(base)}${mark}|${spacing}${escape(base)}|${escape(base)}${spacing})`;
  }).join('');
}

/** Labels longest first, so `date of birth` wins over `born` and `mobile phone` over `mobile`. */
const LABELS: readonly [string, EditReason][] = Object.entries(STATEMENT_LABELS)
  .flatMap(([why, labels]) => labels!.map((l) => [l, why as EditReason] as [string, EditReason]))
  .sort((a, b) => b[0].length - a[0].length);

/** A label then `:`/`-`/`–` (any label), or white space then a digit or a date word (birth and age labels only: `Born 1990`, `Age 34`). */
const LABEL_RE = new RegExp(
  `^(?:${LABELS.map(([l]) => labelPattern(l)).join('|')})(?:[ \\t]*[:：][ \\t]*|[ \\t]+[-–—][ \\t]+|(?<=\\p{L}|\\.)[ \\t]+(?=\\d|in\\b|on\\b|le\\b|el\\b|am\\b|op\\b|à\\b|en\\b))(?=\\S)`,
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

/** A nationality label, white space and one word (`Nationalität deutsch`): a statement when the word is a nationality (DEMONYM). */
const NATIONALITY_SPACE = new RegExp(`^(?:${STATEMENT_LABELS.nationality!.map(labelPattern).join('|')})[ \\t]+(\\p{L}+)$`, 'iu');

/** Each label's own pattern at a segment start (labelPattern). */
const LABEL_START: ReadonlyMap<string, RegExp> = new Map(LABELS.map(([l]) => [l, new RegExp(`^${labelPattern(l)}`, 'iu')]));

/** The reason of the label a segment starts with, or undefined. */
function labelled(segment: string): EditReason | undefined {
  const bare = NATIONALITY_SPACE.exec(segment);
  if (bare && DEMONYM.test(bare[1])) return 'nationality';
  const m = LABEL_RE.exec(segment);
  if (!m) return undefined;
  const hit = LABELS.find(([l]) => LABEL_START.get(l)!.test(m[0]));
  if (!hit) return undefined;
  // what stands between the label and its value
  const between = m[0].slice(LABEL_START.get(hit[0])!.exec(m[0])![0].length);
  // a whitespace-only separator is for dates and ages alone
  if (!/[:：\-–—]/u.test(between) && hit[1] !== 'birth' && hit[1] !== 'age') return undefined;
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
      // a citizenship as an item of a comma list (`U.S. Citizen, Security Clearance`): the item and its comma
      else {
        for (const item of value.matchAll(/(?<=^|,[ \t]*)([^,]+?)(?:[ \t]*,[ \t]*|$)/gu)) {
          if (!CITIZEN_ITEM.test(item[1])) continue;
          const at = seg.start + lead + item.index;
          found.push({ start: at, end: at + item[0].length, why: 'nationality' });
        }
      }
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
  for (const r of [...dateOfBirthAlone(text), ...bareNationality(text)]) if (out.every((o) => r.end <= o.start || r.start >= o.end)) out.push(r);
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
 * birth written without its label (`4 Mar, 1995`), removed and marked uncertain.
 * @example dateOfBirthAlone('Ana Ruiz\n03 Août 1997\nParis').map((r) => r.uncertain) // [true]
 */
export function dateOfBirthAlone(text: string): Removal[] {
  const end = headerEnd(text, 12);
  const blocks = contactBlocks(text);
  return [...text.matchAll(DATE_ALONE)]
    .filter((m) => m.index + m[0].length <= end || blocks.some(([s, e]) => m.index >= s && m.index < e))
    .map((m) => ({ start: m.index, end: m.index + m[0].length, why: 'birth' as const, uncertain: true }));
}

/** A comma-list item that states a citizenship (`U.S. Citizen`, `citoyenne française`). */
const CITIZEN_ITEM = /^(?:(?:[\p{L}.]+[ \t]+){0,3}(?:citizen|citizenship)|(?:citoyen|citoyenne|ciudadano|ciudadana|staatsbürger|staatsbürgerin|staatsburger)[ \t]+\p{L}+)$/iu;

/**
 * Nationalities written as a bare adjective or noun (`Española`, `française`, `deutsch`,
 * `American`), one per line, without the label. A language has the same word in some languages
 * (`Español`, `Deutsch`), so a line of a list of them is skipped (a neighbour line that is one too,
 * or has a level), and the rest is marked uncertain.
 */
const DEMONYM = /^(?:american|british|canadian|mexican|peruvian|indian|spanish|french|german|dutch|belgian|italian|portuguese|irish|swiss|austrian|español|española|mexicano|mexicana|peruano|peruana|argentino|argentina|colombiano|colombiana|chileno|chilena|venezolano|venezolana|cubano|cubana|dominicano|dominicana|ecuatoriano|ecuatoriana|estadounidense|francés|francesa|alemán|alemana|italiano|italiana|portugués|portuguesa|belga|neerlandés|neerlandesa|français|française|espagnol|espagnole|allemand|allemande|belge|suisse|canadien|canadienne|marocain|marocaine|algérien|algérienne|tunisien|tunisienne|italien|italienne|deutsch|deutsche|deutscher|österreichisch|österreicher|österreicherin|schweizer|schweizerin|nederlandse|nederlands|nederlander|belg|belgische)$/iu;
const LEVEL = /\b(?:native|fluent|nativo|nativa|bilingüe|materna|courant|langue maternelle|muttersprache|fließend|moedertaal|vloeiend|[ABC][12])\b/iu;

/**
 * A nationality alone on its line in the header block (its first twelve non-empty lines) or a
 * contact block, not in a list of languages (rule above): removed, uncertain.
 * @example bareNationality('Ana Ruiz\n03 Août 1997\nFrançaise\nParis').map((r) => r.why) // ['nationality']
 */
export function bareNationality(text: string): Removal[] {
  const end = headerEnd(text, 12);
  const blocks = contactBlocks(text);
  const lines = [...text.matchAll(/^[ \t]*(\S[^\n]*?)[ \t]*\r?$/gmu)];
  const out: Removal[] = [];
  lines.forEach((m, i) => {
    const at = m.index;
    if (!DEMONYM.test(m[1]) || !(at + m[0].length <= end || blocks.some(([s, e]) => at >= s && at < e))) return;
    const listed = [lines[i - 1], lines[i + 1]].some((n) => n !== undefined && (DEMONYM.test(n[1]) || LEVEL.test(n[1]) || /^(?:languages|idiomas|langues|sprachen|talen|lenguas)\b/iu.test(n[1])));
    if (listed) return;
    const lineEnd = at + m[0].length;
    out.push({ start: at, end: text[lineEnd] === '\n' ? lineEnd + 1 : lineEnd, why: 'nationality', uncertain: true });
  });
  return out;
}
