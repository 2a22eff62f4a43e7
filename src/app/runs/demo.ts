/**
 * The one-click demo run of the home page: the bundled dataset, the bundled
 * GloVe model and the two lexical baselines.
 */
import { BUNDLED_EMBEDDING_MODEL_ID, findModel } from '../../models/registry.ts';
import type { RetrievalRunConfig, RunModel } from '../../core/audit/run/index.ts';

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
