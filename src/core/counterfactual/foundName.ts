/** A candidate's name as found in a document, and a name put in its place: the types findName and its users share (kept apart so that no two files import each other). */

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
  /** Where it came from: the mapped name column, a `Name:` field line, or the header block (`first-line`). */
  readonly source: 'mapped' | 'field' | 'first-line';
  /** Found in the header with no evidence but its shape (a known first name, or the first line's start): for review. */
  readonly unsure?: boolean;
}
