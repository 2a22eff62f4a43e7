/**
 * The candidate's name in a CV's header block (its first eight non-empty lines), as PDF
 * extraction leaves it: on a line with other fields (`Jane Doe Email: jane@x.com`), run together
 * with the next words (`Jane B. DoeFeatured Resume`), in capitals over two lines (`JANE` /
 * `DOE SMITH`), letter-spaced small capitals (`J ANE DOE`), before pronouns (`(She/Her)`) or a
 * degree (`, M.S.`). Evidence that it is the name: the local part of an e-mail address of the CV
 * or its file name spells a word of it, or its first word is a first name of the bundled lists.
 *
 * `headerName` finds the name; `nameSpans` finds where a known name (found, mapped or typed) is
 * written in the header, in any case, spacing and line breaks, and the pronouns beside it.
 */
import { fold } from '../emailLocal.ts';
import { nameGender } from '../neutral/referents.ts';
import type { IdentitySpan } from './span.ts';

/** Words that make a run a heading or a job title rather than a name. */
const NOT_NAME: ReadonlySet<string> = new Set([
  'engineer', 'developer', 'manager', 'software', 'senior', 'junior', 'lead', 'consultant', 'designer',
  'analyst', 'teacher', 'nurse', 'director', 'student', 'specialist', 'assistant', 'officer', 'scientist',
  'architect', 'administrator', 'technician', 'intern', 'head', 'chief', 'associate', 'executive',
  'coordinator', 'representative', 'accountant', 'lawyer', 'doctor', 'researcher', 'freelancer',
  'store', 'sales', 'data', 'project', 'product', 'marketing', 'financial', 'resume', 'résumé', 'cv',
  'curriculum', 'vitae', 'profile', 'summary', 'experience', 'education', 'skills', 'contact',
  'ingénieur', 'développeur', 'développeuse', 'chef', 'desarrollador', 'desarrolladora', 'ingeniero',
  'ingeniera', 'entwickler', 'entwicklerin', 'ontwikkelaar', 'lebenslauf', 'perfil', 'profil',
  'featured', 'objective', 'about', 'personal', 'information', 'details', 'references', 'email', 'phone',
  'mobile', 'address', 'linkedin', 'github', 'university', 'college', 'school', 'page', 'of', 'the', 'and',
]);
/** Degrees and suffixes that end a name run (`Jane Doe, M.S.`); they stay in the text. */
const DEGREE = /^(?:M\.?S\.?|M\.?Sc\.?|B\.?S\.?|B\.?Sc\.?|MBA|M\.?B\.?A\.?|Ph\.?D\.?|M\.?D\.?|CPA|PMP|P\.?E\.?|M\.?A\.?|B\.?A\.?|B\.?Eng\.?|M\.?Eng\.?|LL\.?M\.?|RN|CFA|Dipl\.?-?Ing\.?|Ing\.?|Lic\.?)$/u;
const PARTICLE = /^(?:de|del|della|da|das|dos|di|du|la|le|van|von|der|den|ten|ter|bin|binti|al|el|y)$/u;
/** A word of a name: capitalised or in capitals (`Doe`, `DOE`, `O'Neil`, `Jean-Luc`), or an initial (`B.`). */
const WORD = /^\p{Lu}(?:[\p{Ll}\p{M}'’-]*\p{Ll}[\p{Ll}\p{M}'’-]*|[\p{Lu}\p{M}'’-]+)$/u;
const INITIAL = /^\p{Lu}\.$/u;
const PRONOUNS = /\(\s*(?:he|she|they|ze|xe)\s*\/\s*(?:him|her|them|hers|his|theirs|zir|hir)(?:\s*\/\s*[a-z]+)?\s*\)/giu;
/** Prefixes of surnames that a lower-to-upper boundary does not end (`McDonald`, `DeVries`). */
const KEEP_JOINED = /^(?:Mc|Mac|De|Di|Da|Du|La|Le|Van|Von|O'|D'|Fitz)$/u;

export interface HeaderName {
  /** The name as written, with single spaces (letter-spaced capitals joined: `J ANE` → `JANE`). */
  readonly full: string;
  /** `sure` with evidence (an e-mail, the file name) or on the first line (alone, or starting with a known first name); `unsure` elsewhere in the header with a known first name. */
  readonly confidence: 'sure' | 'unsure';
}

/** Evidence for a name besides the text: e-mail local parts and the file name. */
export interface NameEvidence {
  readonly fileName?: string;
}

/** `JANE` → `Jane`, `O'NEIL` → `O'Neil`, `Doe` as it is (to look a first name up in the lists). */
const titleCase = (w: string) => (w === w.toUpperCase() && w.length > 1 ? w.charAt(0) + w.slice(1).toLowerCase().replace(/(['’-])(\p{Ll})/gu, (_, a, b: string) => a + b.toUpperCase()) : w);

/** The tokens of a header line with letter-spaced capitals joined and run-together words cut. */
function tokens(line: string): string[] {
  const raw = line.trim().split(/[ \t]+/u).filter((t) => t !== '');
  const caps = raw.every((t) => t === t.toUpperCase());
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i];
    // `J ANE DOE`: a capital alone (no dot) before a word in capitals, in a line in capitals
    if (caps && /^\p{Lu}$/u.test(t) && /^\p{Lu}{2,}$/u.test(raw[i + 1] ?? '')) {
      out.push(t + raw[++i]);
      continue;
    }
    // `DoeFeatured`: cut at the first lower-to-upper boundary after a real word
    const cut = /^(\p{Lu}[\p{Ll}\p{M}'’-]*\p{Ll})(\p{Lu}.*)$/u.exec(t);
    if (cut && !KEEP_JOINED.test(cut[1])) out.push(cut[1], '\u0000' + cut[2]);
    else out.push(t);
  }
  return out;
}

/** The leading run of name words of a token list (2–4 words, initials and particles inside), or undefined. */
function leadingRun(toks: readonly string[]): { words: string[]; real: number; whole: boolean; stop: boolean } | undefined {
  const words: string[] = [];
  let real = 0;
  let i = 0;
  let stop = false;
  for (; i < toks.length && real < 5; i++) {
    const t = toks[i].replace(/[,)]$/u, '').replace(/^\(/u, '');
    if (t.startsWith('\u0000') || DEGREE.test(t) || /[:@|•·]/u.test(t)) { stop = true; break; }
    if (NOT_NAME.has(fold(t)) || /[\d/]/u.test(t)) break;
    // a particle inside a name (`van`, `de la`); one that ends it is a surname (`Das`, `Van` alone)
    const next = toks[i + 1]?.replace(/[,)]$/u, '').replace(/^\(/u, '') ?? '';
    const inside = WORD.test(next) || PARTICLE.test(next.toLowerCase());
    if ((INITIAL.test(t) || (PARTICLE.test(t.toLowerCase()) && inside)) && real > 0) words.push(t);
    else if (WORD.test(t)) { words.push(t); real++; }
    else break;
    if (toks[i].endsWith(',')) { i++; stop = true; break; }
  }
  if (real < 1 || real > 4) return undefined;
  return { words, real, whole: i === toks.length, stop };
}

/** The words of a run with lower-case particles at its end dropped (`Das`, a surname, stays). */
const trimmed = (words: readonly string[]) => {
  const out = [...words];
  while (out.length > 0 && PARTICLE.test(out[out.length - 1])) out.pop();
  return out;
};

/** Whether the words are written one way (`ESO y Bachillerato` is not a name). */
const oneCase = (words: readonly string[]) => {
  const real = words.filter((w) => !INITIAL.test(w) && !PARTICLE.test(w.toLowerCase()));
  const caps = real.map((w) => w === w.toUpperCase());
  // all in capitals, all capitalised, or first names capitalised and the surname in capitals (`Antoine DUPRE`)
  return caps.every((c) => c) || caps.every((c) => !c) || (!caps[0] && caps.indexOf(true) > 0 && caps.slice(caps.indexOf(true)).every((c) => c));
};

/** Whether the e-mail local parts, the links' hosts and paths or the file name spell a word of the name. */
function evidenced(words: readonly string[], text: string, evidence: NameEvidence): boolean {
  const locals = [...text.matchAll(/([\p{L}\p{N}._%+-]+)@/gu)].map((m) => fold(m[1]));
  const links = [...text.matchAll(/(?:https?:\/\/|www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/[^\s)]*)?/giu)].map((m) => fold(m[0]));
  const file = fold(evidence.fileName?.replace(/\.[a-z0-9]+$/iu, '') ?? '');
  const parts = words.filter((w) => !INITIAL.test(w) && !PARTICLE.test(w.toLowerCase())).map(fold).filter((w) => w.length >= 3);
  return parts.some((p) => file.includes(p) || locals.some((l) => l.includes(p)) || links.some((l) => l.includes(p)));
}

/** Titles before a name in a header (`Dr. Ilsee Morave`): not part of the name; neutralise.ts removes them with it. */
export const HEADER_TITLE = /^(?:(?:Dr|Prof|Mr|Mrs|Ms|Mx|Herr|Frau|Ing|Dipl\.-Ing|Mag|Lic|Ir|Drs|Mevr|Dhr)\.?[ \t]+)+/u;

/** The header lines: the first eight non-empty ones, after YAML front matter, Markdown marks (`# `, `**`) and titles taken off. */
function headerLines(text: string): string[] {
  let lines = text.split(/\r?\n/u);
  if (lines[0]?.trim() === '---') {
    const close = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
    if (close > 0) lines = lines.slice(close + 1);
  }
  return lines.map((l) => l.replace(/^[ \t]*#+[ \t]+/u, '').replace(/\*\*|__/gu, '').replace(HEADER_TITLE, '')).filter((l) => l.trim() !== '').slice(0, 8);
}

/**
 * The candidate's name written in the header block of `text`, or undefined.
 * @example headerName('J ANE DOE\njane.doe@x.com')?.full // 'JANE DOE'
 */
export function headerName(text: string, evidence: NameEvidence = {}): HeaderName | undefined {
  const header = headerLines(text);
  let fallback: HeaderName | undefined;
  for (let n = 0; n < header.length; n++) {
    const toks = tokens(header[n].replace(PRONOUNS, ' ').replace(/\s+$/u, ''));
    let run = leadingRun(toks);
    // a name in capitals over two lines: `JANE` / `DOE SMITH`, `JAN VAN` / `DROSSELBEKEN`
    const endsInParticle = run !== undefined && PARTICLE.test(run.words[run.words.length - 1].toLowerCase());
    if (run && run.whole && (run.real === 1 || (run.real === 2 && endsInParticle)) && n + 1 < header.length) {
      const next = leadingRun(tokens(header[n + 1]));
      const words = [...run.words, ...(next?.words ?? [])];
      const real = run.real - (run.real === 2 && endsInParticle ? 1 : 0) + (next?.real ?? 0);
      if (next?.whole && next.real <= 3 && words.every((w) => w === w.toUpperCase())) run = { words, real, whole: true, stop: false };
    }
    if (!run || run.real < 2) continue;
    const words = trimmed(run.words);
    if (!oneCase(words)) continue;
    const full = words.join(' ');
    if (evidenced(words, text, evidence)) return { full, confidence: 'sure' };
    const known = nameGender(titleCase(words[0])) !== undefined;
    // the first line alone, or starting with a known first name: as before
    if (n === 0 && (run.whole || known)) return { full, confidence: 'sure' };
    // the first line's start, ended by what ends a name (a label, a run-together word, a degree, a separator)
    if (n === 0 && run.stop && fallback === undefined) fallback = { full, confidence: 'unsure' };
    if (known && fallback === undefined) fallback = { full, confidence: 'unsure' };
  }
  return fallback;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A word matched in any case, a space allowed after its first letter (letter-spaced small capitals). */
const anyCase = (w: string) => [...w].map((c, i) => {
  const cls = c.toLowerCase() === c.toUpperCase() ? escape(c) : `[${escape(c.toLowerCase())}${escape(c.toUpperCase())}]`;
  return i === 0 && w.length > 2 ? `${cls}[ \\t]?` : cls;
}).join('');

/**
 * Where `name` is written in the header block of `text` (its first eight non-empty lines): in any
 * case, with any spaces or line breaks between its words, a middle initial or not, ending at a
 * word boundary or where a run-together word starts (`DoeFeatured`); and `(She/Her)`-like
 * pronouns in that block. All `sure`: the name is known.
 * @example nameSpans('JANE\nDOE\nEngineer', 'Jane Doe').map((s) => [s.start, s.end]) // [[0, 8]]
 */
export function nameSpans(text: string, name: string): IdentitySpan[] {
  const words = name.trim().split(/\s+/u).filter((w) => w !== '' && !INITIAL.test(w));
  if (words.length === 0) return [];
  // spaces or a line break, a middle initial or not, parentheses around middle names (`Wouter (Pieta) Lanskron`)
  const between = `\\)?(?:[ \\t]*\\r?\\n[ \\t]*|[ \\t]+)\\(?(?:\\p{Lu}\\.?[ \\t]+)?`;
  // a trailing initial goes with it (`Casimir Velandrio B.`), not the first letters of a degree (`M.S.`)
  const re = new RegExp(`(?<![\\p{L}\\p{M}])${words.map(anyCase).join(between)}(?:[ \\t]+\\p{Lu}\\.(?!\\p{Lu}\\.|\\p{Ll}))?(?:(?![\\p{L}\\p{M}])|(?<=[\\p{Ll}.])(?=\\p{Lu}))`, 'gu');
  const lines = text.split(/(?<=\n)/u);
  let end = 0;
  for (let seen = 0, i = 0; i < lines.length && seen < 8; i++) {
    end += lines[i].length;
    if (lines[i].trim() !== '') seen++;
  }
  const header = text.slice(0, end);
  const out: IdentitySpan[] = [];
  for (const m of header.matchAll(re)) out.push({ kind: 'name', start: m.index, end: m.index + m[0].length, confidence: 'sure' });
  for (const m of header.matchAll(PRONOUNS)) out.push({ kind: 'pronouns', start: m.index, end: m.index + m[0].length, confidence: 'sure' });
  return out.sort((a, b) => a.start - b.start);
}
