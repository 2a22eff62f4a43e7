/**
 * What a run is (DESIGN.md, "Results"): dataset + tasks + models +
 * parameters, as data. Stored with the run so it can be resumed and shared;
 * an adapter turns its models into ports (run/retrieval.ts, run/screening.ts).
 */
import type { EmbeddingModelEntry } from '../../models/modelSpec.ts';
import type { ModelSource } from '../../models/modelSource.ts';
import type { Device, Dtype } from '../../models/device.ts';
import type { ImportedScores, ImportedVectors } from '../imported/index.ts';
import type { GroupBy } from '../retrieval/index.ts';
import type { GroupTarget } from '../../metrics/groupFairness/index.ts';
import { screeningModelKey, screeningModelLabel, type ScreeningRunConfig, type ScreeningRunModel } from './screeningConfig.ts';

export type { ScreeningRunConfig, ScreeningRunModel } from './screeningConfig.ts';

export type RunModel =
  | { readonly kind: 'bm25' }
  | { readonly kind: 'tfidf' }
  | { readonly kind: 'embedding'; readonly entry: EmbeddingModelEntry; readonly source: ModelSource }
  /** An outside system's scores (kept with the run on this machine; a permalink carries only its name). */
  | { readonly kind: 'imported'; readonly scores: ImportedScores }
  /** Embeddings computed elsewhere: the run keeps their name, revision and files; the vectors are in the embedding cache (imported/vectorCache.ts). */
  | { readonly kind: 'vectors'; readonly vectors: ImportedVectors };

export interface RetrievalRunConfig {
  readonly kind: 'retrieval-fairness';
  readonly datasetId: string;
  /** Retrieval task names; each is audited with its twins tasks. */
  readonly tasks: readonly string[];
  readonly models: readonly RunModel[];
  readonly k: number;
  readonly bootstrap: number;
  readonly seed: number;
  readonly device?: Device;
  readonly dtype?: Dtype;
  /** The documents' grouping for group fairness (METRICS.md §12): the default when absent, none when null. */
  readonly groupBy?: GroupBy | null;
  /** Its target distribution (default `pool`). */
  readonly groupTarget?: GroupTarget;
}

/** Any run: a retrieval-fairness audit or a decision-model screening audit. */
export type RunConfig = RetrievalRunConfig | ScreeningRunConfig;

/** A stable key per model of a run (progress and partial results are kept under it). */
export function runModelKey(m: RunModel | ScreeningRunModel): string {
  if (m.kind === 'imported') return `imported:${m.scores.name}`;
  if (m.kind === 'vectors') return `vectors:${m.vectors.name}`;
  if (m.kind === 'calibrated' || m.kind === 'decision') return screeningModelKey(m);
  return m.kind === 'embedding' ? `${m.source.kind}:${m.source.id}` : m.kind;
}

export function runModelLabel(m: RunModel | ScreeningRunModel): string {
  if (m.kind === 'imported') return m.scores.name;
  if (m.kind === 'vectors') return m.vectors.name;
  if (m.kind === 'calibrated' || m.kind === 'decision') return screeningModelLabel(m);
  return m.kind === 'bm25' ? 'BM25' : m.kind === 'tfidf' ? 'Char-bigram TF-IDF' : m.entry.label;
}
