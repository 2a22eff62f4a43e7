/**
 * `fairground run` on a screening task: the decision-model screening audit
 * (DESIGN.md, second protocol) in Node, printing the same ScreeningResults
 * object the web app stores (environment.runtime 'node'). Scoring goes
 * through src/models/decisionNode.ts (cross-encoders, sequence classifiers,
 * zero-shot NLI) and, for calibrated similarity, the Node embedder
 * (src/cli/node/nodeEmbedder.ts) under CalibratedSimilarity.
 * docs/screening.md states the protocol, docs/cli.md the options.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Command } from './command.ts';
import { listOption, requiredOption, stringOption } from './args.ts';
import { InputError } from './errors.ts';
import { openDatasetFolder, readShard } from './node/datasetFolder.ts';
import { resolveModel } from './node/modelChoice.ts';
import { loadNodeEmbedder, type NodeEmbedder } from './node/nodeEmbedder.ts';
import { AuditInputError } from '../core/audit/retrievalData.ts';
import { isScreeningTask, loadScreening, screeningTunePairs, selectScreeningTask, type LoadedScreening, type ScreeningSample } from '../core/audit/screeningData.ts';
import { SCREENING_DEFAULTS, screeningAudit } from '../core/audit/screeningAudit.ts';
import { screeningWorkList, type ScreeningModelScores } from '../core/audit/screeningInput.ts';
import type { ScreeningModelDescriptor, ScreeningModelKind, ScreeningResults } from '../core/audit/screeningResults.ts';
import { findModel, isHubModelId } from '../models/registry.ts';
import { loadDecisionModelNode, type NodeDecisionSpec } from '../models/decisionNode.ts';
import { CalibratedSimilarity, type Embedder } from '../models/calibratedSimilarity.ts';
import { scoreScreening, type ScreeningScorer } from '../models/decisionScreening.ts';
import type { WorkerDecisionKind } from '../models/decisionSpec.ts';
import type { Dtype } from '../models/device.ts';

/** The results of a run: ScreeningResults with the sample (if any) recorded among the parameters. */
export type ScreeningRunResults = ScreeningResults & { readonly parameters: ScreeningResults['parameters'] & { readonly sample: ScreeningSample | null } };

/** What one `--model` value names for a screening audit. */
export type ScreeningChoice =
  | { readonly kind: 'calibrated'; readonly descriptor: Omit<ScreeningModelDescriptor, 'dtype' | 'device'>; readonly embedding: Extract<ReturnType<typeof resolveModel>, { kind: 'embedding' }> }
  | { readonly kind: 'decision'; readonly descriptor: Omit<ScreeningModelDescriptor, 'dtype' | 'device'>; readonly spec: NodeDecisionSpec };

type NodeDecisionKind = Exclude<WorkerDecisionKind, 'onnx-classifier'>;
const KIND_PREFIXES: readonly NodeDecisionKind[] = ['cross-encoder', 'sequence-classifier', 'zero-shot-nli'];

/** A folder's decision kind from config.json: one label → cross-encoder; an entailment label → NLI; else a sequence classifier. */
function folderDecision(dir: string): { kind: NodeDecisionKind; maxLength: number; entailmentLabel?: string } {
  let config: { id2label?: Record<string, string>; max_position_embeddings?: number };
  try {
    config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
  } catch {
    throw new InputError('the model folder has no readable config.json', dir);
  }
  const labels = Object.values(config.id2label ?? {});
  const maxLength = Math.min(config.max_position_embeddings ?? 512, 512);
  const entailment = labels.find((l) => l.toLowerCase() === 'entailment');
  if (entailment) return { kind: 'zero-shot-nli', maxLength, entailmentLabel: entailment };
  return { kind: labels.length <= 1 ? 'cross-encoder' : 'sequence-classifier', maxLength };
}

/**
 * Resolves one `--model` value of a screening run:
 * `calibrated:<embedding model>` (registry id, folder or Hub id) → calibrated
 * similarity; a registry decision model; a local folder (kind read from its
 * config.json); `cross-encoder:`, `sequence-classifier:` or `zero-shot-nli:`
 * before a folder or Hub id; any other Hub id → cross-encoder.
 * @throws {InputError} for anything else.
 */
export function resolveScreeningModel(value: string): ScreeningChoice {
  if (value.startsWith('calibrated:')) {
    const inner = value.slice('calibrated:'.length);
    const embedding = resolveModel(inner);
    if (embedding.kind !== 'embedding') throw new InputError(`calibrated similarity needs an embedding model, got "${inner}"`);
    const d = embedding.descriptor;
    return { kind: 'calibrated', embedding, descriptor: { id: `calibrated:${d.id}`, label: `Calibrated similarity (${d.label})`, kind: 'calibrated-similarity', revision: d.revision } };
  }
  const prefix = KIND_PREFIXES.find((k) => value.startsWith(`${k}:`));
  const id = prefix ? value.slice(prefix.length + 1) : value;
  const entry = findModel(id);
  if (entry?.kind === 'embedding') throw new InputError(`model "${id}" is an embedding model; for a screening audit use calibrated:${id}`);
  if (entry?.kind === 'decision') {
    if (entry.decision === 'calibrated-similarity' || entry.decision === 'onnx-classifier') throw new InputError(`model "${id}" (${entry.decision}) cannot run in Node`);
    return {
      kind: 'decision',
      descriptor: { id: entry.id, label: entry.label, kind: entry.decision, revision: entry.revision },
      spec: { id: entry.id, kind: entry.decision, maxLength: entry.maxLength, revision: entry.revision, entailmentLabel: entry.entailmentLabel },
    };
  }
  const path = resolve(id);
  if (existsSync(path) && statSync(path).isDirectory()) {
    const f = folderDecision(path);
    const kind = prefix ?? f.kind;
    const name = basename(path);
    return {
      kind: 'decision',
      descriptor: { id: `folder:${name}`, label: name, kind, revision: 'local' },
      spec: { id: name, kind, maxLength: f.maxLength, localModelPath: dirname(path), entailmentLabel: f.entailmentLabel },
    };
  }
  if (isHubModelId(id)) {
    const kind = prefix ?? 'cross-encoder';
    return { kind: 'decision', descriptor: { id, label: id, kind, revision: 'main' }, spec: { id, kind, maxLength: 512, revision: 'main' } };
  }
  throw new InputError(`unknown decision model "${value}": use calibrated:<embedding model>, a registry decision model, a model folder or a Hub id org/name`);
}

/** CalibratedSimilarity's embedder over the Node embedder: the role's prefix, rows split out. */
function nodeEmbedderOf(embedder: NodeEmbedder, prefixes: { query: string; document: string }, dtype: string): Embedder {
  return {
    async embed(texts, role) {
      const t0 = performance.now();
      const prefix = role === 'query' ? prefixes.query : prefixes.document;
      const flat = await embedder.embed(texts.map((t) => prefix + t));
      const d = embedder.dims;
      const vectors = texts.map((_, i) => flat.subarray(i * d, (i + 1) * d));
      // 'cpu' is Node's device; the Embedder type names the browser's devices.
      return { vectors, device: 'cpu' as unknown as 'wasm', dtype: dtype as Dtype, ms: performance.now() - t0, fallbacks: [] };
    },
  };
}

async function scoreChoice(choice: ScreeningChoice, data: LoadedScreening, runs: number): Promise<ScreeningModelScores> {
  const work = screeningWorkList(data.parts);
  if (choice.kind === 'calibrated') {
    const { spec, queryPrefix, documentPrefix } = choice.embedding;
    let embedder: NodeEmbedder;
    try {
      embedder = await loadNodeEmbedder(spec);
    } catch (e) {
      throw new InputError(`cannot load model "${choice.embedding.descriptor.id}" (${(e as Error).message.split('\n')[0]})`, spec.localDir);
    }
    try {
      const model = new CalibratedSimilarity(nodeEmbedderOf(embedder, { query: queryPrefix, document: documentPrefix }, spec.dtype));
      try {
        await model.fit(screeningTunePairs(data));
      } catch (e) {
        throw new InputError(`calibrated similarity: ${(e as Error).message}`);
      }
      return await scoreScreening(model, choice.descriptor as ScreeningModelDescriptor, work, data.texts, runs);
    } finally {
      await embedder.dispose();
    }
  }
  let model: Awaited<ReturnType<typeof loadDecisionModelNode>>;
  try {
    model = await loadDecisionModelNode(choice.spec);
  } catch (e) {
    throw new InputError(`cannot load decision model "${choice.descriptor.id}" (${(e as Error).message.split('\n')[0]})`, choice.spec.localModelPath);
  }
  try {
    return await scoreScreening(model as ScreeningScorer, { ...choice.descriptor, kind: choice.descriptor.kind as ScreeningModelKind }, work, data.texts, runs);
  } finally {
    await model.dispose();
  }
}

function integerOption(args: Parameters<Command['run']>[0], name: string, fallback: number, min: number): number {
  const value = stringOption(args, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min) throw new InputError(`--${name} must be an integer ≥ ${min}, got "${value}"`);
  return n;
}

/** Whether `--dataset`'s `--task` is a screening task (false when either cannot be read: runAudit reports that). */
export async function screeningTaskRequested(args: Parameters<Command['run']>[0]): Promise<boolean> {
  const dir = stringOption(args, 'dataset');
  const task = stringOption(args, 'task');
  if (dir === undefined || task === undefined) return false;
  try {
    return isScreeningTask((await openDatasetFolder(dir)).manifest, task);
  } catch {
    return false;
  }
}

/**
 * Runs the screening audit of `--dataset DIR --task NAME` with every `--model`.
 * @throws {InputError} for bad input (unknown task or model, a model that
 *   cannot load, a tune split that cannot calibrate, bad options).
 */
export async function runScreeningAudit(args: Parameters<Command['run']>[0]): Promise<ScreeningRunResults> {
  const dir = requiredOption(args, 'dataset');
  const taskName = requiredOption(args, 'task');
  const modelIds = [...new Set(listOption(args, 'model'))];
  if (modelIds.length === 0) throw new InputError('missing --model (calibrated:fairground-glove-100d, a decision model id, a model folder or a Hub id)');
  const device = stringOption(args, 'device') ?? 'cpu';
  if (device !== 'cpu') throw new InputError(`--device must be cpu in Node (WebGPU and WASM are the browser's), got "${device}"`);
  const runs = integerOption(args, 'runs', SCREENING_DEFAULTS.runs, 1);
  const bootstrap = integerOption(args, 'bootstrap', SCREENING_DEFAULTS.bootstrap, 0);
  const seed = integerOption(args, 'seed', SCREENING_DEFAULTS.seed, -(2 ** 31));
  const sampleCvs = stringOption(args, 'sample-cvs');
  const sample: ScreeningSample | undefined = sampleCvs === undefined ? undefined : { cvsPerJob: integerOption(args, 'sample-cvs', 0, 1), seed: integerOption(args, 'sample-seed', 0, -(2 ** 31)) };
  const choices = modelIds.map(resolveScreeningModel);
  const refOption = stringOption(args, 'reference-model');
  const referenceModel = refOption === 'none' ? undefined : refOption === undefined ? choices[0].descriptor.id : refOption;
  if (referenceModel !== undefined && !choices.some((c) => c.descriptor.id === referenceModel)) {
    throw new InputError(`--reference-model "${referenceModel}" is not one of the models (${choices.map((c) => c.descriptor.id).join(', ')})`);
  }

  const folder = await openDatasetFolder(dir);
  let data: LoadedScreening;
  try {
    data = await loadScreening((name, kind) => readShard(folder, name, kind), selectScreeningTask(folder.manifest, taskName), sample);
  } catch (e) {
    if (e instanceof AuditInputError) throw new InputError(e.message, dir);
    throw e;
  }
  const scores: ScreeningModelScores[] = [];
  for (const choice of choices) scores.push(await scoreChoice(choice, data, runs));
  const results = screeningAudit(
    data.parts,
    scores,
    { reference: data.reference, referenceModel, bootstrap, seed, splits: data.splits },
    {
      dataset: { id: folder.manifest.id, version: folder.manifest.version, manifestSha256: folder.manifestSha256 },
      task: data.task.name,
      runs,
      createdAt: new Date().toISOString(),
      environment: { runtime: 'node', userAgent: `Node.js ${process.version} (${process.platform}; ${process.arch})` },
    },
  );
  return { ...results, parameters: { ...results.parameters, sample: sample ?? null } };
}
