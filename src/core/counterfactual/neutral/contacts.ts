/**
 * Contact details written anywhere in a CV, without a label: e-mail addresses, links to profiles
 * and sites, phone numbers and street addresses (en, fr, es, de, nl street words). Labelled ones
 * (`Phone: …`, `Adresse : …`) are found by statements.ts with their label.
 */
import type { EditReason } from '../edit.ts';
import { emailRanges } from '../emailLocal.ts';

/** A stretch of text to remove, and why. `uncertain` when only the shape says what it is. */
export interface Removal {
  readonly start: number;
  readonly end: number;
  readonly why: EditReason;
  readonly uncertain?: boolean;
}

const URL = /(?:https?:\/\/|www\.)[^\s<>()"'“”]+|(?<![\p{L}\p{N}@.])(?:[a-z0-9-]+\.)*(?:linkedin\.com|github\.com|gitlab\.com|twitter\.com|x\.com|xing\.com|behance\.net|dribbble\.com|medium\.com|stackoverflow\.com)(?:\/[^\s<>()"'“”]*)?/giu;
/**
 * A phone number: an optional `+` country code, then three to six groups of digits (a group may be
 * in parentheses) joined by one space, dot, hyphen or slash; 9 to 15 digits in all, or 7 to 8
 * after a `+` or in a group shape no date or year range has.
 */
const PHONE = /(?<![\p{L}\p{N}/.,-])(?:\+\s?\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{1,5}(?:[\s.\-/]\d{1,5}){1,5}(?![\p{L}\p{N}]|[.,-]\d)/gu;
/** Street words of the five languages, as the last (en) or first (fr, es) word of a street, or a German/Dutch compound ending. */
const STREET_EN = /\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][\p{L}'’.-]*\s+){1,4}(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Lane|Ln\.?|Drive|Dr\.?|Court|Ct\.?|Way|Place|Pl\.?|Terrace|Close|Crescent|Square|Sq\.?|Parkway|Pkwy\.?|Highway|Hwy\.?)(?:,?\s+(?:Apt\.?|Suite|Unit|#)\s*\w+)?\b\.?/gu;
const STREET_FR_ES = /\b\d{1,5}(?:\s?(?:bis|ter))?,?\s+(?:rue|avenue|av\.|boulevard|bd\.?|chemin|allée|impasse|place|quai|route|calle|c\/|avenida|avda\.?|paseo|plaza|carrera|camino)\s+(?:[\p{L}'’.-]+\s?){1,5}/giu;
const STREET_ES_AFTER = /\b(?:Calle|C\/|Avenida|Avda\.?|Paseo|Plaza|Camino)\s+(?:[\p{L}'’.-]+\s){0,4}[\p{L}'’.-]+,?\s+(?:n[º°o]\.?\s*)?\d{1,5}\b/gu;
const STREET_DE_NL = /\b[\p{Lu}][\p{L}-]*(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer|straat|laan|plein|gracht|kade|singel|dijk)\s+\d{1,5}\s?[a-zA-Z]?\b/gu;

const digits = (s: string) => s.replace(/\D/gu, '').length;

/** Whether a digit run looks like a phone number rather than a date, a year range or an amount. */
function isPhone(s: string): boolean {
  const n = digits(s);
  if (/^\d{4}\s?[-–/]\s?\d{4}$/u.test(s)) return false; // 2015-2018
  if (/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/u.test(s)) return false; // a date
  if (s.startsWith('+')) return n >= 7 && n <= 15;
  if (n < 9 || n > 15) return false;
  return true;
}

/**
 * The contact details of `text` to remove, in text order, not overlapping: e-mail addresses,
 * links (URLs, and bare profile hosts such as `linkedin.com/in/…`), phone numbers, street
 * addresses (uncertain: found by shape alone).
 * @example contactRemovals('Mail maria@x.com, +33 6 12 34 56 78').map((r) => r.why); // ['email', 'phone']
 */
export function contactRemovals(text: string): Removal[] {
  const out: Removal[] = [];
  const free = (s: number, e: number) => out.every((r) => e <= r.start || s >= r.end);
  const add = (s: number, e: number, why: EditReason, uncertain = false) => {
    if (s < e && free(s, e)) out.push({ start: s, end: e, why, ...(uncertain ? { uncertain } : {}) });
  };
  for (const [s, e] of emailRanges(text)) add(s, e, 'email');
  for (const m of text.matchAll(URL)) add(m.index, m.index + m[0].replace(/[.,;:]+$/u, '').length, 'profile-link');
  for (const m of text.matchAll(PHONE)) {
    // the pattern may run on into a year or a date after the number: try it shorter, group by group
    const groups = [...m[0].matchAll(/[\s.\-/]*[^\s.\-/]+/gu)].map((g) => g[0]);
    // a year after a space ends the number (`(555) 123-4567 2015-2018`)
    const year = groups.findIndex((g, i) => i > 0 && /^\s+(?:19|20)\d\d$/u.test(g));
    for (let n = year > 0 ? year : groups.length; n >= 2; n--) {
      const s = groups.slice(0, n).join('');
      if (isPhone(s.trim())) {
        add(m.index, m.index + s.length, 'phone');
        break;
      }
    }
  }
  for (const re of [STREET_EN, STREET_FR_ES, STREET_ES_AFTER, STREET_DE_NL]) {
    for (const m of text.matchAll(re)) {
      let end = m.index + m[0].trimEnd().length;
      // the town, region and postcode after it on the same line go with it (`, Springfield, IL 62704`)
      const rest = /^[ \t]*,[ \t]*[\p{L}\p{N}][\p{L}\p{N} ,.'’-]{0,60}(?=\r?\n|$)/u.exec(text.slice(end));
      if (rest) end += rest[0].trimEnd().length;
      add(m.index, end, 'address', true);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
