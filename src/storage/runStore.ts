import type { FairgroundDb } from './db.ts';
import type { RunResults } from '../core/audit/run/index.ts';
import type { ResultsEntry, RunEntry } from './schema.ts';

/** Stores a run (a new one, or a status or progress update of one). */
export async function putRun(db: FairgroundDb, run: RunEntry): Promise<void> {
  await db.put('runs', run);
}

/** A run by id. */
export function getRun(db: FairgroundDb, id: string): Promise<RunEntry | undefined> {
  return db.get('runs', id);
}

/** Every run, newest first. */
export async function listRuns(db: FairgroundDb): Promise<RunEntry[]> {
  const runs = await db.getAll('runs');
  return runs.sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}

/** Stores the results object of a run. */
export async function putResults(db: FairgroundDb, runId: string, results: RunResults, createdAt = Date.now()): Promise<void> {
  await db.put('results', { runId, results, createdAt });
}

/** The results of a run, if stored. */
export function getResults(db: FairgroundDb, runId: string): Promise<ResultsEntry | undefined> {
  return db.get('results', runId);
}

/** Deletes a run and its results in one transaction. */
export async function deleteRun(db: FairgroundDb, id: string): Promise<void> {
  const tx = db.transaction(['runs', 'results'], 'readwrite');
  await Promise.all([tx.objectStore('runs').delete(id), tx.objectStore('results').delete(id), tx.done]);
}

/**
 * Marks `interrupted` every run left `pending` or `running` that no page holds (`isHeld` says which
 * are: a run in progress in this or another tab). Returns the ids it marked. One transaction, so a
 * run that finishes meanwhile is not overwritten with a stale status.
 */
export async function markInterrupted(db: FairgroundDb, isHeld: (id: string) => boolean): Promise<string[]> {
  const tx = db.transaction('runs', 'readwrite');
  const marked: string[] = [];
  for (const run of await tx.store.getAll()) {
    if ((run.status !== 'running' && run.status !== 'pending') || isHeld(run.id)) continue;
    marked.push(run.id);
    await tx.store.put({ ...run, status: 'interrupted' });
  }
  await tx.done;
  return marked;
}
