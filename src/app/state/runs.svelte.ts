/**
 * Runs: starting, progress, cancel, resume after a reload, and the stored
 * list for Results. A run and its per-model partial results live in
 * IndexedDB (`runs`), the results object in `results`.
 */
import type { ModelResult } from '../../core/audit/retrieval/index.ts';
import { CancelledError, runModelKey, runModelLabel, type FinishedModel, type RunResults, type StoredModelProgress, type ModelRunProgress, type RunConfig } from '../../core/audit/run/index.ts';
import { storableConfig } from '../runs/storableConfig.ts';
import { deleteRun, EmbeddingCache, getResults, getRun, listRuns, markInterrupted, putResults, putRun, type RunEntry } from '../../storage/index.ts';
import { computeWorker, stopComputeWorker } from '../runs/computeClient.ts';
import { runRetrievalAudit } from '../runs/retrievalRun.ts';
import { runScreeningAudit } from '../runs/screeningRun.ts';
import type { ScreeningModelScores } from '../../core/audit/screening/index.ts';
import { database } from './database.ts';
import { storedProgress } from './runEntry.ts';
import { deviceState } from './device.svelte.ts';
import { heldRunIds, holdRunLock, runLockFreed } from './runLock.ts';
import { answerSink, forgetAnswers } from './generatedAnswers.ts';

/** A finished retrieval model leaves its results per subset; a screening model its scores. */
function isRetrievalResults(f: FinishedModel): f is readonly ModelResult[] {
  return Array.isArray(f);
}

/** The finished models' leftovers of one kind, by model key. */
function finishedOf<T extends FinishedModel>(stored: Readonly<Record<string, StoredModelProgress>>, is: (f: FinishedModel) => f is T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, s] of Object.entries(stored)) if (s.status === 'done' && s.results && is(s.results)) out[key] = s.results;
  return out;
}

export interface ActiveRun {
  readonly id: string;
  readonly config: RunConfig;
  progress: Record<string, ModelRunProgress>;
  readonly controller: AbortController;
  readonly startedAt: number;
}

function newRunId(): string {
  return `run-${new Date().toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}-${crypto.randomUUID().slice(0, 8)}`;
}

export class RunsState {
  active = $state<ActiveRun | undefined>(undefined);
  list = $state<RunEntry[]>([]);
  error = $state<string | undefined>(undefined);
  /** The run that failed last (its finished models kept), for Retry. */
  failed = $state<RunEntry | undefined>(undefined);

  /** Runs of other pages whose lock is watched: the list is read again when it is freed. */
  #watched = new Set<string>();

  /**
   * Reads the list of runs, first marking `interrupted` those left running by a closed tab. A run
   * another page holds is read again once its lock is freed: it finished there, or its tab closed
   * (whose workers may hold the lock a moment after the tab is gone), so the list never shows a
   * run "running" that no page runs.
   */
  async refresh(): Promise<void> {
    const db = await database();
    const held = await heldRunIds(this.active?.id);
    await markInterrupted(db, (id) => held.has(id));
    this.list = await listRuns(db);
    for (const run of this.list) {
      if ((run.status !== 'running' && run.status !== 'pending') || run.id === this.active?.id || this.#watched.has(run.id)) continue;
      this.#watched.add(run.id);
      void runLockFreed(run.id).then(() => {
        this.#watched.delete(run.id);
        return this.refresh();
      });
    }
  }

  /** Deletes a run and its results (a Discard of an interrupted run, or Delete in Results). */
  async remove(id: string): Promise<void> {
    if (this.active?.id === id) throw new Error('this run is in progress: cancel it first');
    await deleteRun(await database(), id);
    forgetAnswers(id);
    if (this.failed?.id === id) this.failed = undefined;
    await this.refresh();
  }

  /** Starts a run (or resumes `resumeId` with its finished models kept). Resolves to the run id when done. */
  async start(reactiveConfig: RunConfig, resumeId?: string): Promise<string | undefined> {
    // Views build configs from their $state (proxies), which IndexedDB cannot clone: store a plain copy.
    const config = $state.snapshot(reactiveConfig) as RunConfig;
    if (this.active) {
      this.error = 'A run is in progress; cancel it or wait for it to finish.';
      return undefined;
    }
    this.error = undefined;
    this.failed = undefined;
    const db = await database();
    const probe = deviceState.probe ?? (await deviceState.start());
    const id = resumeId ?? newRunId();
    const previous = resumeId ? await getRun(db, resumeId) : undefined;
    // A resumed run keeps the results of the models it had finished.
    const stored: Record<string, StoredModelProgress> = {};
    for (const [key, p] of Object.entries(previous?.progress ?? {})) if (p.detail) stored[key] = p.detail;
    const controller = new AbortController();
    const active: ActiveRun = $state({
      id,
      config,
      // Models a resumed run had finished show as done at once.
      progress: Object.fromEntries(config.models.map((m) => [runModelKey(m), { status: stored[runModelKey(m)]?.status === 'done' ? 'done' : 'waiting', done: 0, total: 0 } as ModelRunProgress])),
      controller,
      startedAt: Date.now(),
    });
    this.active = active;
    const releaseLock = await holdRunLock(id);
    // A run starting is one of the moments a run left by a closed tab is marked interrupted.
    await this.refresh();
    const createdAt = previous?.createdAt ?? Date.now();
    const save = (status: RunEntry['status'], error?: string, partial?: RunEntry['partial']) =>
      putRun(db, {
        id,
        createdAt,
        updatedAt: Date.now(),
        status,
        ...(partial ? { partial } : {}),
        // A picked folder's files stay in this tab: the stored run names the folder only.
        config: storableConfig(config),
        progress: storedProgress(config, stored, status),
        error,
      });
    await save('running');
    const deps = { db, probe, compute: computeWorker(), cores: globalThis.navigator?.hardwareConcurrency, stopCompute: stopComputeWorker, cache: new EmbeddingCache(db) };
    try {
      const hooks = {
        signal: controller.signal,
        onProgress: (key: string, p: ModelRunProgress) => (active.progress[key] = p),
        onModelDone: async (key: string, r: FinishedModel) => {
          stored[key] = { status: 'done', results: r };
          await save('running');
        },
      };
      const results =
        config.kind === 'screening'
          ? await runScreeningAudit(config, { ...deps, answers: answerSink(id) }, { ...hooks, finished: finishedOf(stored, (f): f is ScreeningModelScores => !isRetrievalResults(f)) })
          : await runRetrievalAudit(config, deps, { ...hooks, finished: finishedOf(stored, isRetrievalResults) });
      await putResults(db, id, results);
      await save('done');
      return id;
    } catch (e) {
      if (e instanceof CancelledError || controller.signal.aborted) {
        await save('cancelled');
      } else {
        const message = e instanceof Error ? e.message : String(e);
        // The finished models' results stay reachable: the same audit over them alone (each is
        // finished, so nothing is recomputed), stored and marked partial. The error shows once
        // that is stored, so a Results list opened from the banner already lists the run failed.
        const partial = await this.#partialResults(config, deps, stored).catch(() => undefined);
        if (partial) await putResults(db, id, partial.results);
        await save('failed', message, partial ? { done: partial.done, of: config.models.length } : undefined);
        this.failed = await getRun(db, id);
        this.error = `The run failed: ${message}`;
      }
      return undefined;
    } finally {
      releaseLock();
      this.active = undefined;
      await this.refresh();
    }
  }

  /** The results of a failed run's finished models, or undefined when none finished. */
  async #partialResults(config: RunConfig, deps: Parameters<typeof runRetrievalAudit>[1], stored: Readonly<Record<string, StoredModelProgress>>): Promise<{ results: RunResults; done: number } | undefined> {
    const models = config.models.filter((m) => stored[runModelKey(m)]?.status === 'done');
    if (models.length === 0) return undefined;
    const results =
      config.kind === 'screening'
        ? await runScreeningAudit({ ...config, models: models as typeof config.models }, deps, { finished: finishedOf(stored, (f): f is ScreeningModelScores => !isRetrievalResults(f)) })
        : await runRetrievalAudit({ ...config, models: models as typeof config.models }, deps, { finished: finishedOf(stored, isRetrievalResults) });
    return { results, done: models.length };
  }

  cancel(): void {
    this.active?.controller.abort();
  }

  /** After a reload: the newest run a closed tab left unfinished (marked `interrupted` by refresh), if any. */
  async interrupted(): Promise<RunEntry | undefined> {
    await this.refresh();
    return this.active ? undefined : this.list.find((r) => r.status === 'interrupted');
  }

  async results(id: string): Promise<RunResults | undefined> {
    return (await getResults(await database(), id))?.results;
  }

  /** A human label for a stored run. */
  static describe(run: RunEntry): string {
    return `${run.config.datasetId} · ${run.config.models.map(runModelLabel).join(', ')}`;
  }
}

export const runsState = new RunsState();
