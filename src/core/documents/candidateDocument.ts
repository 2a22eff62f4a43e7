/**
 * The one document type a user's own CVs, profiles and job posts are imported into, whatever
 * file they came in (CSV/TSV, JSONL, .txt/.md, PDF, DOCX). The counterfactual generator turns
 * a CandidateDocument into variants; the package writer turns documents into a dataset package.
 * Structurally identical to src/core/counterfactual/document.ts (to be unified).
 */
export interface CandidateDocument {
  readonly id: string;
  readonly text: string;
  /** The file (and row) it came from, for messages: `cvs.csv row 3`, `anna.pdf`. */
  readonly source: string;
  readonly name?: string;
  readonly lang?: string;
  readonly group?: string;
}

/** A document as the importer reads it: a CandidateDocument plus what a screening package needs. */
export interface ImportedDocument extends CandidateDocument {
  /** The title column, when mapped (a job post's title). */
  readonly title?: string;
  /** The human decision for the (CV, job) pair: 1 fit, 0 not fit. */
  readonly label?: 0 | 1;
  /** The id of the job a CV applies to. */
  readonly job?: string;
  /** `name` was typed by the user ("name used in the original" of a CV in which no name was found), not imported. */
  readonly nameGiven?: boolean;
  /** The reviewer says this CV names no one (an anonymised CV): its variants need no name first. */
  readonly nameless?: boolean;
}
