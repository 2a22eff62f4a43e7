/**
 * A run's large inputs sent once to a compute worker and named in its later jobs: the subsets
 * (every corpus identifier, the queries, the twins) and a lexical model's corpus texts, the same
 * arrays for every model of a run. At 500,000 documents each copy is 100–150 MB, and a job's
 * structured clone briefly holds two; with BM25 then TF-IDF on one lane the second job sends
 * neither. The page's side (`sendJob`) and the worker's (`receiveJob`) each keep what the worker
 * holds: at most one subsets array and one corpus; the subsets are let go by a job that does not
 * name them, the corpus by a lexical job with other texts (a job without texts leaves it held).
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
  // A job without texts (a dense or imported model) leaves them held: at 1,000,000 documents, BM25,
  // then GloVe, then TF-IDF on one lane send the texts once instead of twice (each send a ~260 MiB
  // serialized copy beside a second copy of the strings).
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
  // Texts a job neither takes nor keeps: a job without texts sent with inputs leaves them (sendJob); one sent without inputs lets them go.
  state.corpus = keep.corpus !== undefined && corpus ? { id: keep.corpus, value: corpus } : take.corpus !== undefined || (inputs && !lexical) ? state.corpus : undefined;
  return { ...job, subsets, scoring: lexical ? { ...lexical, corpus: corpus! } : job.scoring };
}

/**
 * How much of `job` a worker holding `state` already has: 2 for its texts (a lexical job's corpus,
 * the larger input), 1 for its subsets, both added; 0 for nothing. An adapter with several idle
 * workers gives the job to the one that holds the most of it, so a run's texts are sent once.
 * @example heldShare({ corpus: { id: 2, value: texts } }, bm25Job) // 2 when bm25Job's corpus is `texts`
 */
export function heldShare(state: HeldState<object, object> | undefined, job: ModelAuditJob): number {
  if (!state) return 0;
  const lexical = lexicalOf(job);
  return (lexical && state.corpus?.value === lexical.corpus ? 2 : 0) + (state.subsets?.value === job.subsets ? 1 : 0);
}

/**
 * Texts a worker is sent ahead of a job in slices of this many, when the job's texts are more: each
 * slice is its own message, taken in a task of its own, so Chromium's serialized copy of a slice can
 * be freed while the next arrive. One message of 1,000,000 texts kept a ~260 MiB copy until the
 * worker next collected, through BM25's index build, when the tab's memory peaks (BENCHMARKS.md).
 */
export const TEXT_SLICE = 50_000;

/** A job whose texts go ahead in slices (`receiveTextSlice`, in order), then the job, naming them as held. */
export interface SlicedJob {
  readonly corpusId: number;
  readonly slices: readonly (readonly string[])[];
  readonly sent: ModelAuditJob;
  readonly inputs: HeldInputs;
}

/**
 * The job `sendJob` made, its texts taken out into slices of `slice` when it carries more than that
 * many (undefined otherwise: send it as it is). What the page's side holds does not change.
 * @example slicedJob(sendJob(state, job).sent, inputs)?.slices.length // 20 for 1,000,000 texts
 */
export function slicedJob(sent: ModelAuditJob, inputs: HeldInputs, slice = TEXT_SLICE): SlicedJob | undefined {
  const lexical = lexicalOf(sent);
  const corpusId = inputs.keep.corpus;
  if (!lexical || corpusId === undefined || lexical.corpus.length <= slice) return undefined;
  const slices: (readonly string[])[] = [];
  for (let at = 0; at < lexical.corpus.length; at += slice) slices.push(lexical.corpus.slice(at, at + slice));
  return {
    corpusId,
    slices,
    sent: { ...sent, scoring: { ...lexical, corpus: [] } },
    inputs: { take: { ...inputs.take, corpus: corpusId }, keep: { ...inputs.keep, corpus: undefined } },
  };
}

/**
 * The worker's side of `slicedJob`: slice `index` of the texts `id` (the first starts them afresh,
 * replacing what was held); the job that follows takes them.
 * @throws {Error} for a slice out of order (a worker started again between two).
 */
export function receiveTextSlice(state: HeldState<unknown, readonly string[]>, id: number, index: number, texts: readonly string[]): void {
  if (index === 0) state.corpus = { id, value: [] };
  else if (state.corpus?.id !== id) throw new Error('the compute worker lost the texts it was being sent');
  const held = state.corpus.value as string[];
  for (const t of texts) held.push(t);
}
