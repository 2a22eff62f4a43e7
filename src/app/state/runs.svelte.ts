/**
 * Runs: starting, progress, cancel, resume after a reload, and the stored
 * list for Results. A run and its per-model partial results live in
 * IndexedDB (`runs`), the results object in `results`.
 */
import type { ModelResult, RetrievalFairnessResults } from '../../core/audit/results.ts';
import { CancelledError } from '../../models/embeddingRunner.ts';
import { EmbeddingCache, getResults, getRun, listRuns, putResults, putRun, type RunEntry } from '../../storage/index.ts';
import { computeWorker } from '../runs/computeClient.ts';
import { runRetrievalAudit } from '../runs/retrievalRun.ts';
import type { ModelRunProgress } from '../../core/audit/run/progress.ts';
import { runModelKey, runModelLabel, type RetrievalRunConfig, type RunConfig } from '../../core/audit/run/runConfig.ts';
import { runScreeningAudit, type ScreeningRunResults } from '../runs/screeningRun.ts';
import type { ScreeningModelScores } from '../../core/audit/screeningInput.ts';
import { database } from './database.ts';
import { deviceState } from './device.svelte.ts';

interface StoredProgress {
  readonly status: ModelRunProgress['status'];
  /** A finished model's results (retrieval) or scores (screening). */
  readonly results?: readonly ModelResult[] | ScreeningModelScores;
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

  async refresh(): Promise<void> {
    this.list = await listRuns(await database());
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
    const db = await database();
    const probe = deviceState.probe ?? (await deviceState.start());
    const id = resumeId ?? newRunId();
    const previous = resumeId ? await getRun(db, resumeId) : undefined;
    // A resumed run keeps the results of the models it had finished.
    const stored: Record<string, StoredProgress> = {};
    for (const [key, p] of Object.entries(previous?.progress ?? {})) if (p.detail) stored[key] = p.detail as StoredProgress;
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
    const createdAt = previous?.createdAt ?? Date.now();
    const save = (status: RunEntry['status'], error?: string) =>
      putRun(db, {
        id,
        createdAt,
        updatedAt: Date.now(),
        status,
        config,
        progress: Object.fromEntries(config.models.map((m) => {
          const key = runModelKey(m);
          const s = stored[key];
          return [key, { done: s?.status === 'done' ? 1 : 0, total: 1, detail: s ?? { status: 'waiting' } }];
        })),
        error,
      });
    await save('running');
    const finished = Object.fromEntries(Object.entries(stored).filter(([, s]) => s?.status === 'done' && s.results).map(([k, s]) => [k, s.results!]));
    try {
      const deps = { db, probe, compute: computeWorker(), cache: new EmbeddingCache(db) };
      const hooks = {
        signal: controller.signal,
        onProgress: (key: string, p: ModelRunProgress) => (active.progress[key] = p),
        onModelDone: async (key: string, r: readonly ModelResult[] | ScreeningModelScores) => {
          stored[key] = { status: 'done', results: r };
          await save('running');
        },
      };
      const results =
        config.kind === 'screening'
          ? await runScreeningAudit(config, deps, { ...hooks, finished: finished as Record<string, ScreeningModelScores> })
          : await runRetrievalAudit(config, deps, { ...hooks, finished: finished as Record<string, readonly ModelResult[]> });
      await putResults(db, id, results);
      await save('done');
      return id;
    } catch (e) {
      if (e instanceof CancelledError || controller.signal.aborted) {
        await save('cancelled');
      } else {
        const message = e instanceof Error ? e.message : String(e);
        this.error = `The run failed: ${message}`;
        await save('failed', message);
      }
      return undefined;
    } finally {
      this.active = undefined;
      await this.refresh();
    }
  }

  cancel(): void {
    this.active?.controller.abort();
  }

  /** After a reload: the newest run left `running` (the tab closed mid-run), if any. */
  async interrupted(): Promise<RunEntry | undefined> {
    await this.refresh();
    return this.active ? undefined : this.list.find((r) => r.status === 'running');
  }

  async results(id: string): Promise<RetrievalFairnessResults | ScreeningRunResults | undefined> {
    const entry = await getResults(await database(), id);
    return entry?.results as RetrievalFairnessResults | ScreeningRunResults | undefined;
  }

  /** A human label for a stored run. */
  static describe(run: RunEntry): string {
    const c = run.config as RunConfig;
    return `${c.datasetId} · ${c.models.map(runModelLabel).join(', ')}`;
  }
}

export const runsState = new RunsState();
