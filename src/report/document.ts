/**
 * The audit report as plain data (issue 32): sections of headed blocks — paragraphs, lists, facts,
 * tables, figures, code — built from a results object by the section builders and turned into one
 * HTML file by renderReportHtml. Being data, the whole report passes the permalink content guard
 * (assertNoDatasetContent) before a byte of HTML is written.
 */

/** A table cell: text, with the full-precision number behind it (`data-value`) where it is one. */
export interface ReportCell {
  readonly text: string;
  readonly value?: number;
  /** Right-aligned (a number). */
  readonly numeric?: boolean;
}

export interface ReportParagraph {
  readonly kind: 'paragraph';
  readonly text: string;
  /** A class for the report's stylesheet (`verdict`, `notice`). */
  readonly tone?: 'verdict' | 'notice';
}

export interface ReportList {
  readonly kind: 'list';
  readonly items: readonly string[];
  /** `data-report` hook of the list, e.g. `limitations`. */
  readonly hook?: string;
}

/** Terms and their values (a definition list): `Dataset id — freelance-twins`. */
export interface ReportFacts {
  readonly kind: 'facts';
  readonly items: readonly (readonly [string, string])[];
}

export interface ReportTable {
  readonly kind: 'table';
  readonly caption: string;
  readonly columns: readonly string[];
  /** The first cell of each row is its header (`<th scope="row">`). */
  readonly rows: readonly (readonly ReportCell[])[];
  /** `data-report` hook of the table, e.g. `ll144`. */
  readonly hook?: string;
}

/** A plot: its SVG (the results page's renderer and spec) and its text description. */
export interface ReportFigure {
  readonly kind: 'figure';
  readonly title: string;
  readonly svg: string;
  readonly description: string;
}

/** Preformatted text: a command line, a link to copy. */
export interface ReportCode {
  readonly kind: 'code';
  readonly label: string;
  readonly text: string;
}

/**
 * A link, in a sentence: `label` then the link's `text` (`Open these numbers in Fairground`),
 * `href` its address. The permalink is one: a reader follows it, and a printed report does not
 * spell out its thousands of characters.
 */
export interface ReportLink {
  readonly kind: 'link';
  readonly label: string;
  readonly href: string;
  readonly text: string;
}

/** A sub-heading (h3) and its blocks. */
export interface ReportSubsection {
  readonly kind: 'subsection';
  readonly heading: string;
  readonly blocks: readonly ReportBlock[];
}

export type ReportBlock = ReportParagraph | ReportList | ReportFacts | ReportTable | ReportFigure | ReportCode | ReportLink | ReportSubsection;

/** One top-level section (h2). */
export interface ReportSection {
  /** The element id: `summary`, `system`, `data`, `method`, `results`, `limitations`, `reproduce`. */
  readonly id: string;
  readonly heading: string;
  readonly blocks: readonly ReportBlock[];
}

export interface ReportDocument {
  readonly title: string;
  /** Each printed page's running header: the title, the system audited and the audit's date. */
  readonly runningHeader?: string;
  readonly sections: readonly ReportSection[];
}

/** A text cell. */
export const textCell = (text: string): ReportCell => ({ text });

/** A numeric cell: its text and the number behind it. */
export const numberCell = (text: string, value: number | undefined): ReportCell =>
  value !== undefined && Number.isFinite(value) ? { text, value, numeric: true } : { text, numeric: true };
