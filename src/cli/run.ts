/**
 * `fairground run`: the retrieval-fairness audit of a dataset package in
 * Node (DESIGN.md, "Headless command line"), printing the same results
 * object the web app stores (core/audit/results.ts), with
 * environment.runtime 'node'.
 */
import type { Command } from './command.ts';
import { listOption, requiredOption, stringOption } from './args.ts';
import { InputError } from './errors.ts';
import { AUDIT_DEFAULTS, auditSubset, retrievalFairnessResults } from '../core/audit/retrievalFairness.ts';
import { bm25Scorer, denseScorer, materialize, tfidfScorer, timingOf } from '../core/audit/scoring.ts';
import type { AuditModel } from '../core/audit/input.ts';
import type { RetrievalFairnessResults } from '../core/audit/results.ts';
import { openDatasetFolder } from './node/datasetFolder.ts';
import { AuditInputError, loadRetrieval, selectTasks, type LoadedRetrieval } from '../core/audit/retrievalData.ts';
import { readShard } from './node/datasetFolder.ts';
import { resolveModel, type ModelChoice } from './node/modelChoice.ts';
import { loadNodeEmbedder, type NodeEmbedder } from './node/nodeEmbedder.ts';
import { runScreeningAudit, screeningTaskRequested } from './runScreening.ts';

/** An integer option ≥ min. @throws {InputError} otherwise. */
function integerOption(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min) throw new InputError(`--${name} must be an integer ≥ ${min}, got "${value}"`);
  return n;
}

async function loadEmbedder(choice: Extract<ModelChoice, { kind: 'embedding' }>): Promise<NodeEmbedder> {
  try {
    return await loadNodeEmbedder(choice.spec);
  } catch (e) {
    const reason = (e as Error).message.split('\n')[0];
    if (choice.spec.localDir === undefined) {
      throw new InputError(
        `cannot load model "${choice.spec.id}" from the Hugging Face Hub (${reason}); offline, use a bundled model (fairground-glove-100d) or a local model folder`,
      );
    }
    throw new InputError(`cannot load model "${choice.descriptor.id}" (${reason})`, `${choice.spec.localDir}${choice.spec.id}`);
  }
}

/**
 * Scores of one model for every subset, timed: indexing or embedding, then
 * every query's scores computed once (materialize), so wallMs is the model's
 * whole test time; model loading is not counted.
 */
async function scoreModel(choice: ModelChoice, data: LoadedRetrieval): Promise<AuditModel[]> {
  const nQueries = data.queryTexts.length;
  if (choice.kind !== 'embedding') {
    return data.subsets.map((s) => {
      const start = performance.now();
      const texts = { queries: data.queryTexts, corpus: data.corpusTexts, twins: s.twinTexts };
      const score = materialize((choice.kind === 'bm25' ? bm25Scorer : tfidfScorer)(texts), nQueries);
      const n = nQueries + data.corpusTexts.length + s.twinTexts.length;
      return { model: choice.descriptor, timing: timingOf(performance.now() - start, n), score };
    });
  }
  const embedder = await loadEmbedder(choice);
  try {
    const start = performance.now();
    const queries = await embedder.embed(data.queryTexts.map((t) => choice.queryPrefix + t));
    const corpus = await embedder.embed(data.corpusTexts.map((t) => choice.documentPrefix + t));
    let embedded = data.queryTexts.length + data.corpusTexts.length;
    const byShard = new Map<string, Float32Array>();
    const shared = performance.now() - start;
    return await Promise.all(
      data.subsets.map(async (s) => {
        const t0 = performance.now();
        let twins = byShard.get(s.twinsShard);
        if (!twins) {
          twins = await embedder.embed(s.twinTexts.map((t) => choice.documentPrefix + t));
          byShard.set(s.twinsShard, twins);
          embedded += s.twinTexts.length;
        }
        const score = materialize(denseScorer({ queries, corpus, twins }, embedder.dims), nQueries);
        const n = data.queryTexts.length + data.corpusTexts.length + s.twinTexts.length;
        return { model: choice.descriptor, timing: timingOf(shared + performance.now() - t0, n), score };
      }),
    );
  } finally {
    await embedder.dispose();
  }
}

/**
 * Runs the audit: reads and verifies the dataset, scores with each model,
 * audits every subset (auditSubset) and assembles the results object.
 * @throws {InputError} for bad input (missing dataset, unknown task or
 *   model, a shard whose SHA-256 does not match, a malformed record).
 */
export async function runAudit(args: Parameters<Command['run']>[0]): Promise<RetrievalFairnessResults> {
  const dir = requiredOption(args, 'dataset');
  const taskName = requiredOption(args, 'task');
  const modelIds = [...new Set(listOption(args, 'model'))];
  if (modelIds.length === 0) throw new InputError('missing --model (bm25, tfidf, fairground-glove-100d, a model folder or a Hub id; repeat it or use commas)');
  const device = stringOption(args, 'device') ?? 'cpu';
  if (device !== 'cpu') throw new InputError(`--device must be cpu in Node (WebGPU and WASM are the browser's), got "${device}"`);
  const bootstrap = integerOption(stringOption(args, 'bootstrap'), 'bootstrap', AUDIT_DEFAULTS.bootstrap, 0);
  const seed = integerOption(stringOption(args, 'seed'), 'seed', AUDIT_DEFAULTS.seed, -(2 ** 31));
  const choices = modelIds.map(resolveModel);

  const folder = await openDatasetFolder(dir);
  let tasks: ReturnType<typeof selectTasks>;
  let data: LoadedRetrieval;
  try {
    tasks = selectTasks(folder.manifest, taskName);
    data = await loadRetrieval((name, kind) => readShard(folder, name, kind), tasks);
  } catch (e) {
    if (e instanceof AuditInputError) throw new InputError(e.message, dir);
    throw e;
  }
  const k = integerOption(stringOption(args, 'k'), 'k', tasks.retrieval.k?.[0] ?? AUDIT_DEFAULTS.k, 1);

  const perModel: AuditModel[][] = [];
  for (const choice of choices) perModel.push(await scoreModel(choice, data));
  const options = { k, bootstrap, seed };
  const subsets = data.subsets.map((s, i) => auditSubset(s.subset, perModel.map((m) => m[i]), options));
  return retrievalFairnessResults(
    {
      dataset: { id: folder.manifest.id, version: folder.manifest.version, manifestSha256: folder.manifestSha256 },
      relevanceThreshold: data.subsets[0].subset.relevanceThreshold,
      options,
      createdAt: new Date().toISOString(),
      environment: { runtime: 'node', userAgent: `Node.js ${process.version} (${process.platform}; ${process.arch})` },
    },
    subsets,
  );
}

export const runCommand: Command = {
  name: 'run',
  usage:
    'run --dataset DIR --task NAME --model ID [--model ID2 …|--model a,b] [--device cpu] [--bootstrap 1000] [--seed 0] [--k 10] [--out F]\n' +
    '    screening task: --model calibrated:fairground-glove-100d,DIR|ID [--runs 7] [--bootstrap 2000] [--seed 0] [--reference-model ID|none] [--sample-cvs N --sample-seed S]',
  summary: 'retrieval-fairness audit (retrieval/twins task) or decision-model screening audit (screening task) of a dataset package',
  run: async (args) => ((await screeningTaskRequested(args)) ? runScreeningAudit(args) : runAudit(args)),
};
