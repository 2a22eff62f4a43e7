/**
 * The retrieval-fairness form of the Run view: dataset, tasks, models and
 * parameters, and the run configuration they make.
 */
import type { RetrievalRunConfig } from '../../core/audit/run/index.ts';
import type { EmbeddingModelEntry } from '../../core/models/modelSpec.ts';
import { BUNDLED_EMBEDDING_MODEL_ID, MODEL_REGISTRY, isHubModelId } from '../../models/registry.ts';
import { retrievalRunModel } from '../../models/modelRefs.ts';
import type { DatasetSummary } from '../../storage/index.ts';
import { settings } from './settings.svelte.ts';
import { OutsideSystemsState } from './outsideSystems.svelte.ts';
import { GroupingFormState } from './groupingForm.svelte.ts';
import { DatasetFormState } from './runForm.svelte.ts';

export const EMBEDDING_MODELS: readonly EmbeddingModelEntry[] = MODEL_REGISTRY.filter((m): m is EmbeddingModelEntry => m.kind === 'embedding');

export class RetrievalFormState extends DatasetFormState {
  tasks = $state<string[]>([]);
  picked = $state<string[]>([BUNDLED_EMBEDDING_MODEL_ID, 'bm25', 'tfidf']);
  customId = $state('');
  hubHost = $state(settings.hubHost);
  k = $state(10);
  bootstrap = $state(1000);
  seed = $state(0);

  /**
   * @param datasets the imported datasets (those with a retrieval task are offered).
   * @param datasetId the dataset to open on (sent from another view); else adoptDefaults picks the first.
   */
  constructor(datasets: () => readonly DatasetSummary[], datasetId?: string) {
    super('retrieval', datasets, datasetId);
  }

  /** Hub ids the user added (not in the registry). */
  readonly addedIds = $derived(this.picked.filter((id) => id !== 'bm25' && id !== 'tfidf' && !EMBEDDING_MODELS.some((m) => m.id === id)));
  /** Outside systems: scores imported for this form's dataset and tasks. */
  readonly outside = new OutsideSystemsState(() => ({ kind: 'retrieval', datasetId: this.datasetId, tasks: this.tasks }));
  /** Group fairness (METRICS.md §12): the fields to group the documents by, and the target. */
  readonly grouping = new GroupingFormState(() => ({ datasetId: this.datasetId, tasks: this.tasks }));
  readonly canRun = $derived((this.picked.length > 0 || this.outside.models.length > 0) && this.tasks.length > 0);

  /**
   * Picks the first dataset, and all its tasks when none of the picked ones is its own; picked
   * tasks the dataset does not have (left from another dataset that shares a task name) are dropped.
   */
  adoptDefaults(): void {
    if (!this.datasetId && this.datasets.length > 0) this.datasetId = this.datasets[0].id;
    if (!this.dataset) return;
    const own = this.tasks.filter((t) => this.datasetTasks.includes(t));
    if (own.length === 0) this.tasks = [...this.datasetTasks];
    else if (own.length < this.tasks.length) this.tasks = own;
  }

  /** Adds a typed Hub id to the picked models. @returns false (with an error) when it is not `org/name`. */
  addCustom(): boolean {
    const id = this.customId.trim();
    if (!isHubModelId(id)) {
      this.error = `“${id}” is not a Hugging Face model id (organisation/name).`;
      return false;
    }
    this.error = undefined;
    if (!this.picked.includes(id)) this.picked = [...this.picked, id];
    this.customId = '';
    return true;
  }

  /** The run this form describes (the Hub address is saved for next time). */
  config(): RetrievalRunConfig {
    settings.setHubHost(this.hubHost);
    const groupBy = this.grouping.groupBy();
    return {
      kind: 'retrieval-fairness',
      datasetId: this.datasetId,
      tasks: [...this.tasks],
      models: [...this.picked.map((id) => retrievalRunModel(id, this.hubHost)), ...this.outside.models],
      k: this.k,
      bootstrap: this.bootstrap,
      seed: this.seed,
      device: this.device === 'wasm' ? 'wasm' : undefined,
      ...(groupBy !== undefined ? { groupBy } : {}),
      ...(groupBy ? { groupTarget: this.grouping.target } : {}),
    };
  }
}
