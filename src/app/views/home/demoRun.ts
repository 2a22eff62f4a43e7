/**
 * What Home's "Run the demo audit" needs beyond the first page: the dataset
 * and run state (storage, workers, the audit), loaded by Home after it has
 * painted or when the button is pressed, whichever comes first.
 */
import { demoConfig } from '../../runs/demo.ts';
import { datasetsState } from '../../state/datasets.svelte.ts';
import { runsState } from '../../state/runs.svelte.ts';

export { default as DemoStatus } from './DemoStatus.svelte';

/** True while a run (the demo's or another view's) is under way: the demo button waits. */
export function runActive(): boolean {
  return runsState.active !== undefined;
}

/**
 * Imports the bundled dataset if needed, runs GloVe + BM25 + TF-IDF: the new run's id, or
 * the run's error (none when it was cancelled).
 * @throws Error with the reason when the dataset cannot be imported.
 */
export async function runDemo(): Promise<{ readonly runId?: string; readonly error?: string }> {
  await datasetsState.refresh();
  if (!datasetsState.ready.some((d) => d.id === 'freelance-twins')) {
    const ok = await datasetsState.importBundled('freelance-twins');
    if (!ok) throw new Error(datasetsState.error ?? 'the bundled dataset could not be imported');
  }
  const id = await runsState.start(demoConfig());
  return id ? { runId: id } : { error: runsState.error };
}
