/**
 * A run's large inputs sent once to a compute worker and named in its later jobs: the subsets
 * (every corpus identifier, the queries, the twins) and a lexical model's corpus texts, the same
 * arrays for every model of a run. At 500,000 documents each copy is 100–150 MB, and a job's
 * structured clone briefly holds two; with BM25 then TF-IDF on one lane the second job sends
 * neither. The page's side (`sendJob`) and the worker's (`receiveJob`) each keep what the worker
 * holds: at most one subsets array and one corpus, each let go by a job that does not name it.
 */
import type { ModelAuditJob } from '../retrieval/index.ts';

/** What a job sent to a worker says of the inputs it holds. */
export interface HeldInputs {
  /** Take these from what the worker holds (the job carries empty arrays in their place). */
  readonly take: { readonly subsets?: number; readonly corpus?: number };
  /** Keep these of this job for later jobs, under these ids. */
  readonly keep: { readonly subsets?: number; readonly corpus?: number };
}

/** What one side knows the worker holds: each input with its id. */
export interface HeldState<S = unknown, C = unknown> {
  subsets?: { readonly id: number; readonly value: S };
  corpus?: { readonly id: number; readonly value: C };
}

let nextId = 1;

function lexicalOf(job: ModelAuditJob) {
  return job.scoring.kind === 'bm25' || job.scoring.kind === 'tfidf' ? job.scoring : undefined;
}

/**
 * The job as it goes to a worker whose holdings `state` tracks (by the arrays' identity), and
 * what it says of them; `state` becomes what the worker holds after it.
 * @example const state = {}; sendJob(state, job).inputs.keep // { subsets: 1, corpus: 2 } for a lexical model's first job
 */
export function sendJob(state: HeldState<object, object>, job: ModelAuditJob): { sent: ModelAuditJob; inputs: HeldInputs } {
  const lexical = lexicalOf(job);
  const take: { subsets?: number; corpus?: number } = {};
  const keep: { subsets?: number; corpus?: number } = {};
  let sent = job;
  if (state.subsets?.value === job.subsets) {
    take.subsets = state.subsets.id;
    sent = { ...sent, subsets: [] };
  } else state.subsets = { value: job.subsets, id: (keep.subsets = nextId++) };
  if (lexical && state.corpus?.value === lexical.corpus) {
    take.corpus = state.corpus.id;
    sent = { ...sent, scoring: { ...lexical, corpus: [] } };
  } else if (lexical) state.corpus = { value: lexical.corpus, id: (keep.corpus = nextId++) };
  else state.corpus = undefined;
  return { sent, inputs: { take, keep } };
}

/**
 * The whole job from one sent with `inputs`: what it names taken from what the worker holds
 * (`state`), what it sends kept; `state` becomes what the worker holds after it.
 * @throws {Error} when the job names an input the worker does not hold (a worker started again).
 */
export function receiveJob(state: HeldState<ModelAuditJob['subsets'], readonly string[]>, job: ModelAuditJob, inputs?: HeldInputs): ModelAuditJob {
  const { take = {}, keep = {} } = inputs ?? {};
  const lexical = lexicalOf(job);
  let subsets = job.subsets;
  if (take.subsets !== undefined) {
    if (state.subsets?.id !== take.subsets) throw new Error('the compute worker no longer holds the subsets this job names');
    subsets = state.subsets.value;
  }
  let corpus = lexical?.corpus;
  if (take.corpus !== undefined) {
    if (!lexical || state.corpus?.id !== take.corpus) throw new Error('the compute worker no longer holds the texts this job names');
    corpus = state.corpus.value;
  }
  state.subsets = keep.subsets !== undefined ? { id: keep.subsets, value: subsets } : take.subsets !== undefined ? state.subsets : undefined;
  state.corpus = keep.corpus !== undefined && corpus ? { id: keep.corpus, value: corpus } : take.corpus !== undefined ? state.corpus : undefined;
  return { ...job, subsets, scoring: lexical ? { ...lexical, corpus: corpus! } : job.scoring };
}
