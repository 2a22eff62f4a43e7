/**
 * The screening form of the Run view: dataset, task, decision models and
 * parameters, and the run configuration they make.
 */
import { SCREENING_RUN_DEFAULTS, screeningModelId, TYPED_DECISION_KINDS, type ScreeningRunConfig } from '../../core/audit/run/index.ts';
import type { DecisionModelEntry } from '../../core/models/modelSpec.ts';
import { BUNDLED_EMBEDDING_MODEL_ID, MODEL_REGISTRY, isHubModelId } from '../../models/registry.ts';
import { folderDecisionId, isLlmPickerId, screeningRunModel, typedDecisionId } from '../../models/modelRefs.ts';
import { llmFitCheck, type LlmFitCheck } from '../../core/llm/fitCheck.ts';
import type { ScreeningRunModel } from '../../core/audit/run/index.ts';
import { folderDecisionModel, type FolderDecisionKind, type FolderDecisionModel } from '../settings/folderDecisionModel.ts';
import type { PickedFile } from '../settings/folderModel.ts';
import { deviceState } from './device.svelte.ts';
import { LlmFormState } from './llmForm.svelte.ts';
import type { DatasetSummary } from '../../storage/index.ts';
import { settings } from './settings.svelte.ts';
import { OutsideSystemsState } from './outsideSystems.svelte.ts';
import { DatasetFormState } from './runForm.svelte.ts';

export const CALIBRATED_GLOVE = `calibrated:${BUNDLED_EMBEDDING_MODEL_ID}`;
export const DECISION_MODELS: readonly DecisionModelEntry[] = MODEL_REGISTRY.filter((m): m is DecisionModelEntry => m.kind === 'decision');
export type TypedKind = (typeof TYPED_DECISION_KINDS)[number];

export class ScreeningFormState extends DatasetFormState {
  task = $state('');
  picked = $state<string[]>([CALIBRATED_GLOVE]);
  typed = $state<{ id: string; kind: TypedKind }[]>([]);
  typedId = $state('');
  typedKind = $state<TypedKind>('cross-encoder');
  hubHost = $state(settings.hubHost);
  runs = $state(SCREENING_RUN_DEFAULTS.runs);
  bootstrap = $state(SCREENING_RUN_DEFAULTS.bootstrap);
  seed = $state(SCREENING_RUN_DEFAULTS.seed);
  /** '' the first model, 'none', or a model id. */
  reference = $state('');
  sampleOn = $state(false);
  sampleCvs = $state(8);
  sampleSeed = $state(0);

  /**
   * @param datasets the imported datasets (those with a screening task are offered).
   * @param datasetId the dataset to open on (sent from another view); else adoptDefaults picks the first.
   * @param models the models to open with picked (picker ids, sent from another view); else the calibrated GloVe model.
   */
  constructor(datasets: () => readonly DatasetSummary[], datasetId?: string, models?: readonly string[]) {
    super('screening', datasets, datasetId);
    if (models && models.length > 0) this.picked = [...new Set(models)];
  }

  /** Outside systems: scores imported for this form's dataset and task. */
  readonly outside = new OutsideSystemsState(() => ({ kind: 'screening', datasetId: this.datasetId, task: this.task, runs: this.runs }));
  /** How the picked LLMs are asked (one setting for all, as in the CLI). */
  readonly llm = new LlmFormState();
  /** Model folders picked in this form (in this tab's memory only), by picker id (folderDecisionId). */
  folders = $state.raw<ReadonlyMap<string, FolderDecisionModel>>(new Map());
  /** What a picked folder is run as: 'auto' reads config.json (a …ForCausalLM is an LLM). */
  folderKind = $state<FolderDecisionKind | 'auto'>('auto');
  /** Why the last picked folder cannot be run (said beside the picker), or undefined. */
  folderError = $state<string | undefined>(undefined);
  /** Whether an LLM is picked (the form then shows the LLM settings). */
  readonly hasLlm = $derived(this.picked.some(isLlmPickerId));
  /** The picked models; an LLM is left out while its settings have an error (the run is then refused: canRun). */
  readonly models = $derived([
    ...this.picked.flatMap((id) => (isLlmPickerId(id) && !this.llm.options ? [] : [this.#runModel(id)])),
    ...this.outside.scoreModels,
  ]);
  readonly modelIds = $derived(this.models.map(screeningModelId));
  /**
   * Will each picked LLM run here, before anything downloads: its weights, download, memory and
   * verdict on this device (core/llm/fitCheck.ts), as the run would choose the device and dtype.
   * Empty until the device probe has answered.
   */
  readonly llmChecks = $derived.by((): { readonly id: string; readonly label: string; readonly gated: boolean; readonly note?: string; readonly check: LlmFitCheck }[] => {
    const probe = deviceState.probe;
    if (!probe) return [];
    const asked = { ...(this.device === 'wasm' ? { device: 'wasm' as const } : {}), ...(this.llm.dtype !== '' ? { dtype: this.llm.dtype } : {}) };
    return this.models.flatMap((m) =>
      m.kind === 'decision' && m.entry.decision === 'llm'
        ? [{ id: screeningModelId(m), label: m.entry.label, gated: m.entry.gated === true, ...(m.entry.note ? { note: m.entry.note } : {}), check: llmFitCheck(m.entry, probe, asked) }]
        : [],
    );
  });
  /** Why the run is refused before it starts (an LLM that will not run here), or undefined. */
  readonly refusal = $derived.by((): string | undefined => {
    const bad = this.llmChecks.filter((c) => c.check.fits === false);
    return bad.length === 0 ? undefined : `Not started: ${bad.map((c) => `${c.label} ${c.check.verdict}`).join('; ')}.`;
  });
  readonly canRun = $derived(this.models.length > 0 && this.task !== '' && !(this.hasLlm && this.llm.error !== undefined) && this.refusal === undefined);
  /** Whether the chosen task has labels (FIT / NOT FIT): what a sample draws by, and what validity needs. */
  readonly labelled = $derived(this.dataset?.tasks.some((t) => t.type === 'screening' && t.name === this.task && t.labels !== undefined) ?? false);

  /** Picks the first dataset and task; forgets a reference model no longer picked. */
  adoptDefaults(): void {
    if (!this.datasetId && this.datasets.length > 0) this.datasetId = this.datasets[0].id;
    if (this.dataset && !this.datasetTasks.includes(this.task)) this.task = this.datasetTasks[0] ?? '';
    if (this.reference !== '' && this.reference !== 'none' && !this.modelIds.includes(this.reference)) this.reference = this.modelIds[0] ?? '';
  }

  /** Adds a typed Hub id as a decision model of the chosen kind (an LLM: a decoder-only instruct model with a chat template). @returns false (with an error) when it is not `org/name`. */
  addTyped(): boolean {
    const id = this.typedId.trim();
    if (!isHubModelId(id)) {
      this.error = `“${id}” is not a Hugging Face model id (organisation/name).`;
      return false;
    }
    this.error = undefined;
    const key = typedDecisionId(this.typedKind, id);
    if (!this.typed.some((x) => typedDecisionId(x.kind, x.id) === key)) this.typed = [...this.typed, { id, kind: this.typedKind }];
    if (!this.picked.includes(key)) this.picked = [...this.picked, key];
    this.typedId = '';
    return true;
  }

  /** A picker id's run model: a picked folder's, else as modelRefs resolves it. */
  #runModel(id: string): ScreeningRunModel {
    const folder = this.folders.get(id);
    if (!folder) return screeningRunModel(id, this.hubHost, this.llm.options);
    return folder.entry.decision === 'llm' ? { kind: 'decision', entry: folder.entry, source: folder.source, llm: this.llm.options! } : { kind: 'decision', entry: folder.entry, source: folder.source };
  }

  /**
   * Makes a picked model folder a decision model of this run (picked at once). An LLM folder's
   * screening_template.json fills the template. Nothing leaves the machine; the files stay in memory.
   * @returns false (with folderError) when the folder is not a model this form can run.
   */
  async pickFolder(files: readonly PickedFile[]): Promise<boolean> {
    let folder: FolderDecisionModel;
    try {
      folder = await folderDecisionModel(files, this.folderKind);
    } catch (e) {
      this.folderError = `That folder cannot be run as a decision model: ${e instanceof Error ? e.message : String(e)}.`;
      return false;
    }
    this.folderError = undefined;
    const key = folderDecisionId(folder.entry.decision as FolderDecisionKind, folder.source.id);
    // A folder of the same name picked again replaces the earlier one (under any kind).
    const others = [...this.folders].filter(([k, f]) => k !== key && f.source.id !== folder.source.id);
    this.picked = [...this.picked.filter((id) => !(this.folders.has(id) && this.folders.get(id)!.source.id === folder.source.id)), key];
    this.folders = new Map([...others, [key, folder]]);
    if (folder.templateText !== undefined) this.llm.useFolderTemplate(folder.source.id, folder.templateText);
    return true;
  }

  /** The run this form describes (the Hub address is saved for next time). */
  config(): ScreeningRunConfig {
    settings.setHubHost(this.hubHost);
    const ids = this.modelIds;
    return {
      kind: 'screening',
      datasetId: this.datasetId,
      task: this.task,
      models: this.models,
      runs: this.runs,
      bootstrap: this.bootstrap,
      seed: this.seed,
      referenceModel: this.reference === 'none' ? undefined : ids.includes(this.reference) ? this.reference : ids[0],
      sample: this.sampleOn ? { cvsPerJob: this.sampleCvs, seed: this.sampleSeed } : undefined,
      device: this.device === 'wasm' ? 'wasm' : undefined,
    };
  }
}
