/**
 * Runs a decision-model screening audit in the browser: reads the screening
 * task from IndexedDB (core/audit/screeningData.ts, the loader the CLI
 * uses), scores every (job, CV) original T times and every variant once with
 * each model — DecisionRunner in the decide worker (WebGPU → WASM fallback),
 * or calibrated similarity (EmbeddingRunner + a logistic fit on the tune
 * split, scored once: deterministic by construction) — and has the compute
 * worker run the audit (core/audit/screeningAudit.ts). Models run one after
 * another; each finished model's scores are handed back at once, so a reload
 * resumes with only the unfinished models.
 */
import type * as Comlink from 'comlink';
import type { ComputeApi } from '../../../workers/compute.worker.ts';
import { loadScreening, screeningTunePairs, selectScreeningTask, type LoadedScreening } from '../../core/audit/screeningData.ts';
import { screeningWorkList, type ScreeningModelScores, type ScreeningWorkList } from '../../core/audit/screeningInput.ts';
import type { ScreeningModelDescriptor, ScreeningResults } from '../../core/audit/screeningResults.ts';
import type { ShardKind } from '../../core/formats/manifest.ts';
import type { RecordOfKind } from '../../core/formats/records.ts';
import { CalibratedSimilarity } from '../../models/calibratedSimilarity.ts';
import { DecisionRunner, type DecisionProgress } from '../../models/decisionRunner.ts';
import { scoreScreening, type ScreeningScorer } from '../../models/decisionScreening.ts';
import type { DeviceProbe } from '../../models/device.ts';
import { CancelledError, EmbeddingRunner, type VectorCache } from '../../models/embeddingRunner.ts';
import type { ModelProgress } from '../../models/loadProgress.ts';
import { getDataset, readShard, type FairgroundDb } from '../../storage/index.ts';
import { formatDuration } from '../format.ts';
import type { ModelRunProgress } from './retrievalRun.ts';
import { screeningDescriptor, screeningModelKey, type ScreeningRunConfig, type ScreeningRunModel } from './screeningConfig.ts';

/** The results of a screening run: ScreeningResults with the sample recorded among the parameters (as the CLI prints). */
export type ScreeningRunResults = ScreeningResults & {
  readonly parameters: ScreeningResults['parameters'] & { readonly sample: ScreeningRunConfig['sample'] | null };
};

export interface ScreeningRunDeps {
  readonly db: FairgroundDb;
  readonly probe: DeviceProbe;
  readonly compute: Comlink.Remote<ComputeApi>;
  readonly cache?: VectorCache;
}

export interface ScreeningRunHooks {
  readonly signal?: AbortSignal;
  readonly onProgress?: (modelKey: string, p: ModelRunProgress) => void;
  /** A model finished: its scores (kept in the run so a reload need not score it again). */
  readonly onModelDone?: (modelKey: string, scores: ScreeningModelScores) => void | Promise<void>;
  /** Scores of models finished before (a resumed run); they are not scored again. */
  readonly finished?: Readonly<Record<string, ScreeningModelScores>>;
}

/**
 * Wraps a scorer to report progress over all of a model's passes: T runs of
 * the originals, then the variants, with an ETA from the pairs per second so far.
 */
function progressOf(work: ScreeningWorkList, runs: number, report: (p: ModelRunProgress) => void) {
  const total = work.originals.length * runs + work.variants.length;
  let offset = 0;
  let phase = '';
  let t0 = 0;
  let device: string | undefined;
  let dtype: string | undefined;
  const batch = (done: number) => {
    const overall = offset + done;
    const elapsed = (performance.now() - t0) / 1000;
    const eta = overall > 0 && elapsed > 0 ? ((total - overall) * elapsed) / overall : undefined;
    report({ status: 'scoring', done: overall, total, device, dtype, etaSeconds: eta, message: `${phase}${eta !== undefined ? ` · ${formatDuration(eta)} left` : ''}` });
  };
  return {
    total,
    setDevice(d: string, t: string) {
      device = d;
      dtype = t;
    },
    /** Marks the start of the originals' run `run` (1-based) of `of`. */
    run(run: number, of: number) {
      if (t0 === 0) t0 = performance.now();
      offset = (run - 1) * work.originals.length;
      phase = `run ${run}/${of} of the originals`;
      batch(0);
    },
    variants() {
      if (t0 === 0) t0 = performance.now();
      offset = work.originals.length * runs;
      phase = 'variants';
      batch(0);
    },
    batch,
    wrap(scorer: ScreeningScorer, runsReported: boolean): ScreeningScorer {
      return {
        scoreRuns: (pairs, n, signal) => {
          if (!runsReported) this.run(1, 1);
          return scorer.scoreRuns(pairs, n, signal);
        },
        score: (pairs, signal) => {
          this.variants();
          return scorer.score(pairs, signal);
        },
      };
    },
  };
}

async function scoreModel(m: ScreeningRunModel, config: ScreeningRunConfig, data: LoadedScreening, work: ScreeningWorkList, deps: ScreeningRunDeps, hooks: ScreeningRunHooks): Promise<ScreeningModelScores> {
  const key = screeningModelKey(m);
  const report = (p: ModelRunProgress) => hooks.onProgress?.(key, p);
  const loading = (p: ModelProgress) => {
    if (p.status === 'progress') report({ status: 'loading', done: p.loaded, total: p.total, message: `downloading ${Math.round(p.percent)}%` });
    if (p.status === 'fallback') report({ status: 'loading', done: 0, total: 0, message: `falling back to WASM: ${p.reason}` });
  };
  const descriptor = screeningDescriptor(m) as ScreeningModelDescriptor;
  const override = { device: config.device, dtype: config.dtype };
  report({ status: 'loading', done: 0, total: 0 });

  if (m.kind === 'calibrated') {
    // Deterministic by construction: one pass, whatever T (docs/screening.md §1).
    const progress = progressOf(work, 1, report);
    const runner = new EmbeddingRunner({
      entry: m.entry,
      source: m.source,
      probe: deps.probe,
      override,
      cache: deps.cache,
      onProgress: (p) => {
        loading(p);
        if (p.status === 'ready') progress.setDevice(p.device, p.dtype);
        if (p.status === 'batch') report({ status: 'embedding', done: p.done, total: p.total, device: runner.device, dtype: runner.dtype, etaSeconds: p.etaSeconds });
      },
    });
    try {
      await runner.load();
      report({ status: 'embedding', done: 0, total: 0, device: runner.device, dtype: runner.dtype, message: 'calibrating on the tune split' });
      const model = new CalibratedSimilarity(runner);
      await model.fit(screeningTunePairs(data), hooks.signal);
      return await scoreScreening(progress.wrap(model, false), descriptor, work, data.texts, config.runs, hooks.signal);
    } finally {
      runner.dispose();
    }
  }

  const progress = progressOf(work, config.runs, report);
  const runner = new DecisionRunner({
    entry: m.entry,
    source: m.source,
    probe: deps.probe,
    override,
    onProgress: (p: DecisionProgress) => {
      if (p.status === 'run') progress.run(p.run, p.runs);
      else if (p.status === 'batch') progress.batch(p.done);
      else {
        loading(p);
        if (p.status === 'ready') progress.setDevice(p.device, p.dtype);
      }
    },
  });
  try {
    await runner.load();
    return await scoreScreening(progress.wrap(runner, true), descriptor, work, data.texts, config.runs, hooks.signal);
  } finally {
    runner.dispose();
  }
}

/** Structured-clone-safe copy of a model's scores (what the runs store and the compute worker receive). */
function plain(s: ScreeningModelScores): ScreeningModelScores {
  return {
    model: { ...s.model },
    runs: s.runs.map((r) => Float64Array.from(r)),
    variants: Float64Array.from(s.variants),
    deterministicByConstruction: s.deterministicByConstruction,
    latency: { callsMs: Float64Array.from(s.latency.callsMs), pairs: s.latency.pairs },
  };
}

/**
 * Runs the audit and returns the results object (the same shape as
 * `fairground run` on a screening task). @throws {CancelledError} when the signal aborts.
 */
export async function runScreeningAudit(config: ScreeningRunConfig, deps: ScreeningRunDeps, hooks: ScreeningRunHooks = {}): Promise<ScreeningRunResults> {
  const entry = await getDataset(deps.db, config.datasetId);
  if (!entry || entry.status.state !== 'ready') throw new Error(`dataset "${config.datasetId}" is not imported; import it in Datasets first`);
  const read = async <K extends ShardKind>(name: string, _kind: K) => (await readShard(deps.db, config.datasetId, name)).map((r) => r.data) as RecordOfKind[K][];
  const data = await loadScreening(read, selectScreeningTask(entry.manifest, config.task), config.sample);
  const work = screeningWorkList(data.parts);
  const scores: ScreeningModelScores[] = [];
  for (const m of config.models) {
    const key = screeningModelKey(m);
    const done = hooks.finished?.[key];
    if (done && done.variants.length === work.variants.length && done.runs[0]?.length === work.originals.length) {
      scores.push(done);
      hooks.onProgress?.(key, { status: 'done', done: 1, total: 1, device: done.model.device, dtype: done.model.dtype });
      continue;
    }
    if (hooks.signal?.aborted) throw new CancelledError();
    const s = plain(await scoreModel(m, config, data, work, deps, hooks));
    scores.push(s);
    await hooks.onModelDone?.(key, s);
    hooks.onProgress?.(key, { status: 'done', done: 1, total: 1, device: s.model.device, dtype: s.model.dtype });
  }
  if (hooks.signal?.aborted) throw new CancelledError();
  const results = await deps.compute.screeningAudit(
    data.parts,
    scores,
    { reference: data.reference, referenceModel: config.referenceModel, bootstrap: config.bootstrap, seed: config.seed, splits: data.splits },
    {
      dataset: { id: entry.manifest.id, version: entry.manifest.version, manifestSha256: entry.status.manifestSha256 },
      task: data.task.name,
      runs: config.runs,
      createdAt: new Date().toISOString(),
      environment: { runtime: 'browser', userAgent: navigator.userAgent },
    },
  );
  return { ...results, parameters: { ...results.parameters, sample: config.sample ?? null } };
}
