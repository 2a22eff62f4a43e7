/**
 * The browser's adapter of the retrieval-fairness run
 * (core/audit/run/retrieval.ts): the dataset from IndexedDB, each
 * embedding model in its worker (cache first), the compute worker for the
 * audit.
 */
import type { AnswerSink } from '../state/generatedAnswers.ts';
import { embeddingTruncations } from '../../core/models/truncation.ts';
import type * as Comlink from 'comlink';
import type { ComputeApi } from '../../../workers/compute.worker.ts';
import { runRetrievalFairness, runModelKey, offeredLanes, type RunHooks, type RetrievalModelPort, type RetrievalRunConfig, type RunModel } from '../../core/audit/run/index.ts';
import type { ModelResult, RetrievalFairnessResults } from '../../core/audit/retrieval/index.ts';
import type { DeviceProbe } from '../../core/models/device.ts';
import type { VectorCache } from '../../models/embeddingRunner.ts';
import type { FairgroundDb } from '../../storage/index.ts';
import { cachedVectorTable } from '../../core/audit/imported/index.ts';
import { browserPlan } from './browserPlan.ts';
import { retrievalLanes } from './computePorts.ts';
import { computeWorker, endComputeWorker } from './computeClient.ts';
import { openEmbedder, runnerOptions } from './embedderPort.ts';
import { storedDataset } from './storedDataset.ts';

export interface BrowserRunDeps {
  readonly db: FairgroundDb;
  readonly probe: DeviceProbe;
  readonly compute: Comlink.Remote<ComputeApi>;
  /** The machine's logical cores: a retrieval run audits on `offeredLanes(cores)` compute workers at once, `compute` the first (core/audit/run/lanes.ts; each starts on first use). Unknown: one. */
  readonly cores?: number;
  /** Ends the compute workers: a cancelled run's kernels stop at once (the next use starts another). */
  readonly stopCompute?: () => void;
  readonly cache?: VectorCache;
  /** Screening with an LLM in generated mode: where the answers' texts go (kept in the tab for the cases view, never stored). */
  readonly answers?: AnswerSink;
}

function modelPort(m: RunModel, config: RetrievalRunConfig, deps: BrowserRunDeps): RetrievalModelPort {
  const key = runModelKey(m);
  if (m.kind === 'imported') return { key, kind: 'imported', scores: m.scores };
  if (m.kind === 'vectors') {
    const cache = deps.cache;
    return {
      key,
      kind: 'vectors',
      vectors: m.vectors,
      read: (items) => (cache ? cachedVectorTable(m.vectors, items, (keys) => cache.getMany(keys)) : Promise.reject(new Error('imported vectors are read from the embedding cache, and this run has none'))),
    };
  }
  if (m.kind !== 'embedding') return { key, kind: m.kind };
  return {
    key,
    kind: 'embedding',
    descriptor: { id: m.entry.id, label: m.entry.label, revision: m.source.kind === 'hub' ? m.source.revision : m.entry.revision, truncations: embeddingTruncations(m.entry.maxLength) },
    open: (report) => openEmbedder({ ...runnerOptions(m, deps.probe, config), cache: deps.cache }, report),
  };
}

/**
 * Runs the audit and returns the results object (the same shape as
 * `fairground run`). @throws {CancelledError} when the signal aborts.
 */
export async function runRetrievalAudit(config: RetrievalRunConfig, deps: BrowserRunDeps, hooks: RunHooks<readonly ModelResult[]> = {}): Promise<RetrievalFairnessResults> {
  return runRetrievalFairness(
    {
      tasks: config.tasks,
      models: config.models.map((m) => modelPort(m, config, deps)),
      k: config.k,
      ...(config.groupBy !== undefined ? { groupBy: config.groupBy } : {}),
      ...(config.groupTarget !== undefined ? { groupTarget: config.groupTarget } : {}),
      ...browserPlan(config),
    },
    {
      dataset: await storedDataset(deps.db, config.datasetId),
      compute: retrievalLanes(offeredLanes(deps.cores ?? 1), (i) => (i === 0 ? deps.compute : computeWorker(i)), hooks.signal, deps.stopCompute, endComputeWorker),
      cores: deps.cores,
    },
    hooks,
  );
}
