import type { Edit } from './edit.ts';

/** Labels for one attribute's explicit line: the attribute's label and each group's. */
export interface AttributeLabels {
  /** Default: the attribute capitalised (`gender` → `Gender`). */
  readonly label?: string;
  /** Default per group: its words capitalised, hyphens as spaces (`west-africa` → `West Africa`). */
  readonly groups?: Readonly<Record<string, string>>;
}

/**
 * A group or attribute id written as a label: words split at hyphens, underscores and spaces,
 * each capitalised.
 * @example labelOf('west-africa'); // 'West Africa'
 */
export function labelOf(id: string): string {
  return id
    .split(/[-_\s]+/u)
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * `line` inserted at the top of the text (one edit at offset 0), ending with the text's own line
 * break (CRLF when the text has one, else LF): how every screening variant is made from the base.
 * @example lineOnTop('Developer', 'Name: Emily Walsh').text; // 'Name: Emily Walsh\nDeveloper'
 */
export function lineOnTop(text: string, line: string): { text: string; edits: Edit[] } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return { text: line + eol + text, edits: [{ offset: 0, before: '', after: line + eol }] };
}

/**
 * The explicit cue: a line `Label: Group` inserted at the top of the text (lineOnTop).
 * @example explicitLine('Maria Garcia\nDeveloper', 'gender', 'female').text; // 'Gender: Female\nMaria Garcia\nDeveloper'
 */
export function explicitLine(text: string, attribute: string, group: string, labels: AttributeLabels = {}): { text: string; edits: Edit[] } {
  return lineOnTop(text, `${labels.label ?? labelOf(attribute)}: ${labels.groups?.[group] ?? labelOf(group)}`);
}
