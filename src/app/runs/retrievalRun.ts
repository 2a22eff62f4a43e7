/**
 * Runs a retrieval-fairness audit in the browser: reads the dataset from
 * IndexedDB, embeds with each model in its worker (cache first), and has the
 * compute worker score and audit each model. Models run one after another;
 * each finished model's results are handed back at once, so a reload can
 * resume with only the unfinished models (whose vectors are mostly cached).
 */
import type * as Comlink from 'comlink';
import type { ComputeApi, ScoringInput } from '../../../workers/compute.worker.ts';
import { loadRetrieval, selectTasks, type LoadedRetrieval } from '../../core/audit/retrievalData.ts';
import { retrievalFairnessResults } from '../../core/audit/retrievalFairness.ts';
import { BASELINE_DESCRIPTORS } from '../../core/audit/scoring.ts';
import type { ModelDescriptor, ModelResult, RetrievalFairnessResults, SubsetResult } from '../../core/audit/results.ts';
import type { ShardKind } from '../../core/formats/manifest.ts';
import type { RecordOfKind } from '../../core/formats/records.ts';
import type { DeviceProbe } from '../../models/device.ts';
import { CancelledError, EmbeddingRunner, type VectorCache } from '../../models/embeddingRunner.ts';
import type { ModelProgress } from '../../models/loadProgress.ts';
import { getDataset, readShard, type FairgroundDb } from '../../storage/index.ts';
import { runModelKey, type RetrievalRunConfig, type RunModel } from './runConfig.ts';

/** Where one model of a run stands, for run-progress. */
export interface ModelRunProgress {
  readonly status: 'waiting' | 'loading' | 'embedding' | 'scoring' | 'done' | 'failed' | 'cancelled';
  readonly done: number;
  readonly total: number;
  readonly etaSeconds?: number;
  readonly device?: string;
  readonly dtype?: string;
  readonly message?: string;
}

export interface RetrievalRunDeps {
  readonly db: FairgroundDb;
  readonly probe: DeviceProbe;
  readonly compute: Comlink.Remote<ComputeApi>;
  readonly cache?: VectorCache;
}

export interface RetrievalRunHooks {
  readonly signal?: AbortSignal;
  readonly onProgress?: (modelKey: string, p: ModelRunProgress) => void;
  /** A model finished: its result per subset, in subset order. */
  readonly onModelDone?: (modelKey: string, results: ModelResult[]) => void | Promise<void>;
  /** Results of models finished before (a resumed run); they are not run again. */
  readonly finished?: Readonly<Record<string, readonly ModelResult[]>>;
}

interface Loaded {
  readonly tasks: { readonly data: LoadedRetrieval; readonly subsetOffset: number }[];
  readonly subsets: LoadedRetrieval['subsets'][number][];
  readonly corpusTexts: readonly string[];
}

async function loadTasks(db: FairgroundDb, config: RetrievalRunConfig, manifest: Parameters<typeof selectTasks>[0]): Promise<Loaded> {
  const read = async <K extends ShardKind>(name: string, _kind: K) => (await readShard(db, config.datasetId, name)).map((r) => r.data) as RecordOfKind[K][];
  const tasks: Loaded['tasks'] = [];
  const subsets: Loaded['subsets'] = [];
  for (const name of config.tasks) {
    const data = await loadRetrieval(read, selectTasks(manifest, name));
    tasks.push({ data, subsetOffset: subsets.length });
    subsets.push(...data.subsets);
  }
  return { tasks, subsets, corpusTexts: tasks[0]?.data.corpusTexts ?? [] };
}

function flat(vectors: readonly Float32Array[], dim: number): Float32Array {
  const out = new Float32Array(vectors.length * dim);
  vectors.forEach((v, i) => out.set(v, i * dim));
  return out;
}

/** Texts embedded so far and in all, across the jobs of one model; the runner's batch events add to it. */
interface EmbedTally {
  before: number;
  total: number;
  readonly t0: number;
}

/** Embeds every text a model needs once (corpus, each task's queries, each twins shard), with progress over all of them. */
async function embedAll(runner: EmbeddingRunner, loaded: Loaded, hooks: RetrievalRunHooks, tally: EmbedTally) {
  const queryTexts = loaded.tasks.map((t) => t.data.queryTexts);
  const twinShards = new Map<string, readonly string[]>();
  for (const s of loaded.subsets) if (s.twinsShard && !twinShards.has(s.twinsShard)) twinShards.set(s.twinsShard, s.twinTexts);
  const jobs: { texts: readonly string[]; role: 'query' | 'document' }[] = [
    { texts: loaded.corpusTexts, role: 'document' },
    ...queryTexts.map((texts) => ({ texts, role: 'query' as const })),
    ...[...twinShards.values()].map((texts) => ({ texts, role: 'document' as const })),
  ];
  tally.total = jobs.reduce((n, j) => n + j.texts.length, 0);
  let computed = 0;
  let cached = 0;
  const outputs: Float32Array[][] = [];
  let dim = 0;
  for (const job of jobs) {
    const r = await runner.embed(job.texts, job.role, hooks.signal);
    outputs.push(r.vectors);
    dim = r.dims;
    computed += r.computed;
    cached += r.cached;
    tally.before += job.texts.length;
  }
  const corpus = flat(outputs[0], dim);
  const queries = outputs.slice(1, 1 + queryTexts.length).map((v) => flat(v, dim));
  const twinsByShard = new Map([...twinShards.keys()].map((shard, i) => [shard, flat(outputs[1 + queryTexts.length + i], dim)]));
  return { corpus, queries, twinsByShard, dim, computed, cached };
}

async function runModel(m: RunModel, config: RetrievalRunConfig, loaded: Loaded, deps: RetrievalRunDeps, hooks: RetrievalRunHooks): Promise<ModelResult[]> {
  const key = runModelKey(m);
  const report = (p: ModelRunProgress) => hooks.onProgress?.(key, p);
  const options = { k: config.k, bootstrap: config.bootstrap, seed: config.seed };
  const t0 = performance.now();
  if (m.kind !== 'embedding') {
    report({ status: 'scoring', done: 0, total: loaded.subsets.length });
    const descriptor: ModelDescriptor = { ...BASELINE_DESCRIPTORS[m.kind] };
    const out: ModelResult[] = [];
    for (const [ti, t] of loaded.tasks.entries()) {
      for (const s of t.data.subsets) {
        if (hooks.signal?.aborted) throw new CancelledError();
        const scoring: ScoringInput = { kind: m.kind, texts: { queries: loaded.tasks[ti].data.queryTexts, corpus: loaded.corpusTexts, twins: s.twinTexts } };
        const n = loaded.tasks[ti].data.queryTexts.length + loaded.corpusTexts.length + s.twinTexts.length;
        out.push(await deps.compute.auditModel(s.subset, descriptor, { wallMs: 0, textsEmbedded: n, textsCached: 0, textsPerSecond: 0 }, scoring, options));
        report({ status: 'scoring', done: out.length, total: loaded.subsets.length });
      }
    }
    return out;
  }
  report({ status: 'loading', done: 0, total: 0 });
  const tally: EmbedTally = { before: 0, total: 0, t0: performance.now() };
  const runner = new EmbeddingRunner({
    entry: m.entry,
    source: m.source,
    probe: deps.probe,
    override: { device: config.device, dtype: config.dtype },
    cache: deps.cache,
    onProgress: (p: ModelProgress) => {
      if (p.status === 'progress') report({ status: 'loading', done: p.loaded, total: p.total, message: `downloading ${Math.round(p.percent)}%` });
      if (p.status === 'fallback') report({ status: 'loading', done: 0, total: 0, message: `falling back to WASM: ${p.reason}` });
      if (p.status === 'batch') {
        const done = tally.before + p.cached + p.done;
        const elapsed = performance.now() - tally.t0;
        const etaSeconds = done > 0 ? ((tally.total - done) * elapsed) / done / 1000 : undefined;
        report({ status: 'embedding', done, total: tally.total, etaSeconds, device: runner.device, dtype: runner.dtype });
      }
    },
  });
  try {
    await runner.load();
    const v = await embedAll(runner, loaded, hooks, tally);
    const embedMs = performance.now() - t0;
    const descriptor: ModelDescriptor = {
      id: m.entry.id,
      label: m.entry.label,
      kind: 'embedding',
      revision: m.source.kind === 'hub' ? m.source.revision : m.entry.revision,
      dtype: runner.dtype,
      device: runner.device,
    };
    report({ status: 'scoring', done: 0, total: loaded.subsets.length, device: runner.device, dtype: runner.dtype });
    const out: ModelResult[] = [];
    for (const [ti, t] of loaded.tasks.entries()) {
      for (const s of t.data.subsets) {
        if (hooks.signal?.aborted) throw new CancelledError();
        const scoring: ScoringInput = { kind: 'dense', dim: v.dim, vectors: { queries: v.queries[ti], corpus: v.corpus, twins: v.twinsByShard.get(s.twinsShard) ?? new Float32Array(0) } };
        const timing = { wallMs: embedMs, textsEmbedded: v.computed, textsCached: v.cached, textsPerSecond: 0 };
        out.push(await deps.compute.auditModel(s.subset, descriptor, timing, scoring, options));
        report({ status: 'scoring', done: out.length, total: loaded.subsets.length, device: runner.device, dtype: runner.dtype });
      }
    }
    return out;
  } finally {
    runner.dispose();
  }
}

/**
 * Runs the audit and returns the results object (the same shape as
 * `fairground run`). @throws {CancelledError} when the signal aborts.
 */
export async function runRetrievalAudit(config: RetrievalRunConfig, deps: RetrievalRunDeps, hooks: RetrievalRunHooks = {}): Promise<RetrievalFairnessResults> {
  const entry = await getDataset(deps.db, config.datasetId);
  if (!entry || entry.status.state !== 'ready') throw new Error(`dataset "${config.datasetId}" is not imported; import it in Datasets first`);
  const loaded = await loadTasks(deps.db, config, entry.manifest);
  const perModel: ModelResult[][] = [];
  for (const m of config.models) {
    const key = runModelKey(m);
    const done = hooks.finished?.[key];
    if (done && done.length === loaded.subsets.length) {
      perModel.push([...done]);
      hooks.onProgress?.(key, { status: 'done', done: 1, total: 1, device: done[0]?.model.device, dtype: done[0]?.model.dtype });
      continue;
    }
    if (hooks.signal?.aborted) throw new CancelledError();
    const results = await runModel(m, config, loaded, deps, hooks);
    perModel.push(results);
    await hooks.onModelDone?.(key, results);
    hooks.onProgress?.(key, { status: 'done', done: 1, total: 1, device: results[0]?.model.device, dtype: results[0]?.model.dtype });
  }
  const subsets: SubsetResult[] = loaded.subsets.map((s, i) => ({
    task: s.subset.task,
    twinsTask: s.subset.twinsTask,
    groups: [s.subset.groups[0], s.subset.groups[1]],
    models: perModel.map((r) => r[i]),
  }));
  return retrievalFairnessResults(
    {
      dataset: { id: entry.manifest.id, version: entry.manifest.version, manifestSha256: entry.status.manifestSha256 },
      relevanceThreshold: loaded.subsets[0]?.subset.relevanceThreshold ?? 1,
      options: { k: config.k, bootstrap: config.bootstrap, seed: config.seed },
      createdAt: new Date().toISOString(),
      environment: { runtime: 'browser', userAgent: globalThis.navigator?.userAgent },
    },
    subsets,
  );
}
