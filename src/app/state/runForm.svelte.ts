/**
 * What the Run view's two forms share: each describes a run (`config()`),
 * picks its defaults once the datasets are known, and starts the run.
 */
import type { RunConfig } from '../../core/audit/run/index.ts';
import type { DatasetSummary } from '../../storage/index.ts';
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
 * The dataset half of either form (retrievalForm.svelte.ts, screeningForm.svelte.ts): the
 * imported datasets that have a task of the form's type, the one chosen and its tasks of that
 * type, and the device and error every form has.
 */
export class DatasetFormState {
  datasetId = $state('');
  device = $state<'auto' | 'wasm'>('auto');
  error = $state<string | undefined>(undefined);
  readonly #datasets: () => readonly DatasetSummary[];
  readonly #taskType: 'retrieval' | 'screening';

  /**
   * @param taskType the task type the form runs; datasets with a task of it are offered.
   * @param datasets the imported datasets.
   * @param datasetId the dataset to open on (sent from another view); else adoptDefaults picks the first.
   */
  constructor(taskType: 'retrieval' | 'screening', datasets: () => readonly DatasetSummary[], datasetId?: string) {
    this.#taskType = taskType;
    this.#datasets = datasets;
    if (datasetId) this.datasetId = datasetId;
  }

  readonly datasets = $derived.by(() => this.#datasets().filter((d) => d.tasks.some((t) => t.type === this.#taskType)));
  readonly dataset = $derived(this.datasets.find((d) => d.id === this.datasetId));
  readonly datasetTasks = $derived(this.dataset?.tasks.filter((t) => t.type === this.#taskType).map((t) => t.name) ?? []);
}

/** The props of either Run form (views/run/RetrievalRunForm.svelte, ScreeningRunForm.svelte). */
export interface RunFormProps {
  onDone: (runId: string) => void;
  /** Called as the run starts (the app preloads the results view). */
  onStart?: () => void;
  /** The dataset to open on (sent from another view), else the form's default. */
  datasetId?: string;
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
