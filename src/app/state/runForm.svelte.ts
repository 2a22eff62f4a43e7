/**
 * What the Run view's two forms share: each describes a run (`config()`),
 * picks its defaults once the datasets are known, and starts the run.
 */
import type { RunConfig } from '../../core/audit/run/index.ts';
import { runsState } from './runs.svelte.ts';

export interface RunForm {
  error: string | undefined;
  adoptDefaults(): void;
  config(): RunConfig;
}

/**
 * Keeps the form's defaults in step with the datasets (an effect: call it
 * while a component initialises) and returns the submit handler, which
 * starts the run and calls `onDone` with its id when it finishes.
 */
export function bindRunForm(form: RunForm, onDone: (runId: string) => void): () => Promise<void> {
  $effect(() => form.adoptDefaults());
  return async () => {
    const id = await runsState.start(form.config());
    if (id) onDone(id);
  };
}
