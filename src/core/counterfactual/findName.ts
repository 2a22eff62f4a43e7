import type { CandidateDocument } from './document.ts';

/** The name put in: a first name, and a last name when the list has one. */
export interface NewName {
  readonly first: string;
  readonly last?: string;
}

/** A candidate's name as found in a document: the whole name, its first and (when any) last word. */
export interface FoundName {
  readonly full: string;
  readonly first: string;
  readonly last?: string;
  /** Where it came from: the mapped name column, a `Name:` field line, or the first line. */
  readonly source: 'mapped' | 'field' | 'first-line';
}

/** Labels of a name field line, in the five languages of the lexicons. */
const FIELD = /^[ \t]*(?:full name|name|nom complet|nom|nombre completo|nombre|volledige naam|naam|vollständiger name)[ \t]*[:：][ \t]*(.+?)[ \t]*$/imu;
/** A word of a person's name: a capital letter, then letters (hyphen, apostrophe, dot allowed). */
const NAME_WORD = /^\p{Lu}[\p{L}\p{M}'’.-]*$/u;
/** Words that make a first line a title or a heading rather than a name. */
const TITLE_WORDS: ReadonlySet<string> = new Set([
  'engineer', 'developer', 'manager', 'software', 'senior', 'junior', 'lead', 'consultant', 'designer',
  'analyst', 'teacher', 'nurse', 'director', 'student', 'specialist', 'assistant', 'officer', 'scientist',
  'architect', 'administrator', 'technician', 'intern', 'head', 'chief', 'associate', 'executive',
  'coordinator', 'representative', 'accountant', 'lawyer', 'doctor', 'researcher', 'freelancer',
  'store', 'sales', 'data', 'project', 'product', 'marketing', 'financial', 'resume', 'résumé', 'cv',
  'curriculum', 'vitae', 'profile', 'summary', 'experience', 'education', 'skills', 'contact',
  'ingénieur', 'développeur', 'développeuse', 'chef', 'desarrollador', 'desarrolladora', 'ingeniero',
  'ingeniera', 'entwickler', 'entwicklerin', 'ontwikkelaar', 'lebenslauf', 'perfil', 'profil',
]);

/** Whether `words` look like a person's name: 2–4 capitalised words, no digits, no title word. */
function looksLikeName(words: readonly string[]): boolean {
  return words.length >= 2 && words.length <= 4 &&
    words.every((w) => NAME_WORD.test(w) && !TITLE_WORDS.has(w.toLowerCase()));
}

function split(full: string, source: FoundName['source']): FoundName {
  const words = full.split(/\s+/u);
  return words.length > 1
    ? { full, first: words[0], last: words[words.length - 1], source }
    : { full, first: full, source };
}

/**
 * The candidate's name: (a) the mapped `name`, else (b) the value of a `Name:` field line
 * (`Nom:`, `Nombre:`, `Naam:`, case-insensitive), else (c) the first non-empty line when it looks
 * like a person's name (2–4 capitalised words, no digits, no job-title word). First is the first
 * word, last the last word (none for a one-word name). Undefined when none is found.
 * @example findName({ id: 'a', source: 'a.txt', text: 'Maria Garcia\nDeveloper' }); // { full: 'Maria Garcia', first: 'Maria', last: 'Garcia', source: 'first-line' }
 */
export function findName(doc: CandidateDocument): FoundName | undefined {
  const mapped = doc.name?.trim().replace(/\s+/gu, ' ');
  if (mapped) return split(mapped, 'mapped');
  const field = FIELD.exec(doc.text)?.[1]?.replace(/\s+/gu, ' ');
  if (field && /^[\p{L}\p{M}'’. -]+$/u.test(field) && field.split(' ').length <= 5) return split(field, 'field');
  const line = doc.text.split(/\r?\n/u).find((l) => l.trim() !== '')?.trim();
  if (line && looksLikeName(line.split(/\s+/u))) return split(line.replace(/\s+/gu, ' '), 'first-line');
  return undefined;
}
