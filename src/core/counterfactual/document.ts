/**
 * The input of counterfactual generation: one candidate's document as the importer
 * (src/core/documents) produces it.
 */
export interface CandidateDocument {
  readonly id: string;
  readonly text: string;
  /** The file (and row) it came from, for messages. */
  readonly source: string;
  /** A mapped name column, when the import had one. */
  readonly name?: string;
  /** ISO 639-1: en, fr, es, de, nl (others: no grammatical-gender twins). */
  readonly lang?: string;
  /** The candidate's own group for an attribute, when known, e.g. 'female'. */
  readonly group?: string;
}
