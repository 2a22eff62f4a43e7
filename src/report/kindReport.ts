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
  /** The limitations that apply, one sentence each (limitations.ts). */
  readonly limitations: readonly string[];
  /** The CLI commands that recompute the numbers, in order. */
  readonly commands: readonly string[];
}
