/**
 * What a screening run is (DESIGN.md, second protocol): a dataset's
 * screening task, decision models, and the audit's parameters. Stored with
 * the run so it can be resumed; `runConfig.ts` puts it in the RunConfig union.
 */
import { decisionTruncations } from '../../models/truncation.ts';
import type { ScreeningSample, ScreeningModelDescriptor } from '../screening/index.ts';
import type { Device, Dtype } from '../../models/device.ts';
import type { DecisionKind, DecisionModelEntry, EmbeddingModelEntry } from '../../models/modelSpec.ts';
import type { ModelSource } from '../../models/modelSource.ts';
import { importedRevision, type ImportedScores } from '../imported/index.ts';
import type { LlmMode, ScreeningTemplate } from '../../llm/index.ts';

/**
 * How an LLM decision model is asked in a run (issue 49); the sampler's seed is the run's.
 * `dtype` picks the weights the model folder ships (the device's default when absent).
 */
export interface LlmRunOptions {
  readonly template: ScreeningTemplate;
  readonly mode: LlmMode;
  readonly temperature: number;
  readonly maxNewTokens: number;
  readonly prefixCache: boolean;
  /** Generated mode: hold answers to the JSON schema (structured output). */
  readonly structured?: boolean;
  readonly dtype?: Dtype;
}

/** A decision model of a screening run: calibrated similarity over an embedding model, or a model run by the decision worker. */
export type ScreeningRunModel =
  | { readonly kind: 'calibrated'; readonly entry: EmbeddingModelEntry; readonly source: ModelSource }
  | { readonly kind: 'decision'; readonly entry: DecisionModelEntry; readonly source: ModelSource; readonly llm?: LlmRunOptions }
  /** An outside system's scores (kept with the run on this machine; a permalink carries only its name). */
  | { readonly kind: 'imported'; readonly scores: ImportedScores };

export interface ScreeningRunConfig {
  readonly kind: 'screening';
  readonly datasetId: string;
  /** The screening task's name. */
  readonly task: string;
  readonly models: readonly ScreeningRunModel[];
  /** Runs T of the originals (default 7). */
  readonly runs: number;
  readonly bootstrap: number;
  readonly seed: number;
  /** The descriptor id (screeningModelId) ΔAUC is taken against; none when undefined. */
  readonly referenceModel?: string;
  /** Keep at most N CVs per job (docs/screening.md §1.1); the whole task when undefined. */
  readonly sample?: ScreeningSample;
  readonly device?: Device;
  readonly dtype?: Dtype;
}

/** Defaults of the Run view's screening section. */
export const SCREENING_RUN_DEFAULTS = Object.freeze({ runs: 7, bootstrap: 2000, seed: 0 });

/** The id a model has in the results (`calibrated:<embedding id>`, `llm:<id>` or `llm:folder:<name>` as the CLI names an LLM, or the decision model's id). */
export function screeningModelId(m: ScreeningRunModel): string {
  if (m.kind === 'imported') return `imported:${m.scores.name}`;
  // A folder as the CLI names it (`run --model llm:<folder>`): llm:folder:<its name>.
  if (m.kind === 'decision' && m.entry.decision === 'llm') return m.source.kind === 'folder' ? `llm:folder:${m.entry.id}` : `llm:${m.entry.id}`;
  return m.kind === 'calibrated' ? `calibrated:${m.entry.id}` : m.entry.id;
}

/** A stable key per model of a run (progress and partial scores are kept under it). */
export function screeningModelKey(m: ScreeningRunModel): string {
  if (m.kind === 'imported') return `imported:${m.scores.name}`;
  return `${m.kind}:${m.source.kind}:${m.source.id}`;
}

export function screeningModelLabel(m: ScreeningRunModel): string {
  if (m.kind === 'imported') return m.scores.name;
  return m.kind === 'calibrated' ? `Calibrated similarity (${m.entry.label})` : m.entry.label;
}

/** The results descriptor, before the device and dtype that really ran are known. */
export function screeningDescriptor(m: ScreeningRunModel): Omit<ScreeningModelDescriptor, 'dtype' | 'device'> {
  if (m.kind === 'imported') return { id: screeningModelId(m), label: m.scores.name, kind: 'imported', revision: importedRevision(m.scores) };
  const revision = m.source.kind === 'hub' ? m.source.revision : m.source.kind === 'folder' ? 'local' : m.entry.revision;
  const kind = m.kind === 'calibrated' ? 'calibrated-similarity' : m.entry.decision;
  return { id: screeningModelId(m), label: screeningModelLabel(m), kind, revision, truncations: decisionTruncations(kind, m.entry.maxLength) };
}

/** The kinds a typed Hub id may be run as. */
export const TYPED_DECISION_KINDS = Object.freeze(['cross-encoder', 'sequence-classifier', 'zero-shot-nli', 'llm'] as const satisfies readonly DecisionKind[]);

/**
 * A registry-like entry for a decision model the user typed (any Hub id):
 * its kind as chosen, 512 tokens (an LLM's prompt is cut in characters
 * instead: core/llm/prompt.ts), dtypes unknown (the device's default).
 */
export function customDecisionEntry(id: string, decision: (typeof TYPED_DECISION_KINDS)[number]): DecisionModelEntry {
  return {
    kind: 'decision',
    id,
    label: `${id} (${decision})`,
    revision: 'main',
    paramsM: 0,
    sizeMb: {},
    languages: [],
    license: 'see the model card',
    source: 'hub',
    decision,
    maxLength: 512,
  };
}
