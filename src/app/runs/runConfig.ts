/**
 * What a run is (DESIGN.md, "Results"): dataset + tasks + models +
 * parameters. Stored with the run so it can be resumed and shared.
 */
import { BUNDLED_EMBEDDING_MODEL_ID, findModel } from '../../models/registry.ts';
import type { EmbeddingModelEntry } from '../../models/modelSpec.ts';
import type { ModelSource } from '../../models/modelSource.ts';
import type { Device, Dtype } from '../../models/device.ts';
import { screeningModelKey, screeningModelLabel, type ScreeningRunConfig, type ScreeningRunModel } from './screeningConfig.ts';

export type { ScreeningRunConfig, ScreeningRunModel } from './screeningConfig.ts';

export type RunModel =
  | { readonly kind: 'bm25' }
  | { readonly kind: 'tfidf' }
  | { readonly kind: 'embedding'; readonly entry: EmbeddingModelEntry; readonly source: ModelSource };

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
}

/** Any run: a retrieval-fairness audit or a decision-model screening audit. */
export type RunConfig = RetrievalRunConfig | ScreeningRunConfig;

/** A stable key per model of a run (progress and partial results are kept under it). */
export function runModelKey(m: RunModel | ScreeningRunModel): string {
  if (m.kind === 'calibrated' || m.kind === 'decision') return screeningModelKey(m);
  return m.kind === 'embedding' ? `${m.source.kind}:${m.source.id}` : m.kind;
}

export function runModelLabel(m: RunModel | ScreeningRunModel): string {
  if (m.kind === 'calibrated' || m.kind === 'decision') return screeningModelLabel(m);
  return m.kind === 'bm25' ? 'BM25' : m.kind === 'tfidf' ? 'Char-bigram TF-IDF' : m.entry.label;
}

/** The models of the one-click demo: the bundled GloVe model, BM25 and TF-IDF. */
export function demoModels(): RunModel[] {
  const glove = findModel(BUNDLED_EMBEDDING_MODEL_ID);
  if (!glove || glove.kind !== 'embedding') throw new Error('the bundled model is missing from the registry');
  return [{ kind: 'embedding', entry: glove, source: { kind: 'bundled', id: glove.id } }, { kind: 'bm25' }, { kind: 'tfidf' }];
}

/** The demo run: freelance-twins, both query sets, k = 10, 1,000 bootstrap resamples, seed 0. */
export function demoConfig(): RetrievalRunConfig {
  return { kind: 'retrieval-fairness', datasetId: 'freelance-twins', tasks: ['briefs', 'queries'], models: demoModels(), k: 10, bootstrap: 1000, seed: 0 };
}
