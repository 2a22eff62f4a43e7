/**
 * One model's retrieval-fairness audit over every subset of a run: its
 * scores made from vectors (dense) or from texts (the lexical baselines),
 * each subset's scoring timed, then audited (auditSubset). The compute
 * worker runs it off the main thread; Node runs it in-thread.
 *
 * Each input is sent once per model: the corpus vectors serve every subset,
 * and an adapter may transfer the buffers to a worker (they are not used
 * after the call).
 */
import type { AuditOptions, AuditSubset, QueryScorer, QueryScores, ScoreTable } from './input.ts';
import { refinedBlockScorer, type DenseDotPort, type RefineStats } from './denseRefine.ts';
import { DENSE_DEVICE_MIN_MULTIPLY_ADDS, denseMultiplyAdds } from './denseDevice.ts';
import type { ModelDescriptor, ModelResult, ModelTiming } from './results.ts';
import { auditSubset, auditSubsetInBlocks } from './audit.ts';
import { bm25Scorer, DENSE_BLOCK, denseBlockScorer, denseScorer, tfidfScorer, timedScorer, type SubsetVectors } from './scoring.ts';

/** How a model's scores are made, for every subset of a run at once. */
export type ModelScoring =
  | {
      readonly kind: 'dense';
      readonly dim: number;
      readonly corpus: Float32Array;
      /** Query vectors per task of the run, in task order. */
      readonly queries: readonly Float32Array[];
      /** Twin vectors per twins shard. */
      readonly twins: Readonly<Record<string, Float32Array>>;
    }
  | {
      readonly kind: 'bm25' | 'tfidf';
      readonly corpus: readonly string[];
      readonly queries: readonly (readonly string[])[];
      readonly twins: Readonly<Record<string, readonly string[]>>;
    }
  | {
      /** An outside system's scores by query, then document or twin (matched by imported/retrievalScores.ts). */
      readonly kind: 'table';
      readonly scores: ScoreTable;
    };

/** One subset of the run and where its texts or vectors are in ModelScoring. */
export interface ScoredSubset {
  readonly subset: AuditSubset;
  /** Index of the subset's task in ModelScoring.queries. */
  readonly task: number;
  /** Key of its twins in ModelScoring.twins ('' without twins). */
  readonly twinsShard: string;
}

/** Sees each subset's scores once they are computed (in-thread callers: the CLI's --write-run, --per-query). */
export type ScoresObserver = (subsetIndex: number, score: QueryScorer) => void;

/** One model to audit on every subset. */
export interface ModelAuditJob {
  readonly subsets: readonly ScoredSubset[];
  readonly model: ModelDescriptor;
  /** Time spent before scoring (embedding) and the texts it covered; each subset's scoring time is added. */
  readonly timing: ModelTiming;
  readonly scoring: ModelScoring;
  readonly options: AuditOptions;
}

/**
 * The scores of a table. A corpus document the system did not return for a
 * query ranks after every one it did: it gets a score one below the query's
 * lowest (the audit takes finite scores only), so unreturned documents tie
 * with each other and fall to the tie rule (identifier), as unretrieved
 * documents do in trec_eval.
 */
function tableScorer(scores: ScoreTable, subset: AuditSubset): QueryScorer {
  // One pair of rows written again for each query (a scorer's rows are valid until its next call: scoring.ts).
  const corpus = new Float64Array(subset.corpus.length);
  const twins = new Float64Array(subset.twins.length);
  return (q) => {
    const row = scores.get(subset.queries[q].id);
    let lowest = Infinity;
    if (row) for (const v of row.values()) lowest = Math.min(lowest, v);
    const unreturned = Number.isFinite(lowest) ? lowest - 1 : 0;
    const at = (id: string) => row?.get(id) ?? unreturned;
    for (let i = 0; i < corpus.length; i++) corpus[i] = at(subset.corpus[i].id);
    for (let i = 0; i < twins.length; i++) twins[i] = at(subset.twins[i].twinId);
    return { corpus, twins };
  };
}

/** The corpus rows that are an original of a twin (their scores are read as values). */
function originalsOf(subset: AuditSubset): Uint8Array {
  const index = new Map(subset.corpus.map((d, i) => [d.id, i]));
  const marks = new Uint8Array(subset.corpus.length);
  for (const t of subset.twins) {
    const i = index.get(t.id);
    if (i !== undefined) marks[i] = 1;
  }
  return marks;
}

/** A dense model's vectors for one subset. */
function denseVectors(scoring: Extract<ModelScoring, { kind: 'dense' }>, s: ScoredSubset): SubsetVectors {
  return { queries: scoring.queries[s.task], corpus: scoring.corpus, twins: scoring.twins[s.twinsShard] ?? new Float32Array(0) };
}

/** A subset's scorer; a lexical model's holds an index, given back by `release`. */
function scorerOf(scoring: ModelScoring, s: ScoredSubset): QueryScorer & { readonly release?: () => void } {
  if (scoring.kind === 'table') return tableScorer(scoring.scores, s.subset);
  if (scoring.kind === 'dense') return denseScorer(denseVectors(scoring, s), scoring.dim);
  const texts = { queries: scoring.queries[s.task], corpus: scoring.corpus, twins: scoring.twins[s.twinsShard] ?? [] };
  return scoring.kind === 'bm25' ? bm25Scorer(texts) : tfidfScorer(texts);
}

/**
 * Whether a job has a dense subset large enough to be scored on a device (denseDevice.ts), so that
 * the compute worker opens its WebGPU device only then.
 */
export function wantsDenseDevice(job: Pick<ModelAuditJob, 'scoring' | 'subsets'>): boolean {
  const { scoring } = job;
  return scoring.kind === 'dense' && job.subsets.some((s) => denseMultiplyAdds(denseVectors(scoring, s), scoring.dim) >= DENSE_DEVICE_MIN_MULTIPLY_ADDS);
}

/** What a caller of auditModelJob may watch and stop, beyond subsets done. */
export interface ModelAuditControl {
  /** Checked between query blocks of a dense model. */
  readonly signal?: AbortSignal;
  /**
   * A device that multiplies in float32 (the compute worker's WebGPU): a dense model's scores are
   * then its dot products refined to the CPU path's ranks and values (denseRefine.ts); `refined`
   * counts what the CPU scored exactly.
   */
  readonly denseDots?: DenseDotPort;
  /** The least multiply-adds a subset needs for `denseDots` (DENSE_DEVICE_MIN_MULTIPLY_ADDS; tests of the device path give 0). */
  readonly denseDeviceFrom?: number;
  readonly refined?: RefineStats;
  /** Queries of the current subset scored so far (dense models, after each block). */
  readonly onQueries?: (subsetIndex: number, done: number, total: number) => void;
  /**
   * Awaited between query blocks (every query of a lexical model): a worker gives its event loop a
   * task there, so that what its collector has found dead is freed during a long audit (a
   * message's serialized copy is freed by a task of the worker's own, not by the collection).
   */
  readonly pause?: () => Promise<void> | void;
}

/**
 * Audits one model on every subset, in subset order. A subset's
 * `timing.wallMs` is the job's time plus that subset's scoring (for the
 * lexical baselines, their whole test time, and every text of the subset
 * counts as embedded); textsPerSecond covers embedded and cached texts.
 * A dense model is scored DENSE_BLOCK queries at a time (denseBlockScorer:
 * the same scores as one query at a time); the others query by query.
 * @example await auditModelJob({ subsets, model, timing, scoring: { kind: 'bm25', corpus, queries, twins }, options: { k: 10 } })
 */
export async function auditModelJob(job: ModelAuditJob, onSubsetDone?: (done: number) => void, observe?: ScoresObserver, control: ModelAuditControl = {}): Promise<ModelResult[]> {
  const out: ModelResult[] = [];
  for (const [i, s] of job.subsets.entries()) {
    // At most one report per 100 ms (a worker posts each), and the last.
    let reported = -Infinity;
    const onQueries =
      control.onQueries &&
      ((done: number, total: number) => {
        const now = performance.now();
        if (done < total && now - reported < 100) return;
        reported = now;
        control.onQueries!(i, done, total);
      });
    // Streamed: each query's scores are made when the audit asks for them and dropped after its
    // metrics (memory O(corpus + twins), not queries × corpus); the scorer's own time is the test time.
    // A dense model is scored by blocks below; its per-query scorer is made only for an observer (the CLI's exports).
    const t0 = performance.now();
    const scorer = job.scoring.kind === 'dense' ? undefined : scorerOf(job.scoring, s);
    const indexMs = performance.now() - t0;
    let scoringMs: number;
    let result: ModelResult;
    if (job.scoring.kind === 'dense') {
      const vectors = denseVectors(job.scoring, s);
      const t = performance.now();
      const cpu = denseBlockScorer(vectors, job.scoring.dim);
      // A device that fails (lost, out of memory) leaves the rest of the queries to the CPU: the same scores.
      // A device only where the subset's product is large enough to pay for it (denseDevice.ts).
      const onDevice = control.denseDots && denseMultiplyAdds(vectors, job.scoring.dim) >= (control.denseDeviceFrom ?? DENSE_DEVICE_MIN_MULTIPLY_ADDS) ? control.denseDots : undefined;
      let device = onDevice && (await refinedBlockScorer(vectors, job.scoring.dim, onDevice, originalsOf(s.subset), control.refined).catch(() => undefined));
      let ms = performance.now() - t;
      const scoreBlock = async (qs: Int32Array) => {
        await control.pause?.();
        const t = performance.now();
        let rows: QueryScores[] | undefined;
        if (device) {
          rows = await device.scoreBlock(qs).catch(() => undefined);
          if (!rows) {
            device.dispose();
            device = undefined;
          }
        }
        rows ??= cpu(qs);
        ms += performance.now() - t;
        return rows;
      };
      const audited = await auditSubsetInBlocks(s.subset, { model: job.model, timing: job.timing, scoreBlock, blockSize: DENSE_BLOCK }, job.options, { signal: control.signal, onQueries }).finally(() => (device?.dispose(), cpu.release()));
      result = audited.models[0];
      scoringMs = ms;
    } else {
      const timed = timedScorer(scorer!);
      const { pause } = control;
      // With a pause: a query a block, the event loop given a task between them; the same values as auditSubset's.
      const scoreBlock = async (qs: Int32Array) => {
        await pause?.();
        return Array.from(qs, (q) => timed.score(q));
      };
      result = pause
        ? (await auditSubsetInBlocks(s.subset, { model: job.model, timing: job.timing, scoreBlock, blockSize: 1 }, job.options, { signal: control.signal, onQueries })).models[0]
        : auditSubset(s.subset, [{ model: job.model, timing: job.timing, score: timed.score }], job.options, onQueries).models[0];
      scoringMs = timed.ms();
    }
    observe?.(i, scorer ?? scorerOf(job.scoring, s));
    // A lexical model's index is given back now, not at the worker's next full collection (core/release.ts).
    scorer?.release?.();
    const wallMs = job.timing.wallMs + indexMs + scoringMs;
    // A lexical baseline "embeds" (indexes) every text of the subset, each time.
    const textsEmbedded = job.scoring.kind === 'bm25' || job.scoring.kind === 'tfidf' ? s.subset.queries.length + s.subset.corpus.length + s.subset.twins.length : job.timing.textsEmbedded;
    const texts = textsEmbedded + job.timing.textsCached;
    const timing = { ...job.timing, wallMs, textsEmbedded, textsPerSecond: wallMs > 0 ? texts / (wallMs / 1000) : 0 };
    onSubsetDone?.(i + 1);
    out.push({ ...result, timing });
  }
  return out;
}
