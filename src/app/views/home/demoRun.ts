/**
 * What Home's "Run the demo audit" needs beyond the first page: the dataset
 * and run state (storage, workers, the audit), loaded by Home after it has
 * painted or when the button is pressed, whichever comes first.
 */
import { EmbeddingCache } from '../../../storage/index.ts';
import { demoConfig } from '../../runs/demo.ts';
import { runnerOptions } from '../../runs/embedderPort.ts';
import { warmEmbedder } from '../../runs/warmEmbedders.ts';
import { database } from '../../state/database.ts';
import { datasetsState } from '../../state/datasets.svelte.ts';
import { deviceState } from '../../state/device.svelte.ts';
import { runsState } from '../../state/runs.svelte.ts';

export { default as DemoStatus } from './DemoStatus.svelte';

/** True while a run (the demo's or another view's) is under way: the demo button waits. */
export function runActive(): boolean {
  return runsState.active !== undefined;
}

/**
 * Starts loading the demo's embedding model (its workers, ONNX Runtime, the model file) for the
 * run that a click on the button is about to start: called when the pointer or the keyboard
 * focus reaches the button, and by the click itself, so the model loads while the bundled
 * dataset imports (runs/warmEmbedders.ts). Nothing happens while a run is under way.
 */
export async function warmDemo(): Promise<void> {
  if (runActive()) return;
  const config = demoConfig();
  const [db, probe] = await Promise.all([database(), deviceState.probe ?? deviceState.start()]);
  for (const m of config.models) if (m.kind === 'embedding') warmEmbedder({ ...runnerOptions(m, probe, config), cache: new EmbeddingCache(db) });
}

/**
 * Imports the bundled dataset if needed, runs GloVe + BM25 + TF-IDF: the new run's id, or
 * the run's error (none when it was cancelled).
 * @throws Error with the reason when the dataset cannot be imported.
 */
export async function runDemo(): Promise<{ readonly runId?: string; readonly error?: string }> {
  void warmDemo().catch(() => undefined);
  await datasetsState.refresh();
  if (!datasetsState.ready.some((d) => d.id === 'freelance-twins')) {
    const ok = await datasetsState.importBundled('freelance-twins');
    if (!ok) throw new Error(datasetsState.error ?? 'the bundled dataset could not be imported');
  }
  const id = await runsState.start(demoConfig());
  return id ? { runId: id } : { error: runsState.error };
}
