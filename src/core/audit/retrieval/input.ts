/**
 * Inputs of the retrieval-fairness audit (core/audit/retrieval/audit.ts):
 * the parts of a dataset it needs, without any text, and a scorer per model.
 */
import type { Qrels } from '../../formats/qrels.ts';
import type { ModelDescriptor, ModelTiming } from './results.ts';
import type { GroupTarget } from '../../metrics/groupFairness/index.ts';

/** A query of the retrieval task. */
export interface AuditQuery {
  readonly id: string;
  readonly lang?: string;
}

/** A corpus document (the pool P of every query). */
export interface AuditDocument {
  readonly id: string;
  readonly lang?: string;
  /** Its group label for the group fairness of rankings (METRICS.md §12; groupLabels.ts); absent: unlabelled. */
  readonly group?: string;
}

/** A counterfactual twin pair: corpus document `id` and its twin `twinId` (DESIGN.md twins record). */
export interface AuditTwin {
  readonly id: string;
  readonly twinId: string;
  readonly group: string;
  readonly twinGroup: string;
  /** The pair's language; the original document's lang when absent, else 'und'. */
  readonly lang?: string;
}

/** One retrieval task with (optionally) one of its twins tasks. */
export interface AuditSubset {
  readonly task: string;
  /** '' when the retrieval task has no twins task (robustness then reports no pairs). */
  readonly twinsTask: string;
  readonly queries: readonly AuditQuery[];
  readonly corpus: readonly AuditDocument[];
  /**
   * The relevance judgments; undefined when the dataset has none (a user's own CVs without
   * labels): every query is then a unit and only twin robustness is reported.
   */
  readonly qrels?: Qrels;
  readonly twins: readonly AuditTwin[];
  /**
   * The pool of a per-language subset (METRICS.md §3), as the dataset declares it: `corpus` (the
   * default: one pool of every language) or `language` (the documents of the query's language).
   */
  readonly pool?: 'corpus' | 'language';
  /** τ of the retrieval task (grade ≥ τ is relevant), > 0. */
  readonly relevanceThreshold: number;
  /** The twins task's groups; RBC's F is a member of the first. */
  readonly groups: readonly [string, string];
  /** The fields the documents' group labels (`AuditDocument.group`) come from (METRICS.md §12). */
  readonly groupBy?: readonly string[];
}

/** One query's scores: every corpus document and every twin, in the subset's order. */
export interface QueryScores {
  readonly corpus: ArrayLike<number>;
  readonly twins: ArrayLike<number>;
}

/**
 * Scores of one model for the query at `queryIndex` of `AuditSubset.queries`.
 * A function rather than a matrix so that a large corpus never needs the
 * whole queries × corpus matrix at once; `matrixScorer` (scoring.ts) wraps
 * precomputed matrices. The rows it returns are valid until its next call (the lexical, dense and
 * table scorers write each query into the same two arrays): read them, or copy them (`materialize`),
 * before asking for the next query.
 */
export type QueryScorer = (queryIndex: number) => QueryScores;

/** A model to audit: what it is, how long it took, and its scores. */
export interface AuditModel {
  readonly model: ModelDescriptor;
  readonly timing: ModelTiming;
  readonly score: QueryScorer;
}

/** Audit parameters. */
export interface AuditOptions {
  /** Cut-off k of every @k metric; default 10. */
  readonly k?: number;
  /** Bootstrap resamples B ≥ 0 (0: no CIs); default 1000 (METRICS.md §6). */
  readonly bootstrap?: number;
  /** 32-bit seed of the bootstrap; default 0. */
  readonly seed?: number;
  /** The target distribution of the group fairness of rankings (METRICS.md §12); default `pool`. */
  readonly groupTarget?: GroupTarget;
}

/** Scores by query id, then document (or twin) id. */
export type ScoreTable = ReadonlyMap<string, ReadonlyMap<string, number>>;
