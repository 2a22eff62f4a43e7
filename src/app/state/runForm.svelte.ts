/**
 * What the Run view's two forms share: each describes a run (`config()`),
 * picks its defaults once the datasets are known, and starts the run.
 */
import type { RunConfig } from '../../core/audit/run/index.ts';
import { runsState } from './runs.svelte.ts';

export interface RunForm {
  error: string | undefined;
  /** The imported datasets the form can run on (none: the form says so instead). */
  readonly datasets: readonly unknown[];
  /** Whether the form describes a run that can start. */
  readonly canRun: boolean;
  adoptDefaults(): void;
  config(): RunConfig;
}

/**
 * Keeps the form's defaults in step with the datasets (an effect: call it
 * while a component initialises) and returns the submit handler, which
 * starts the run and calls `onDone` with its id when it finishes. `form`
 * returns the form (RunFormFrame's prop, read where it is used).
 */
export function bindRunForm(form: () => RunForm, onDone: (runId: string) => void): () => Promise<void> {
  $effect(() => form().adoptDefaults());
  return async () => {
    const id = await runsState.start(form().config());
    if (id) onDone(id);
  };
}
