/** What each kind of results adds to the report's sections (buildReportDocument assembles them). */
import type { ReportBlock } from './document.ts';

export interface KindReport {
  /** The audit in a few words: `Retrieval-fairness audit`. */
  readonly title: string;
  readonly summary: readonly ReportBlock[];
  readonly system: readonly ReportBlock[];
  readonly data: readonly ReportBlock[];
  readonly method: readonly ReportBlock[];
  readonly results: readonly ReportBlock[];
  /** The system audited in a few words, for the printed pages' running header: `BM25, TF-IDF`. */
  readonly systemName: string;
  /** The limitations that apply, one sentence each. */
  readonly limitations: readonly string[];
  /**
   * The conditions Fairground checks that hold for this audit, in a few words each (`relevance
   * labels on the test split`): what the report says when no limitation applies, from the same
   * facts as the limitations and the Data section.
   */
  readonly holds: readonly string[];
  /** The audit's date as the results record it (YYYY-MM-DD), if they do. */
  readonly auditDate?: string;
  /** The CLI commands that recompute the numbers, in order. */
  readonly commands: readonly string[];
}
