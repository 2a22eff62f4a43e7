/**
 * Phone numbers, found and validated by libphonenumber-js (Google's libphonenumber metadata, the
 * "max" set, so a number must fit a real numbering plan, not just a length): international
 * numbers as written, national ones in the formats of the countries countryHints.ts gives
 * (`9876543210` in India, `987654321` in Peru, `06 12 34 56 78` in France). A run that reads as
 * a year, a year range or a date (dateLike.ts), one right after an identifier label (`DNI`,
 * `ID`, `ORCID`, `ISBN`) and one inside a longer run of digits is never a phone number.
 *
 * Numbers the library finds only with a labelled shape (`Phone: (555) 123-4567`, a fictional US
 * exchange it rightly calls invalid) are reported `unsure`: a label says phone, the plan says not.
 */
import { findPhoneNumbersInText, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { countryHints } from './countryHints.ts';
import { inContactPlace } from './header.ts';
import { dateLike } from './dateLike.ts';
import { labelBefore } from './label.ts';
import { disjoint, type IdentitySpan } from './span.ts';

/** Identifier labels: the digits after them are an id, not a phone number. */
const ID_BEFORE = /(?:\b(?:dni|id|ruc|nie|nif|passport|pasaporte|ssn|orcid|isbn|issn|doi|matr[íi]cula|licen[cs]e|no|nr|n[º°])\.?[ \t]*[:#]?[ \t]*)$/iu;
/** A phone-shaped run, for the labelled fallback: an optional `+`, then 7 to 15 digits in groups. */
const SHAPE = /(?<![\p{L}\p{N}])\+?\(?\d[\d \t().\-/]{5,40}\d/gu;

/**
 * A number in a phone's layout that no plan need accept: a North American `(000) 000-0000`, or a
 * `+`, a country code and groups (`+49 222 222222`), 8 to 15 digits — a template's placeholder or
 * an anonymised number the CV still writes as its phone.
 */
const LAYOUT = /(?<![\p{L}\p{N}+])(?:\(\d{3}\)[ \t]?\d{3}[-. \t]\d{4}|\+\d{1,3}(?:[ \t.-]\d{2,6}){1,4})(?![\p{L}\p{N}]|[.-]\d)/gu;
/** An extension after a number: `x42`, `ext. 4281`, `Ext 12-34`. */
const EXTENSION = /^[ \t]*(?:x|ext\.?|extension)[ \t]*\d[\d-]{0,15}(?![\p{L}\p{N}])/iu;

/** Whether `[s, e)` is a whole token: no letter, digit or digit-joining mark right before or after it. */
function whole(text: string, s: number, e: number): boolean {
  return !/[\p{L}\p{N}]$|\p{N}[.,/-]$/u.test(text.slice(Math.max(0, s - 2), s)) && !/^[\p{L}\p{N}]|^[.,/-]\p{N}/u.test(text.slice(e, e + 2));
}

/**
 * Whether a run is free of the shapes of references: part of a DOI or an id (`.2024.123456`,
 * `hal-01234567`, `10.1016/`), a page range (`1681–1697`, `247-250`), a date stamp (`20181010`);
 * an unlabelled national number needs 8 digits or more.
 */
function identifierFree(text: string, start: number, end: number, written: string, labelled: boolean): boolean {
  if (/[.\/:]$|\p{L}[-_]$/u.test(text.slice(Math.max(0, start - 2), start)) || /^[\/.]\w/u.test(text.slice(end, end + 2))) return false;
  if (/^\d{1,5}[ \t]?[-–][ \t]?\d{1,5}$/u.test(written.trim()) && !labelled) return false;
  if (/(?<!\d)(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?!\d)/u.test(written)) return false;
  if (/\.\s/u.test(written)) return false;
  const digits = written.replace(/\D/gu, '').length;
  return labelled || written.trimStart().startsWith('+') || digits >= 8;
}

/**
 * The phone numbers of `text`, in text order, not overlapping, each with its label (`Mobile:`).
 * `lang` is the CV's language (its country is the last hint).
 * @example phoneSpans('Mobile: 9876543210, Pune', 'en').map((s) => [s.start, s.end]) // [[8, 18]]
 */
export function phoneSpans(text: string, lang?: string, countries: readonly CountryCode[] = countryHints(text, lang)): IdentitySpan[] {
  const out: IdentitySpan[] = [];
  const keep = (start: number, end: number, confidence: IdentitySpan['confidence']) => {
    const written = text.slice(start, end);
    if (dateLike(written) || ID_BEFORE.test(text.slice(Math.max(0, start - 16), start)) || !whole(text, start, end)) return;
    if (!identifierFree(text, start, end, written, labelBefore(text, start, 'phone') !== undefined)) return;
    const label = labelBefore(text, start, 'phone');
    out.push({ kind: 'phone', start, end, confidence, ...(label ? { label } : {}) });
  };
  for (const country of countries.length > 0 ? countries : (['US'] as CountryCode[])) {
    for (const m of findPhoneNumbersInText(text, { defaultCountry: country })) keep(m.startsAt, m.endsAt, 'sure');
  }
  // runs the finder passed over (two numbers side by side read as one): each prefix of whole
  // groups, longest first, parsed alone; a valid one is sure, a labelled possible one unsure
  for (const m of text.matchAll(SHAPE)) {
    let at = m.index;
    const stop = m.index + m[0].length;
    while (at < stop) {
      if (out.some((s) => s.start <= at && s.end > at)) { at = out.find((s) => s.start <= at && s.end > at)!.end; continue; }
      const run = text.slice(at, stop);
      const gap = /^[ \t.\-/)]+/u.exec(run);
      if (gap) { at += gap[0].length; continue; }
      const cuts = [...run.matchAll(/(?<=\d|\))(?=[ \t().\-/]+[\d(+])/gu)].map((c) => c.index).concat(run.length).reverse();
      let found = false;
      for (const cut of cuts) {
        const written = run.slice(0, cut).trimEnd();
        const digits = written.replace(/\D/gu, '').length;
        if (!/^[+(\d]/u.test(written) || digits < 7 || digits > 15) continue;
        const parsed = countries.map((c) => parsePhoneNumberFromString(written, c));
        const sure = parsed.some((p) => p?.isValid());
        const possible = sure || (labelBefore(text, at, 'phone') !== undefined && parsed.some((p) => p?.isPossible()));
        if (!possible) continue;
        const before = out.length;
        keep(at, at + written.length, sure ? 'sure' : 'unsure');
        if (out.length > before) { at += written.length; found = true; break; }
      }
      if (!found) {
        const next = /[ \t.\-/)]+(?=[\d(+])|\d(?=\()/u.exec(text.slice(at + 1, stop));
        if (!next) break;
        at += 1 + next.index + next[0].length;
      }
    }
  }
  // a number in a phone's layout that the plan rejects, where a phone is expected: after a phone
  // label, in the header or a contact block, or on a line with an e-mail address (unsure)
  for (const m of text.matchAll(LAYOUT)) {
    const start = m.index, end = start + m[0].length;
    const digits = m[0].replace(/\D/gu, '').length;
    if (digits < 8 || digits > 15 || out.some((s) => s.start < end && s.end > start)) continue;
    const line = text.slice(text.lastIndexOf('\n', start - 1) + 1, text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end));
    const expected = labelBefore(text, start, 'phone') !== undefined || inContactPlace(text, start, end) || /\S@\S+\.\p{L}{2,}/u.test(line);
    if (expected) keep(start, end, 'unsure');
  }
  // each number with its extension (`x42`, `ext 4281`), and with the NUL a PDF left where its `+` was
  return disjoint(out).map((s) => {
    const ext = EXTENSION.exec(text.slice(s.end));
    const nul = s.start > 0 && /[\u0000\uFFFD]/u.test(text[s.start - 1]) && !s.label ? 1 : 0;
    return ext || nul ? { ...s, start: s.start - nul, end: s.end + (ext?.[0].length ?? 0) } : s;
  });
}
