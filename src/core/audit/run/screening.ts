/**
 * The decision-model screening run (DESIGN.md, second protocol), written
 * once for the browser and the CLI: read the screening task through the
 * dataset port, score every (job, CV) original T times and every variant
 * once with each model — a decision model the adapter opens, or calibrated
 * similarity over an embedding model (a logistic fit on the tune split,
 * scored once: deterministic by construction) — then audit all models
 * through the compute port (core/audit/screening/audit.ts).
 *
 * Models run one after another; each finished model's scores go to
 * `onModelDone` at once, so an interrupted run resumes with only the
 * unfinished ones (`finished`).
 */
import type { LlmAnswers } from '../../llm/answers.ts';
import { withJobCounts } from '../../models/truncation.ts';
import { CalibratedSimilarity, type Embedder } from '../../models/calibratedSimilarity.ts';
import type { ScreeningScorer } from '../../models/decisionScores.ts';
import { AuditInputError, datasetIdentity, type DatasetPort } from '../common/index.ts';
import { matchScreeningScores, type ImportedScores } from '../imported/index.ts';
import { screeningAudit, loadScreening, screeningTunePairs, selectScreeningTask, screeningWorkList, scoreScreening, type ScreeningHeader, type LoadedScreening, type ScreeningSample, type ScreeningAuditOptions, type ScreeningModelScores, type ScreeningParts, type ScreeningWorkList, type ScreeningModelDescriptor, type ScreeningResults } from '../screening/index.ts';
import { asModel, throwIfCancelled } from './cancel.ts';
import type { LoadReport, RunEnvironment, RunHooks } from './ports.ts';
import type { ModelRunProgress } from './progress.ts';
import { screeningProgress } from './screeningProgress.ts';

/** The results of a screening run: ScreeningResults with the sample (if any) among the parameters. */
export type ScreeningRunResults = ScreeningResults & {
  readonly parameters: ScreeningResults['parameters'] & { readonly sample: ScreeningSample | null };
};

/** What a model reports while it loads and scores; the adapter wires its runner's events to these. */
export interface ScorerEvents {
  readonly loading: LoadReport;
  /** The model is loaded on this device and dtype. */
  ready(device: string, dtype: string): void;
  /** Scorers that report their passes: the originals' run `run` of `of` starts. */
  run(run: number, of: number): void;
  /** `done` pairs of the current pass are scored (an LLM: `tokens` read and written in it so far). */
  batch(done: number, tokens?: number): void;
  /** Calibrated similarity: `done` of `total` texts embedded. */
  embedding(done: number, total: number, etaSeconds?: number): void;
}

/** A decision model, opened: its scorer, and whether it reports its passes itself (`run` events). */
export interface OpenedScorer extends ScreeningScorer {
  readonly reportsRuns: boolean;
  dispose(): void | Promise<void>;
}

/** An embedding model opened for calibrated similarity. */
export interface OpenedEmbedder extends Embedder {
  readonly device: string;
  readonly dtype: string;
  dispose(): void | Promise<void>;
}

/** A model of a screening run. */
export type ScreeningModelPort = {
  readonly key: string;
  /** What the results call it; device and dtype are those that really ran. */
  readonly descriptor: Omit<ScreeningModelDescriptor, 'dtype' | 'device'>;
} & (
  | { readonly kind: 'calibrated'; open(events: ScorerEvents): Promise<OpenedEmbedder> }
  | { readonly kind: 'decision'; open(events: ScorerEvents): Promise<OpenedScorer> }
  /** An outside system: its scores, imported from a file, stand in for a model's. */
  | { readonly kind: 'imported'; readonly scores: ImportedScores }
);

/** The compute port: the audit of every model's scores (in a worker, or in-thread). */
export interface ScreeningCompute {
  screeningAudit(parts: ScreeningParts, models: readonly ScreeningModelScores[], options: ScreeningAuditOptions, header: ScreeningHeader): ScreeningResults | Promise<ScreeningResults>;
}

export const IN_THREAD_SCREENING: ScreeningCompute = { screeningAudit };

export interface ScreeningRunPlan {
  /** The screening task's name (the dataset's only one when undefined). */
  readonly task?: string;
  readonly models: readonly ScreeningModelPort[];
  /** Runs T of the originals. */
  readonly runs: number;
  readonly bootstrap: number;
  readonly seed: number;
  /** The descriptor id ΔAUC is taken against; none when undefined. */
  readonly referenceModel?: string;
  /** Keep at most N CVs per job (docs/screening.md §1.1); the whole task when undefined. */
  readonly sample?: ScreeningSample;
  readonly environment: RunEnvironment;
}

export interface ScreeningRunPorts {
  readonly dataset: DatasetPort;
  readonly compute?: ScreeningCompute;
}

function eventsOf(report: (p: ModelRunProgress) => void, progress: ReturnType<typeof screeningProgress>): ScorerEvents {
  let device: string | undefined;
  let dtype: string | undefined;
  return {
    loading: (p) => report({ status: 'loading', ...p }),
    ready(d, t) {
      device = d;
      dtype = t;
      progress.setDevice(d, t);
    },
    run: (run, of) => progress.run(run, of),
    batch: (done, tokens) => progress.batch(done, tokens),
    embedding: (done, total, etaSeconds) => report({ status: 'embedding', done, total, device, dtype, etaSeconds }),
  };
}

async function scoreModel(m: ScreeningModelPort, plan: ScreeningRunPlan, data: LoadedScreening, work: ScreeningWorkList, hooks: RunHooks<ScreeningModelScores>): Promise<ScreeningModelScores> {
  const report = (p: ModelRunProgress) => hooks.onProgress?.(m.key, p);
  const base = m.descriptor as ScreeningModelDescriptor;
  // Count the job descriptions a character limit really cut, over the jobs of this run's pools.
  const descriptor = base.truncations ? { ...base, truncations: withJobCounts(base.truncations, data.parts.pools.map((p) => data.texts.job(p.job_id))) } : base;
  if (m.kind === 'imported') throw new Error(`${m.descriptor.label}: imported scores are matched, not scored`);
  report({ status: 'loading', done: 0, total: 0 });
  if (m.kind === 'calibrated') {
    // Deterministic by construction: one pass, whatever T (docs/screening.md §1).
    const progress = screeningProgress(work, 1, report);
    const embedder = await m.open(eventsOf(report, progress));
    try {
      progress.setDevice(embedder.device, embedder.dtype);
      report({ status: 'embedding', done: 0, total: 0, device: embedder.device, dtype: embedder.dtype, message: 'calibrating on the tune split' });
      const model = new CalibratedSimilarity(embedder);
      try {
        await model.fit(screeningTunePairs(data), hooks.signal);
      } catch (e) {
        if (e instanceof RangeError) throw new AuditInputError(`calibrated similarity: ${e.message}`);
        throw e;
      }
      // Without labelled tune pairs the scores are 50·(1 + cos): the label says so.
      const named = model.calibrated ? descriptor : { ...descriptor, label: `${descriptor.label} (uncalibrated: no labels)`, uncalibrated: true as const };
      return await scoreScreening(progress.wrap(model, false), named, work, data.texts, plan.runs, hooks.signal);
    } finally {
      await embedder.dispose();
    }
  }
  const progress = screeningProgress(work, plan.runs, report);
  const scorer = await m.open(eventsOf(report, progress));
  try {
    return await scoreScreening(progress.wrap(scorer, scorer.reportsRuns), descriptor, work, data.texts, plan.runs, hooks.signal);
  } finally {
    await scorer.dispose();
  }
}

/** Structured-clone-safe copy of a model's scores (what the runs store and the compute worker receive). */
function plain(s: ScreeningModelScores): ScreeningModelScores {
  return {
    model: { ...s.model, ...(s.model.truncations ? { truncations: s.model.truncations.map((t) => ({ ...t })) } : {}) },
    runs: s.runs.map((r) => Float64Array.from(r)),
    variants: Float64Array.from(s.variants),
    deterministicByConstruction: s.deterministicByConstruction,
    latency: {
      callsMs: Float64Array.from(s.latency.callsMs),
      ...(s.latency.callPairs ? { callPairs: Float64Array.from(s.latency.callPairs) } : {}),
      pairs: s.latency.pairs,
    },
    ...(s.llm ? { llm: plainLlm(s.llm) } : {}),
  };
}

/** An LLM's answers record, structured-clone-safe (validity flags as plain arrays). */
function plainLlm(a: LlmAnswers): LlmAnswers {
  return {
    ...a,
    template: { ...a.template },
    ...(a.sampling ? { sampling: { ...a.sampling } } : {}),
    validRuns: a.validRuns.map((r) => Array.from(r)),
    validVariants: Array.from(a.validVariants),
  };
}

/**
 * Runs the screening audit and returns the results object (the same in the
 * browser and in Node but for timings and environment).
 * @throws {AuditInputError} for an unknown task, inconsistent records, or a tune split that cannot calibrate.
 * @throws {CancelledError} when `hooks.signal` aborts.
 */
export async function runScreening(plan: ScreeningRunPlan, ports: ScreeningRunPorts, hooks: RunHooks<ScreeningModelScores> = {}): Promise<ScreeningRunResults> {
  const { dataset } = ports;
  const compute = ports.compute ?? IN_THREAD_SCREENING;
  const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, plan.task), plan.sample);
  const work = screeningWorkList(data.parts);
  // Imported scores are matched before any model runs: a bad file fails the run at once, naming its line.
  const identity = { id: dataset.manifest.id, version: dataset.manifest.version, manifestSha256: dataset.manifestSha256 };
  const imported = new Map<string, ScreeningModelScores>();
  for (const m of plan.models) if (m.kind === 'imported') imported.set(m.key, matchScreeningScores(m.scores, work, m.descriptor, identity));
  if (plan.referenceModel !== undefined && !plan.models.some((m) => m.descriptor.id === plan.referenceModel)) {
    throw new AuditInputError(`the reference model "${plan.referenceModel}" is not one of the models (${plan.models.map((m) => m.descriptor.id).join(', ')})`);
  }
  const scores: ScreeningModelScores[] = [];
  for (const m of plan.models) {
    const done = hooks.finished?.[m.key];
    if (done && done.variants.length === work.variants.length && done.runs[0]?.length === work.originals.length) {
      scores.push(done);
      hooks.onProgress?.(m.key, { status: 'done', done: 1, total: 1, device: done.model.device, dtype: done.model.dtype });
      continue;
    }
    throwIfCancelled(hooks.signal);
    const matched = imported.get(m.key);
    const s = plain(matched ?? (await asModel(m.key, m.descriptor.label, () => scoreModel(m, plan, data, work, hooks))));
    scores.push(s);
    await hooks.onModelDone?.(m.key, s);
    hooks.onProgress?.(m.key, { status: 'done', done: 1, total: 1, device: s.model.device, dtype: s.model.dtype });
  }
  throwIfCancelled(hooks.signal);
  const results = await compute.screeningAudit(
    data.parts,
    scores,
    { reference: data.reference, referenceModel: plan.referenceModel, bootstrap: plan.bootstrap, seed: plan.seed, splits: data.splits },
    {
      dataset: datasetIdentity(dataset),
      task: data.task.name,
      runs: plan.runs,
      createdAt: new Date().toISOString(),
      environment: { ...plan.environment },
    },
  );
  return { ...results, parameters: { ...results.parameters, sample: plan.sample ?? null } };
}
