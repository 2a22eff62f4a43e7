/**
 * The retrieval-fairness run (DESIGN.md, first protocol), written once for
 * the browser and the CLI: read the dataset's retrieval tasks and their
 * twins through the dataset port, have each model embed what it needs (or
 * score texts, for the lexical baselines), audit every subset through the
 * compute port, and assemble the results object.
 *
 * Embedding models embed one after another while the compute port audits
 * the models that are ready (run/pipeline.ts); each finished model's
 * results go to `onModelDone` at once, so an interrupted run resumes with
 * only the unfinished ones (`finished`).
 */
import type { GroupBy } from '../retrieval/index.ts';
import type { GroupTarget } from '../../metrics/groupFairness/index.ts';
import { auditModelJob, AUDIT_DEFAULTS, retrievalFairnessResults, UNJUDGED_REASON, loadRetrieval, selectTasks, BASELINE_DESCRIPTORS, type AuditOptions, type ModelAuditJob, type ModelScoring, type ScoredSubset, type ModelDescriptor, type ModelResult, type RetrievalFairnessResults, type SubsetResult, type LoadedRetrieval, type ScoreTable } from '../retrieval/index.ts';
import { importedRevision, matchRetrievalScores, filesLabel, importedVectorsDescriptor, matchVectorTable, runVectorItems, type ImportedScores, type ImportedVectors, type VectorItem, type VectorTable } from '../imported/index.ts';
import { asModel, throwIfCancelled } from './cancel.ts';
import { runPipelined } from './pipeline.ts';
import { AUDIT_MEMORY_BUDGET, auditBytes, lanesWhileEmbedding, type AuditFootprint } from './lanes.ts';
import { datasetIdentity, type DatasetPort } from '../common/index.ts';
import type { LoadReport, RunEnvironment, RunHooks, TextEmbedder } from './ports.ts';
import { etaOf, queryProgressMessage, type ModelRunProgress } from './progress.ts';

/** A model of a retrieval run: a lexical baseline, or an embedding model the adapter can open. */
export type RetrievalModelPort =
  | { readonly key: string; readonly kind: 'bm25' | 'tfidf' }
  | {
      readonly key: string;
      readonly kind: 'embedding';
      /** What the results call it; device and dtype are those that really ran. */
      readonly descriptor: Pick<ModelDescriptor, 'id' | 'label' | 'revision' | 'truncations'>;
      /** Loads the model (download, device choice); `report` shows loading progress. */
      open(report: LoadReport): Promise<TextEmbedder>;
    }
  | {
      readonly key: string;
      /** An outside system: its scores, imported from a file, stand in for a model's. */
      readonly kind: 'imported';
      readonly scores: ImportedScores;
    }
  | {
      readonly key: string;
      /** Embeddings computed elsewhere (.npy, safetensors or JSON Lines files), scored by cosine like an embedding model's. */
      readonly kind: 'vectors';
      readonly vectors: ImportedVectors;
      /** The vectors of the run's items by id (from the files, or from the embedding cache they were stored in); core matches them. */
      read(items: readonly VectorItem[]): Promise<VectorTable>;
    };

/** The compute port: audits one model on every subset (in a worker, or in-thread). */
export interface RetrievalCompute {
  /**
   * Audits one model on every subset: `onSubsetDone` after each subset, `onQueries` as the
   * queries of the current subset are scored (at most every ~100 ms; the last call has done = total).
   */
  auditModel(job: ModelAuditJob, onSubsetDone?: (done: number) => void, onQueries?: (subsetIndex: number, done: number, total: number) => void): ModelResult[] | Promise<ModelResult[]>;
}

/** The in-thread compute port (Node, tests). */
export const IN_THREAD_RETRIEVAL: RetrievalCompute = { auditModel: (job, onSubsetDone, onQueries) => auditModelJob(job, onSubsetDone, undefined, { onQueries }) };

export interface RetrievalRunPlan {
  /** Retrieval task names; each is audited with its twins tasks. */
  readonly tasks: readonly string[];
  readonly models: readonly RetrievalModelPort[];
  /** Cut-off k; the first task's first k (or 10) when undefined. */
  readonly k?: number;
  /**
   * Several cut-offs audited from the same scores (the CLI's `--k 5,10,20`), for
   * runRetrievalFairnessAtKs; each model is embedded once. Needs a compute port that keeps its
   * inputs (the in-thread one): the browser's worker port transfers the vectors.
   */
  readonly ks?: readonly number[];
  readonly bootstrap?: number;
  readonly seed?: number;
  /** The documents' grouping for group fairness (METRICS.md §12): the default (`meta.gender`, else the twins groups) when undefined, none when null. */
  readonly groupBy?: GroupBy | null;
  /** Its target distribution (default `pool`). */
  readonly groupTarget?: GroupTarget;
  readonly environment: RunEnvironment;
}

export interface RetrievalRunPorts {
  readonly dataset: DatasetPort;
  /** Where models are audited (in-thread by default); several: up to that many audits at a time, one per port (run/lanes.ts). A port starts its worker on first use. */
  readonly compute?: RetrievalCompute | readonly RetrievalCompute[];
  /** The machine's logical cores, when known: on few, an embedding holds a lane back (run/lanes.ts `lanesWhileEmbedding`). */
  readonly cores?: number;
}

/** The run's tasks, read: each task's data, and the flat list of subsets in order. */
interface LoadedRun {
  readonly tasks: readonly LoadedRetrieval[];
  readonly subsets: readonly ScoredSubset[];
  readonly corpusTexts: readonly string[];
  /** Twin texts per twins shard, each shard once. */
  readonly twinTexts: ReadonlyMap<string, readonly string[]>;
  /** The matched scores of each imported system, by model key. */
  readonly imported: ReadonlyMap<string, ScoreTable>;
  /** The matched vectors of each model whose embeddings were computed elsewhere, by model key. */
  readonly vectors: ReadonlyMap<string, ModelScoring>;
}

async function loadRun(dataset: DatasetPort, names: readonly string[], groupBy: GroupBy | null | undefined): Promise<LoadedRun> {
  const tasks: LoadedRetrieval[] = [];
  const subsets: ScoredSubset[] = [];
  const twinTexts = new Map<string, readonly string[]>();
  for (const name of names) {
    const data = await loadRetrieval(dataset.read, selectTasks(dataset.manifest, name), groupBy);
    for (const s of data.subsets) {
      subsets.push({ subset: s.subset, task: tasks.length, twinsShard: s.twinsShard });
      if (s.twinsShard && !twinTexts.has(s.twinsShard)) twinTexts.set(s.twinsShard, s.twinTexts);
    }
    tasks.push(data);
  }
  return { tasks, subsets, corpusTexts: tasks[0]?.corpusTexts ?? [], twinTexts, imported: new Map(), vectors: new Map() };
}

/** Embeds every text a model needs once (corpus, each task's queries, each twins shard), with progress over all of them. */
async function embedAll(embedder: TextEmbedder, run: LoadedRun, report: (p: ModelRunProgress) => void, signal?: AbortSignal) {
  const jobs: { texts: readonly string[]; role: 'query' | 'document' }[] = [
    { texts: run.corpusTexts, role: 'document' },
    ...run.tasks.map((t) => ({ texts: t.queryTexts, role: 'query' as const })),
    ...[...run.twinTexts.values()].map((texts) => ({ texts, role: 'document' as const })),
  ];
  const total = jobs.reduce((n, j) => n + j.texts.length, 0);
  const t0 = performance.now();
  let before = 0;
  let computed = 0;
  let cached = 0;
  let dim = 0;
  const outputs: Float32Array[] = [];
  for (const job of jobs) {
    const onDone = (done: number) => {
      const overall = before + done;
      report({ status: 'embedding', done: overall, total, etaSeconds: etaOf(overall, total, performance.now() - t0), device: embedder.device, dtype: embedder.dtype });
    };
    const r = await embedder.embed(job.texts, job.role, signal, onDone);
    outputs.push(r.vectors);
    dim = r.dims;
    computed += r.computed;
    cached += r.cached;
    before += job.texts.length;
  }
  const shards = [...run.twinTexts.keys()];
  const scoring: ModelScoring = {
    kind: 'dense',
    dim,
    corpus: outputs[0],
    queries: outputs.slice(1, 1 + run.tasks.length),
    twins: Object.fromEntries(shards.map((shard, i) => [shard, outputs[1 + run.tasks.length + i]])),
  };
  return { scoring, computed, cached, ms: performance.now() - t0 };
}

/** Characters of the texts a lexical model indexes: the corpus and every twins shard. */
function lexicalTextChars(run: LoadedRun): number {
  let chars = 0;
  for (const t of run.corpusTexts) chars += t.length;
  for (const texts of run.twinTexts.values()) for (const t of texts) chars += t.length;
  return chars;
}

/** What a model's audit holds (run/lanes.ts `auditBytes`), from its scoring inputs. */
function footprintOf(scoring: ModelScoring, documents: number, textChars: number): AuditFootprint {
  switch (scoring.kind) {
    case 'bm25':
    case 'tfidf':
      return { kind: scoring.kind, documents, textChars };
    case 'table': {
      let scores = 0;
      for (const row of scoring.scores.values()) scores += row.size;
      return { kind: 'table', documents, scores };
    }
    case 'dense': {
      let floats = scoring.corpus.length;
      for (const q of scoring.queries) floats += q.length;
      for (const t of Object.values(scoring.twins)) floats += t.length;
      return { kind: 'dense', documents, vectors: scoring.dim > 0 ? floats / scoring.dim : 0, dims: scoring.dim };
    }
  }
}

/** A model ready to audit: its job's inputs, and what its scoring progress says it ran on. */
interface ReadyModel {
  readonly model: ModelDescriptor;
  readonly timing: ModelAuditJob['timing'];
  readonly scoring: ModelScoring;
  readonly scoredOn: { readonly device?: string; readonly dtype?: string };
}

const NO_TIMING = { wallMs: 0, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 };

/** What a model needs before its audit: an embedding model embeds every text (then its model is let go); the others have it at hand. */
async function prepareModel(m: RetrievalModelPort, run: LoadedRun, hooks: RunHooks<readonly ModelResult[]>): Promise<ReadyModel> {
  const report = (p: ModelRunProgress) => hooks.onProgress?.(m.key, p);
  if (m.kind === 'vectors') return { model: importedVectorsDescriptor(m.vectors), timing: NO_TIMING, scoring: run.vectors.get(m.key)!, scoredOn: {} };
  if (m.kind === 'imported') {
    const model: ModelDescriptor = { id: `imported:${m.scores.name}`, label: m.scores.name, kind: 'imported', revision: importedRevision(m.scores), dtype: '-', device: '-' };
    return { model, timing: NO_TIMING, scoring: { kind: 'table', scores: run.imported.get(m.key)! }, scoredOn: {} };
  }
  if (m.kind !== 'embedding') {
    const scoring: ModelScoring = { kind: m.kind, corpus: run.corpusTexts, queries: run.tasks.map((t) => t.queryTexts), twins: Object.fromEntries(run.twinTexts) };
    return { model: { ...BASELINE_DESCRIPTORS[m.kind] }, timing: NO_TIMING, scoring, scoredOn: {} };
  }
  report({ status: 'loading', done: 0, total: 0 });
  const embedder = await m.open((p) => report({ status: 'loading', ...p }));
  try {
    const v = await embedAll(embedder, run, report, hooks.signal);
    throwIfCancelled(hooks.signal);
    const model: ModelDescriptor = { ...m.descriptor, kind: 'embedding', dtype: embedder.dtype, device: embedder.device };
    return { model, timing: { wallMs: v.ms, textsEmbedded: v.computed, textsCached: v.cached, textsPerSecond: 0 }, scoring: v.scoring, scoredOn: { device: embedder.device, dtype: embedder.dtype } };
  } finally {
    await embedder.dispose();
  }
}

/**
 * Audits a prepared model on every subset at every k, one k after the other. Progress is in
 * subsets, the current one counted by the share of its queries scored, with an ETA from the time
 * since scoring began.
 */
async function auditReady(key: string, ready: ReadyModel, run: LoadedRun, options: Required<AuditOptions>, ks: readonly number[], computePort: RetrievalCompute, hooks: RunHooks<readonly ModelResult[]>): Promise<ModelResult[][]> {
  const total = run.subsets.length * ks.length;
  const { scoredOn } = ready;
  hooks.onProgress?.(key, { status: 'scoring', done: 0, total, ...scoredOn });
  const out: ModelResult[][] = [];
  const t0 = performance.now();
  const at = (done: number) => ({ done, etaSeconds: etaOf(done, total, performance.now() - t0) });
  const job: ModelAuditJob = { subsets: run.subsets, model: ready.model, timing: ready.timing, scoring: ready.scoring, options };
  for (const [i, k] of ks.entries()) {
    const base = i * run.subsets.length;
    const onQueries = (s: number, done: number, of: number) => hooks.onProgress?.(key, { status: 'scoring', total, ...at(base + s + (of > 0 ? done / of : 1)), message: queryProgressMessage(run.subsets.map((x) => x.subset), s, done, of), ...scoredOn });
    const onSubsetDone = (done: number) => hooks.onProgress?.(key, { status: 'scoring', done: base + done, total, ...scoredOn });
    out.push(await computePort.auditModel({ ...job, options: { ...job.options, k } }, onSubsetDone, onQueries));
  }
  return out;
}

/**
 * Runs the retrieval-fairness audit and returns the results object (the
 * same in the browser and in Node but for timings and environment).
 * @throws {AuditInputError} for an unknown task or inconsistent records.
 * @throws {CancelledError} when `hooks.signal` aborts.
 */
export async function runRetrievalFairness(plan: RetrievalRunPlan, ports: RetrievalRunPorts, hooks: RunHooks<readonly ModelResult[]> = {}): Promise<RetrievalFairnessResults> {
  const [results] = await runAtKs({ ...plan, ks: undefined }, ports, hooks);
  return results;
}

/**
 * The audit at each cut-off of `plan.ks` (or `plan.k` alone), every model embedded or indexed
 * once: one results object per k, in the order given.
 * @throws {AuditInputError} for an unknown task or inconsistent records.
 * @throws {CancelledError} when `hooks.signal` aborts.
 * @example await runRetrievalFairnessAtKs({ tasks: ['briefs'], models, ks: [5, 10, 20], environment }, { dataset }) // three results objects
 */
export function runRetrievalFairnessAtKs(plan: RetrievalRunPlan, ports: RetrievalRunPorts, hooks: RunHooks<readonly ModelResult[]> = {}): Promise<RetrievalFairnessResults[]> {
  return runAtKs(plan, ports, hooks);
}

async function runAtKs(plan: RetrievalRunPlan, ports: RetrievalRunPorts, hooks: RunHooks<readonly ModelResult[]>): Promise<RetrievalFairnessResults[]> {
  const { dataset } = ports;
  const loaded = await loadRun(dataset, plan.tasks, plan.groupBy);
  // Imported scores are matched before any model runs: a bad file fails the run at once, naming its line.
  const identity = { id: dataset.manifest.id, version: dataset.manifest.version, manifestSha256: dataset.manifestSha256 };
  const imported = new Map<string, ScoreTable>();
  for (const m of plan.models) if (m.kind === 'imported') imported.set(m.key, matchRetrievalScores(m.scores, loaded.subsets.map((s) => s.subset), identity).table);
  const vectors = new Map<string, ModelScoring>();
  const needed = runVectorItems(loaded.tasks);
  for (const m of plan.models) if (m.kind === 'vectors') vectors.set(m.key, matchVectorTable(await m.read(needed.items), needed.ids, filesLabel(m.vectors.files)));
  const run: LoadedRun = { ...loaded, imported, vectors };
  const firstK = plan.tasks.length > 0 ? selectTasks(dataset.manifest, plan.tasks[0]).retrieval.k?.[0] : undefined;
  const k = plan.k ?? firstK ?? AUDIT_DEFAULTS.k;
  const ks = plan.ks && plan.ks.length > 0 ? [...plan.ks] : [k];
  const options: Required<AuditOptions> = { k: ks[0], bootstrap: plan.bootstrap ?? AUDIT_DEFAULTS.bootstrap, seed: plan.seed ?? AUDIT_DEFAULTS.seed, groupTarget: plan.groupTarget ?? 'pool' };
  /** perModel[model][k index] = the model's results per subset at that k. */
  const perModel: (readonly ModelResult[])[][] = new Array(plan.models.length);
  const todo: { readonly m: RetrievalModelPort; readonly index: number; readonly label: string }[] = [];
  plan.models.forEach((m, index) => {
    const done = hooks.finished?.[m.key];
    if (done && done.length === run.subsets.length && ks.length === 1) {
      perModel[index] = [done];
      hooks.onProgress?.(m.key, { status: 'done', done: 1, total: 1, device: done[0]?.model.device, dtype: done[0]?.model.dtype });
      return;
    }
    const label = m.kind === 'embedding' ? m.descriptor.label : m.kind === 'imported' ? m.scores.name : m.kind === 'vectors' ? m.vectors.name : BASELINE_DESCRIPTORS[m.kind].label;
    todo.push({ m, index, label });
  });
  throwIfCancelled(hooks.signal);
  // Embedding models embed one after another while the compute lanes audit whatever is ready (core/audit/run/pipeline.ts).
  const offered: readonly RetrievalCompute[] = ports.compute === undefined ? [IN_THREAD_RETRIEVAL] : 'auditModel' in ports.compute ? [ports.compute] : ports.compute;
  const lanes = offered;
  const textChars = lexicalTextChars(run);
  await runPipelined(
    todo.map(({ m, label }) => ({
      needsDevice: m.kind === 'embedding',
      prepare: () => asModel(m.key, label, () => prepareModel(m, run, hooks)),
      bytes: (ready: ReadyModel) => auditBytes(footprintOf(ready.scoring, run.corpusTexts.length, textChars)),
    })),
    lanes.length,
    async (ready, j, lane) => {
      const { m, index, label } = todo[j];
      const atKs = await asModel(m.key, label, () => auditReady(m.key, ready, run, options, ks, lanes[lane], hooks));
      perModel[index] = atKs;
      await hooks.onModelDone?.(m.key, atKs[0]);
      hooks.onProgress?.(m.key, { status: 'done', done: 1, total: 1, device: atKs[0][0]?.model.device, dtype: atKs[0][0]?.model.dtype });
    },
    hooks.signal,
    lanesWhileEmbedding(lanes.length, ports.cores),
    AUDIT_MEMORY_BUDGET,
  );
  const createdAt = new Date().toISOString();
  return ks.map((kAt, j) => {
    const subsets: SubsetResult[] = run.subsets.map((s, i) => ({
      task: s.subset.task,
      twinsTask: s.subset.twinsTask,
      groups: [s.subset.groups[0], s.subset.groups[1]],
      ...(s.subset.qrels === undefined ? { unjudged: UNJUDGED_REASON } : {}),
      models: perModel.map((r) => r[j][i]),
    }));
    return retrievalFairnessResults(
      {
        dataset: datasetIdentity(dataset),
        relevanceThreshold: run.subsets[0]?.subset.relevanceThreshold ?? 1,
        options: { ...options, k: kAt },
        createdAt,
        environment: { ...plan.environment },
      },
      subsets,
    );
  });
}
