/**
 * A picked model folder as a decision model of a screening run (issue 49: an LLM from a local
 * folder). Its kind comes from config.json (`…ForCausalLM`: an LLM) or the user's choice; an LLM's
 * shapes come from config.json too, for the memory estimate; a `screening_template.json` beside
 * config.json (core/llm TEMPLATE_FILE) is read as text for the Run form to use. The Blobs stay in
 * this tab's memory; the decide worker serves them to transformers.js (folderFetch).
 */
import { customDecisionEntry, TYPED_DECISION_KINDS } from '../../core/audit/run/index.ts';
import { isCausalLmConfig, llmArchitectureOf } from '../../core/llm/causalLmConfig.ts';
import { TEMPLATE_FILE } from '../../core/llm/screeningTemplate.ts';
import type { Dtype } from '../../core/models/device.ts';
import type { DecisionModelEntry } from '../../core/models/modelSpec.ts';
import { folderModelFiles, type ModelSource } from '../../core/models/modelSource.ts';
import { dtypeOfOnnxFile } from '../../core/models/onnxFile.ts';
import type { PickedFile } from './folderModel.ts';

export type FolderDecisionKind = (typeof TYPED_DECISION_KINDS)[number];

export interface FolderDecisionModel {
  readonly source: Extract<ModelSource, { kind: 'folder' }>;
  readonly entry: DecisionModelEntry;
  /** The text of the folder's screening_template.json, when it has one. */
  readonly templateText?: string;
}

/** The weights' bytes per dtype: `onnx/model<suffix>.onnx` and its external data (`….onnx_data`, `….onnx_data_1`, …). */
function sizesMb(blobs: Readonly<Record<string, Blob>>): Partial<Record<Dtype, number>> {
  const sizes: Partial<Record<Dtype, number>> = {};
  for (const [inner, blob] of Object.entries(blobs)) {
    const graph = inner.replace(/_data(_\d+)?$/, '');
    const dtype = dtypeOfOnnxFile(graph);
    if (dtype) sizes[dtype] = (sizes[dtype] ?? 0) + blob.size / 1e6;
  }
  return sizes;
}

/**
 * The decision model of a picked folder's `files`: as `kind`, or with 'auto' an LLM when config.json
 * names a causal-LM architecture.
 * @throws {Error} when the folder lacks a model's files, its config.json is not JSON, or 'auto' finds no causal LM.
 */
export async function folderDecisionModel(files: readonly PickedFile[], kind: FolderDecisionKind | 'auto'): Promise<FolderDecisionModel> {
  if (files.length === 0) throw new Error('the folder is empty');
  const map = folderModelFiles(files.map((f) => f.path));
  const byPath = new Map(files.map((f) => [f.path, f.blob]));
  const first = files[0]!.path.split('/').filter((s) => s !== '');
  const id = first.length > 1 ? first[0]! : 'model';
  const blobs: Record<string, Blob> = {};
  for (const [inner, path] of map) blobs[inner] = byPath.get(path)!;
  let config: unknown;
  try {
    config = JSON.parse(await blobs['config.json']!.text());
  } catch (e) {
    throw new Error(`its config.json is not valid JSON (${(e as Error).message})`);
  }
  const causal = isCausalLmConfig(config);
  if (kind === 'auto' && !causal) {
    const named = (config as { architectures?: unknown }).architectures;
    throw new Error(`its config.json names no …ForCausalLM architecture (${Array.isArray(named) ? named.join(', ') : 'no architectures'}): choose the kind of model it is`);
  }
  const decision = kind === 'auto' ? 'llm' : kind;
  const architecture = decision === 'llm' ? llmArchitectureOf(config) : undefined;
  const entry: DecisionModelEntry = {
    ...customDecisionEntry(id, decision),
    label: `${id} (local folder, ${decision === 'llm' ? 'LLM' : decision})`,
    revision: 'local',
    sizeMb: sizesMb(blobs),
    license: 'see the folder',
    ...(architecture ? { architecture } : {}),
  };
  const template = blobs[TEMPLATE_FILE];
  return { source: { kind: 'folder', id, files: blobs }, entry, ...(template && decision === 'llm' ? { templateText: await template.text() } : {}) };
}
