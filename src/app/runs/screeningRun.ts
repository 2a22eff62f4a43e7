/**
 * The browser's adapter of the screening run (core/audit/run/screening.ts):
 * the dataset from IndexedDB, each decision model in the decide worker
 * (DecisionRunner: WebGPU → WASM fallback), calibrated similarity over an
 * EmbeddingRunner (cache first), the compute worker for the audit.
 */
import { runScreening, screeningDescriptor, screeningModelKey, type RunHooks, type OpenedEmbedder, type OpenedScorer, type ScorerEvents, type ScreeningModelPort, type ScreeningRunResults, type ScreeningRunConfig, type ScreeningRunModel } from '../../core/audit/run/index.ts';
import type { ScreeningModelScores } from '../../core/audit/screening/index.ts';
import { DecisionRunner } from '../../models/decisionRunner.ts';
import { EmbeddingRunner } from '../../models/embeddingRunner.ts';
import { browserPlan } from './browserPlan.ts';
import { screeningCompute } from './computePorts.ts';
import { explainLoadFailure, loadReportOf, runnerOptions } from './embedderPort.ts';
import type { ModelSource } from '../../core/models/modelSource.ts';
import type { BrowserRunDeps } from './retrievalRun.ts';
import { storedDataset } from './storedDataset.ts';

export type { ScreeningRunResults } from '../../core/audit/run/index.ts';

async function loaded<T extends { load(): Promise<void>; dispose(): void }>(runner: T, source: ModelSource): Promise<T> {
  try {
    await runner.load();
    return runner;
  } catch (e) {
    runner.dispose();
    throw explainLoadFailure(e, source);
  }
}

async function openCalibrated(m: Extract<ScreeningRunModel, { kind: 'calibrated' }>, config: ScreeningRunConfig, deps: BrowserRunDeps, events: ScorerEvents): Promise<OpenedEmbedder> {
  const loading = loadReportOf(events.loading);
  const runner = await loaded(
    new EmbeddingRunner({
      ...runnerOptions(m, deps.probe, config),
      cache: deps.cache,
      onProgress: (p) => {
        loading(p);
        if (p.status === 'ready') events.ready(p.device, p.dtype);
        if (p.status === 'batch') events.embedding(p.done, p.total, p.etaSeconds);
      },
    }),
    m.source,
  );
  return {
    get device() {
      return runner.device;
    },
    get dtype() {
      return runner.dtype;
    },
    embed: (texts, role, signal) => runner.embed(texts, role, signal),
    dispose: () => runner.dispose(),
  };
}

async function openDecision(m: Extract<ScreeningRunModel, { kind: 'decision' }>, config: ScreeningRunConfig, deps: BrowserRunDeps, events: ScorerEvents): Promise<OpenedScorer> {
  const loading = loadReportOf(events.loading);
  const options = runnerOptions(m, deps.probe, config);
  const modelId = screeningDescriptor(m).id;
  const llm = m.llm;
  const runner = await loaded(
    new DecisionRunner({
      ...options,
      // An LLM (issue 49): asked as the form said, the sampler seeded by the run's seed, in the dtype picked for it.
      ...(m.llm ? { llm: { ...m.llm, seed: config.seed }, override: { ...options.override, dtype: m.llm.dtype ?? options.override.dtype } } : {}),
      // Generated mode: each answer's text to this tab's memory, for the cases view (never into the results).
      ...(llm && deps.answers ? { onAnswerText: (stream: number, index: number, text: string) => deps.answers!.keep(modelId, llm.template, stream, index, text) } : {}),
      onProgress: (p) => {
        if (p.status === 'run') events.run(p.run, p.runs);
        else if (p.status === 'batch') events.batch(p.done, p.tokens);
        else {
          loading(p);
          if (p.status === 'ready') events.ready(p.device, p.dtype);
        }
      },
    }),
    m.source,
  );
  return {
    reportsRuns: true,
    ...(runner.llmAsked ? { llmAsked: runner.llmAsked } : {}),
    score: (pairs, signal) => runner.score(pairs, signal),
    scoreRuns: (pairs, runs, signal) => runner.scoreRuns(pairs, runs, signal),
    dispose: () => runner.dispose(),
  };
}

function modelPort(m: ScreeningRunModel, config: ScreeningRunConfig, deps: BrowserRunDeps): ScreeningModelPort {
  const common = { key: screeningModelKey(m), descriptor: screeningDescriptor(m) };
  if (m.kind === 'imported') return { ...common, kind: 'imported', scores: m.scores };
  return m.kind === 'calibrated'
    ? { ...common, kind: 'calibrated', open: (events) => openCalibrated(m, config, deps, events) }
    : { ...common, kind: 'decision', open: (events) => openDecision(m, config, deps, events) };
}

/**
 * Runs the audit and returns the results object (the same shape as
 * `fairground run` on a screening task). @throws {CancelledError} when the signal aborts.
 */
export async function runScreeningAudit(config: ScreeningRunConfig, deps: BrowserRunDeps, hooks: RunHooks<ScreeningModelScores> = {}): Promise<ScreeningRunResults> {
  return runScreening(
    {
      task: config.task,
      models: config.models.map((m) => modelPort(m, config, deps)),
      runs: config.runs,
      referenceModel: config.referenceModel,
      sample: config.sample,
      ...browserPlan(config),
    },
    { dataset: await storedDataset(deps.db, config.datasetId), compute: screeningCompute(deps.compute) },
    hooks,
  );
}
