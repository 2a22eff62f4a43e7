import type { CandidateDocument } from './document.ts';
import { headerName } from './identity/name.ts';
import { inContactPlace } from './identity/header.ts';

export type { FoundName, NewName } from './foundName.ts';
import type { FoundName } from './foundName.ts';

/** Labels of a name field line, in the five languages of the lexicons. */
const FIELD = /^[ \t]*(?:full name|name|nom complet|nom|nombre completo|nombre|volledige naam|naam|vollständiger name)[ \t]*[:：][ \t]*(.+?)[ \t]*$/imu;

/** A name label alone on its line and the name on the next non-empty line (`Name` / `    Jane Roe`), as personal-details tables extract. */
const FIELD_LINE = /^[ \t]*(?:full name|name|nom complet|nom|nombre completo|nombre|volledige naam|naam|vollständiger name)[ \t]*:?[ \t]*\r?\n(?:[ \t]*\r?\n)*[ \t]*(\p{Lu}[\p{L}\p{M}'’.-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}'’.-]*){0,4})[ \t]*\r?$/gimu;

function split(full: string, source: FoundName['source'], unsure = false): FoundName {
  const words = full.split(/\s+/u);
  const found: FoundName = words.length > 1 ? { full, first: words[0], last: words[words.length - 1], source } : { full, first: full, source };
  return unsure ? { ...found, unsure } : found;
}

/**
 * The candidate's name: (a) the mapped `name`, else (b) the value of a `Name:` field line
 * (`Nom:`, `Nombre:`, `Naam:`, case-insensitive) or a `Name` label line with the name on the next
 * line in the header or a personal-details block, else (c) the name in the header block as PDF
 * extraction leaves it (identity/name.ts: on a line with other fields, run together with the next
 * word, in capitals over two lines, letter-spaced, before pronouns or a degree; an e-mail's local
 * part, the file name or a known first name as evidence). First is the first word, last the last
 * word (none for a one-word name). Undefined when none is found.
 * @example findName({ id: 'a', source: 'a.txt', text: 'Maria Garcia\nDeveloper' }); // { full: 'Maria Garcia', first: 'Maria', last: 'Garcia', source: 'first-line' }
 */
export function findName(doc: CandidateDocument): FoundName | undefined {
  const mapped = doc.name?.trim().replace(/\s+/gu, ' ');
  if (mapped) return split(mapped, 'mapped');
  const field = FIELD.exec(doc.text)?.[1]?.replace(/\s+/gu, ' ');
  if (field && /^[\p{L}\p{M}'’. -]+$/u.test(field) && field.split(' ').length <= 5) return split(field, 'field');
  // in the header or a personal-details block only (a referees' table has `Name` lines too)
  for (const m of doc.text.matchAll(FIELD_LINE)) {
    if (inContactPlace(doc.text, m.index, m.index + m[0].length, 10)) return split(m[1].replace(/\s+/gu, ' '), 'field');
  }
  const header = headerName(doc.text, { fileName: doc.source });
  return header ? split(header.full, 'first-line', header.confidence === 'unsure') : undefined;
}
