/**
 * What a run leaves in storage besides its configuration (runConfig.ts):
 * per model, where it stood and what it finished with, and the results
 * object at the end. The IndexedDB schema types its `runs` and `results`
 * stores with these.
 */
import type { ModelResult, RetrievalFairnessResults } from '../retrieval/index.ts';
import type { ScreeningModelScores } from '../screening/index.ts';
import type { ModelRunProgress } from './progress.ts';
import type { ScreeningRunResults } from './screening.ts';

/** A finished model's results per subset (retrieval) or its scores (screening). */
export type FinishedModel = readonly ModelResult[] | ScreeningModelScores;

/** Where one model of a stored run stands; a finished one keeps what it finished with. */
export interface StoredModelProgress {
  readonly status: ModelRunProgress['status'];
  readonly results?: FinishedModel;
}

/** The results object of any run. */
export type RunResults = RetrievalFairnessResults | ScreeningRunResults;
