/**
 * `fairground run` on a screening task: the decision-model screening audit
 * (DESIGN.md, second protocol) in Node, printing the same ScreeningResults
 * object the web app stores (environment.runtime 'node'). Scoring goes
 * through src/models/decisionNode.ts (cross-encoders, sequence classifiers,
 * zero-shot NLI) and, for calibrated similarity, the Node embedder
 * (src/cli/node/nodeEmbedder.ts) under CalibratedSimilarity.
 * docs/screening.md states the protocol, docs/cli.md the options.
 */
import { decisionTruncations, embeddingTruncations } from '../core/models/truncation.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { CliIo, Command } from './command.ts';
import { FormatError } from '../core/formats/formatError.ts';
import { withScoreShards } from './scoreShardsIo.ts';
import { deviceOption, integerOption, listOption, requiredOption, scoresOption, stringOption } from './args.ts';
import { InputError } from './errors.ts';
import { explainHubFailure, HubUnreachableError } from '../core/hub/hubUnreachable.ts';
import { DEFAULT_HUB_HOST } from '../core/models/modelSource.ts';
import { folderDataset, nodeEnvironment } from './node/datasetPort.ts';
import { terminalProgress } from './node/progressLine.ts';
import { resolveModel } from './node/modelChoice.ts';
import { loadNodeEmbedder, type NodeEmbedder } from './node/nodeEmbedder.ts';
import { AuditInputError } from '../core/audit/common/index.ts';
import { ModelRunError, runScreening, type OpenedEmbedder, type OpenedScorer, type ScreeningModelPort, type ScreeningRunResults } from '../core/audit/run/index.ts';
import { isScreeningTask, SCREENING_DEFAULTS, type ScreeningSample, type ScreeningModelDescriptor } from '../core/audit/screening/index.ts';
import type { ScreeningScorer } from '../core/models/decisionScores.ts';
import type { Dtype } from '../core/models/device.ts';
import { importedRevision } from '../core/audit/imported/index.ts';
import { findModel, isHubModelId } from '../models/registry.ts';
import { loadDecisionModelNode, type NodeDecisionSpec } from '../models/decisionNode.ts';
import type { WorkerDecisionKind } from '../models/decisionSpec.ts';
import { loadLlmNode, type NodeLlmModel } from '../models/llmNode.ts';
import { LLM_PREFIX, resolveLlmChoice, type LlmChoice } from './llmChoice.ts';
import type { ParsedArgs } from './args.ts';

export type { ScreeningRunResults } from '../core/audit/run/index.ts';

/** What one `--model` value names for a screening audit. */
export type ScreeningChoice =
  | { readonly kind: 'calibrated'; readonly descriptor: Omit<ScreeningModelDescriptor, 'dtype' | 'device'>; readonly embedding: Extract<ReturnType<typeof resolveModel>, { kind: 'embedding' }> }
  | { readonly kind: 'decision'; readonly descriptor: Omit<ScreeningModelDescriptor, 'dtype' | 'device'>; readonly spec: NodeDecisionSpec }
  | LlmChoice;

type NodeDecisionKind = Exclude<WorkerDecisionKind, 'onnx-classifier' | 'llm'>;
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
export function resolveScreeningModel(value: string, args?: ParsedArgs, seed: number = SCREENING_DEFAULTS.seed): ScreeningChoice {
  if (value.startsWith(LLM_PREFIX)) return resolveLlmChoice(value, args ?? { positionals: [], options: new Map() } as unknown as ParsedArgs, seed);
  if (value.startsWith('calibrated:')) {
    const inner = value.slice('calibrated:'.length);
    const embedding = resolveModel(inner);
    if (embedding.kind !== 'embedding') throw new InputError(`calibrated similarity needs an embedding model, got "${inner}"`);
    const d = embedding.descriptor;
    return { kind: 'calibrated', embedding, descriptor: { id: `calibrated:${d.id}`, label: `Calibrated similarity (${d.label})`, kind: 'calibrated-similarity', revision: d.revision, truncations: embeddingTruncations(embedding.spec.maxLength) } };
  }
  const prefix = KIND_PREFIXES.find((k) => value.startsWith(`${k}:`));
  const id = prefix ? value.slice(prefix.length + 1) : value;
  const entry = findModel(id);
  if (entry?.kind === 'embedding') throw new InputError(`model "${id}" is an embedding model; for a screening audit use calibrated:${id}`);
  if (entry?.kind === 'decision') {
    if (entry.decision === 'llm') throw new InputError(`model "${id}" is an LLM: use --model llm:${id}`);
    if (entry.decision === 'calibrated-similarity' || entry.decision === 'onnx-classifier') throw new InputError(`model "${id}" (${entry.decision}) cannot run in Node`);
    return {
      kind: 'decision',
      descriptor: { id: entry.id, label: entry.label, kind: entry.decision, revision: entry.revision, truncations: decisionTruncations(entry.decision, entry.maxLength) },
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
      descriptor: { id: `folder:${name}`, label: name, kind, revision: 'local', truncations: decisionTruncations(kind, f.maxLength) },
      spec: { id: name, kind, maxLength: f.maxLength, localModelPath: dirname(path), entailmentLabel: f.entailmentLabel },
    };
  }
  if (isHubModelId(id)) {
    const kind = prefix ?? 'cross-encoder';
    return { kind: 'decision', descriptor: { id, label: id, kind, revision: 'main', truncations: decisionTruncations(kind, 512) }, spec: { id, kind, maxLength: 512, revision: 'main' } };
  }
  throw new InputError(`unknown decision model "${value}": use calibrated:<embedding model>, a registry decision model, a model folder or a Hub id org/name`);
}

/** Calibrated similarity's embedder over the Node embedder: the role's prefix, rows split out. */
async function openCalibrated(choice: Extract<ScreeningChoice, { kind: 'calibrated' }>): Promise<OpenedEmbedder> {
  const { spec, queryPrefix, documentPrefix } = choice.embedding;
  let embedder: NodeEmbedder;
  try {
    embedder = await loadNodeEmbedder(spec);
  } catch (e) {
    throw new InputError(`cannot load model "${choice.embedding.descriptor.id}" (${(e as Error).message.split('\n')[0]})`, spec.localDir);
  }
  return {
    device: 'cpu',
    dtype: spec.dtype,
    async embed(texts, role) {
      const t0 = performance.now();
      const prefix = role === 'query' ? queryPrefix : documentPrefix;
      const flat = await embedder.embed(texts.map((t) => prefix + t));
      const d = embedder.dims;
      const vectors = texts.map((_, i) => flat.subarray(i * d, (i + 1) * d));
      return { vectors, device: 'cpu', dtype: spec.dtype as Dtype, ms: performance.now() - t0, fallbacks: [] };
    },
    dispose: () => embedder.dispose(),
  };
}

async function openDecision(choice: Extract<ScreeningChoice, { kind: 'decision' }>): Promise<OpenedScorer> {
  let model: Awaited<ReturnType<typeof loadDecisionModelNode>>;
  try {
    model = await loadDecisionModelNode(choice.spec);
  } catch (e) {
    const unreachable = choice.spec.localModelPath === undefined ? explainHubFailure(e, { host: DEFAULT_HUB_HOST, id: choice.spec.id }, 'cli') : e;
    if (unreachable instanceof HubUnreachableError) throw new InputError(unreachable.message);
    throw new InputError(`cannot load decision model "${choice.descriptor.id}" (${(e as Error).message.split('\n')[0]})`, choice.spec.localModelPath);
  }
  return {
    reportsRuns: false,
    score: (pairs, signal) => (model as ScreeningScorer).score(pairs, signal),
    scoreRuns: (pairs, runs, signal) => (model as ScreeningScorer).scoreRuns(pairs, runs, signal),
    dispose: () => model.dispose(),
  };
}

async function openLlm(choice: LlmChoice): Promise<OpenedScorer> {
  let model: NodeLlmModel;
  try {
    model = await loadLlmNode(choice.spec);
  } catch (e) {
    const unreachable = choice.spec.localModelPath === undefined ? explainHubFailure(e, { host: DEFAULT_HUB_HOST, id: choice.spec.id }, 'cli') : e;
    if (unreachable instanceof HubUnreachableError) throw new InputError(unreachable.message);
    throw new InputError(`cannot load LLM "${choice.descriptor.id}" (${(e as Error).message.split('\n')[0]})`, choice.spec.localModelPath);
  }
  return {
    reportsRuns: false,
    llmAsked: model.llmAsked,
    score: (pairs, signal) => model.score(pairs, signal),
    scoreRuns: (pairs, runs, signal) => model.scoreRuns(pairs, runs, signal),
    dispose: () => model.dispose(),
  };
}

function modelPort(choice: ScreeningChoice): ScreeningModelPort {
  const common = { key: choice.descriptor.id, descriptor: choice.descriptor };
  switch (choice.kind) {
    case 'calibrated':
      return { ...common, kind: 'calibrated', open: () => openCalibrated(choice) };
    case 'llm':
      return { ...common, kind: 'decision', open: () => openLlm(choice) };
    case 'decision':
      return { ...common, kind: 'decision', open: () => openDecision(choice) };
  }
}

/** Whether `--dataset`'s `--task` is a screening task (false when either cannot be read: runAudit reports that). */
export async function screeningTaskRequested(args: Parameters<Command['run']>[0]): Promise<boolean> {
  const dir = stringOption(args, 'dataset');
  const task = stringOption(args, 'task');
  if (dir === undefined || task === undefined) return false;
  try {
    // folderDataset reads a zipped package as well as a folder (a zip's manifest is inside it).
    return isScreeningTask((await folderDataset(dir)).manifest, task);
  } catch {
    return false;
  }
}

/**
 * Runs the screening audit of `--dataset DIR --task NAME` with every `--model`.
 * @throws {InputError} for bad input (unknown task or model, a model that
 *   cannot load, a tune split that cannot calibrate, bad options).
 */
export async function runScreeningAudit(args: Parameters<Command['run']>[0], io: CliIo): Promise<ScreeningRunResults> {
  const dir = requiredOption(args, 'dataset');
  const taskName = requiredOption(args, 'task');
  const modelIds = [...new Set(listOption(args, 'model'))];
  const shardIo = withScoreShards(io, 'screening');
  const scores = await scoresOption(args, (path) => shardIo.readText(path), 'scores', shardIo.sha256);
  if (modelIds.length === 0 && scores.length === 0) {
    throw new InputError('missing --model (calibrated:fairground-glove-100d, a decision model id, a model folder or a Hub id) or --scores NAME=FILE');
  }
  // --device wasm: onnxruntime-web's WASM kernels in Node, the browser's arithmetic (LLM screeners from a folder only).
  const device = deviceOption(args, true);
  if (device === 'wasm' && (modelIds.length === 0 || !modelIds.every((m) => m.startsWith(LLM_PREFIX)))) {
    throw new InputError('--device wasm runs LLM screeners only (--model llm:DIR); other models run on cpu');
  }
  const runs = integerOption(args, 'runs', SCREENING_DEFAULTS.runs, 1);
  const bootstrap = integerOption(args, 'bootstrap', SCREENING_DEFAULTS.bootstrap, 0);
  const seed = integerOption(args, 'seed', SCREENING_DEFAULTS.seed, -(2 ** 31));
  const sample: ScreeningSample | undefined = args.options.has('sample-cvs')
    ? { cvsPerJob: integerOption(args, 'sample-cvs', 0, 1), seed: integerOption(args, 'sample-seed', 0, -(2 ** 31)) }
    : undefined;
  const models: ScreeningModelPort[] = [
    ...modelIds.map((v) => resolveScreeningModel(v, args, seed)).map(modelPort),
    ...scores.map((s) => ({ key: `imported:${s.name}`, kind: 'imported' as const, scores: s, descriptor: { id: `imported:${s.name}`, label: s.name, kind: 'imported' as const, revision: importedRevision(s) } })),
  ];
  const ids = models.map((m) => m.descriptor.id);
  const refOption = stringOption(args, 'reference-model');
  const referenceModel = refOption === 'none' ? undefined : refOption === undefined ? ids[0] : refOption;
  if (referenceModel !== undefined && !ids.includes(referenceModel)) {
    throw new InputError(`--reference-model "${referenceModel}" is not one of the models (${ids.join(', ')})`);
  }
  const dataset = await folderDataset(dir);
  const plan = { task: taskName, models, runs, bootstrap, seed, referenceModel, sample, environment: nodeEnvironment() };
  try {
    const progress = terminalProgress(process.stderr, args.options.has('quiet'));
    return await runScreening(plan, { dataset }, { onProgress: progress }).finally(() => progress?.end());
  } catch (e) {
    if (e instanceof FormatError) throw new InputError(e.message, e.file, e.line);
    // A model that cannot load says so with its own InputError (exit 2), not as a failed run.
    if (e instanceof ModelRunError && e.cause instanceof InputError) throw e.cause;
    if (e instanceof AuditInputError) throw new InputError(e.message, e.file ?? (e.message.startsWith('calibrated similarity:') ? undefined : dir));
    throw e;
  }
}
