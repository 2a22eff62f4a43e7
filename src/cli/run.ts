/**
 * `fairground run`: the retrieval-fairness audit of a dataset package in
 * Node (DESIGN.md, "Headless command line") — the CLI's adapter of
 * core/audit/run/retrieval.ts, printing the same results object the web
 * app stores, with environment.runtime 'node'.
 */
import { parseGroupBy, type GroupBy } from '../core/audit/retrieval/index.ts';
import { GROUP_TARGETS, type GroupTarget } from '../core/metrics/groupFairness/index.ts';
import { embeddingTruncations } from '../core/models/truncation.ts';
import type { CliIo, Command } from './command.ts';
import { withScoreShards } from './scoreShardsIo.ts';
import { deviceOption, integerOption, intListOption, listOption, requiredOption, scoresOption, stringOption } from './args.ts';
import { FormatError } from '../core/formats/formatError.ts';
import { InputError } from './errors.ts';
import { AUDIT_DEFAULTS, auditModelJob, perQueryRows, trecRunLines, type RetrievalFairnessResults, type PerQueryRow } from '../core/audit/retrieval/index.ts';
import { AuditInputError } from '../core/audit/common/index.ts';
import { ModelRunError, runRetrievalFairnessAtKs, type RetrievalCompute, type RetrievalModelPort } from '../core/audit/run/index.ts';
import { folderDataset, nodeEnvironment } from './node/datasetPort.ts';
import { defaultCacheDir, downloadHubDataset, HUB_DATASET_PREFIX, hubHostOf } from './node/hubDataset.ts';
import { parseHubFileMap, parseTwinGroups } from '../core/hub/hubFileMap.ts';
import { terminalProgress } from './node/progressLine.ts';
import { openNodeEmbedder } from './node/embedderPort.ts';
import { resolveModel, type ModelChoice } from './node/modelChoice.ts';
import { runScreeningAudit, screeningTaskRequested } from './runScreening.ts';
import { vectorsOption } from './vectorsOption.ts';

function modelPort(choice: ModelChoice): RetrievalModelPort {
  if (choice.kind !== 'embedding') return { key: choice.kind, kind: choice.kind };
  const { id, label, revision } = choice.descriptor;
  return { key: id, kind: 'embedding', descriptor: { id, label, revision, truncations: embeddingTruncations(choice.spec.maxLength) }, open: () => openNodeEmbedder(choice) };
}

/**
 * Runs the audit of `--dataset DIR --task NAME` with every `--model`.
 * @throws {InputError} for bad input (missing dataset, unknown task or
 *   model, a shard whose SHA-256 does not match, a malformed record).
 */
export async function runAudit(args: Parameters<Command['run']>[0], io: CliIo): Promise<RetrievalFairnessResults | RetrievalFairnessResults[]> {
  const dir = requiredOption(args, 'dataset');
  const taskName = await taskOption(args, dir);
  const modelIds = [...new Set(listOption(args, 'model'))];
  const shardIo = withScoreShards(io, 'run');
  const scores = await scoresOption(args, (path) => shardIo.readText(path), 'scores', shardIo.sha256);
  const vectors = await vectorsOption(args, io).catch(asInputError(dir));
  if (modelIds.length === 0 && scores.length === 0 && vectors.length === 0) {
    throw new InputError('missing --model (bm25, tfidf, fairground-glove-100d, a model folder or a Hub id; repeat it or use commas), --scores NAME=FILE or --vectors NAME=FILE|DIR');
  }
  deviceOption(args);
  const bootstrap = integerOption(args, 'bootstrap', AUDIT_DEFAULTS.bootstrap, 0);
  const seed = integerOption(args, 'seed', AUDIT_DEFAULTS.seed, -(2 ** 31));
  // `--k 10` or a list `--k 5,10,20` (one results object per k, each model embedded once).
  const ks = args.options.has('k') ? intListOption(args, 'k', [AUDIT_DEFAULTS.k]) : undefined;
  if (ks && new Set(ks).size !== ks.length) throw new InputError(`--k lists a cut-off twice: ${ks.join(',')}`);
  const k = ks?.[0];
  const models: RetrievalModelPort[] = [
    ...modelIds.map(resolveModel).map(modelPort),
    ...scores.map((s) => ({ key: `imported:${s.name}`, kind: 'imported' as const, scores: s })),
    ...vectors.map((v) => ({ key: `vectors:${v.vectors.name}`, kind: 'vectors' as const, vectors: v.vectors, read: async () => v.table })),
  ];
  const dataset = await folderDataset(dir);
  const exports = runExports(args);
  try {
    const progress = terminalProgress(process.stderr, args.options.has('quiet'));
    const plan = { tasks: [taskName], models, k, ks, bootstrap, seed, ...groupOptions(args), environment: nodeEnvironment() };
    const all = await runRetrievalFairnessAtKs(plan, { dataset, compute: exports.compute }, { onProgress: progress }).finally(() => progress?.end());
    const results = ks && ks.length > 1 ? all : all[0];
    await exports.write(io);
    return results;
  } catch (e) {
    // A model that cannot load says so with its own InputError (exit 2), not as a failed run.
    if (e instanceof ModelRunError && e.cause instanceof InputError) throw e.cause;
    return asInputError(dir)(e);
  }
}

/**
 * `--group-by FIELD[,FIELD2]|none` and `--group-target pool|relevant|equal`: the grouping of the group
 * fairness of rankings (METRICS.md §12; the default grouping when absent).
 * @throws {InputError} for a grouping of more than two fields or an unknown target.
 */
function groupOptions(args: Parameters<Command['run']>[0]): { groupBy?: GroupBy | null; groupTarget?: GroupTarget } {
  const by = stringOption(args, 'group-by');
  const target = stringOption(args, 'group-target');
  if (target !== undefined && !GROUP_TARGETS.includes(target as GroupTarget)) throw new InputError(`--group-target must be one of ${GROUP_TARGETS.join(', ')}, got "${target}"`);
  let groupBy: GroupBy | null | undefined;
  try {
    groupBy = by === undefined ? undefined : by.trim() === 'none' ? null : parseGroupBy(by);
  } catch (e) {
    throw new InputError(`--${(e as Error).message}`);
  }
  return { ...(groupBy !== undefined ? { groupBy } : {}), ...(target !== undefined ? { groupTarget: target as GroupTarget } : {}) };
}

/** A bad input file's FormatError or AuditInputError as the CLI's InputError (exit 2); anything else rethrown. */
function asInputError(dir: string): (e: unknown) => never {
  return (e) => {
    if (e instanceof FormatError) throw new InputError(e.message, e.file, e.line);
    if (e instanceof AuditInputError) throw new InputError(e.message, e.file ?? dir);
    throw e;
  };
}

/**
 * `--write-run FILE` (each model's ranking of the corpus, top 1,000 per query, as a TREC run
 * tagged with the model id) and `--per-query FILE` (each query's values, JSON Lines): the
 * in-thread compute port, watching the scores it audits.
 */
function runExports(args: Parameters<Command['run']>[0]): { compute: RetrievalCompute; write(io: CliIo): Promise<void> } {
  const runFile = stringOption(args, 'write-run');
  const perQueryFile = stringOption(args, 'per-query');
  const runLines: string[] = [];
  const rows: PerQueryRow[] = [];
  const written = new Set<string>();
  const compute: RetrievalCompute = {
    auditModel: (job, onSubsetDone, onQueries) =>
      auditModelJob(job, onSubsetDone, (i, score) => {
        const subset = job.subsets[i].subset;
        const key = `${job.model.id}\t${subset.task}`;
        if (runFile && !written.has(key)) {
          written.add(key);
          for (const line of trecRunLines(subset, score, job.model.id)) runLines.push(line);
        }
        if (perQueryFile) for (const row of perQueryRows(subset, score, job.model.id, job.options.k ?? AUDIT_DEFAULTS.k)) rows.push(row);
      }, { onQueries }),
  };
  return {
    compute,
    async write(io) {
      if (runFile) await io.writeFile(runFile, `${runLines.join('\n')}\n`);
      if (perQueryFile) await io.writeFile(perQueryFile, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    },
  };
}

/** `--task`; when missing, the error lists the dataset's tasks. @throws {InputError} */
export async function taskOption(args: Parameters<Command['run']>[0], dir: string): Promise<string> {
  const task = stringOption(args, 'task');
  if (task !== undefined) return task;
  const { manifest } = await folderDataset(dir);
  throw new InputError(`missing --task; this dataset has ${manifest.tasks.map((t) => `${t.name} (${t.type})`).join(', ') || 'no tasks'}`);
}

export const runCommand: Command = {
  name: 'run',
  options: { dataset: { type: 'string', input: 'file-or-folder', notPathPrefix: 'hf:' }, hub: { type: 'string' }, 'hub-map': { type: 'string' }, 'hub-groups': { type: 'string' }, task: { type: 'string' }, model: { type: 'string', multiple: true }, scores: { type: 'string', multiple: true, input: 'file-or-folder', named: true }, vectors: { type: 'string', multiple: true, input: 'file-or-folder', named: true }, 'write-run': { type: 'string' }, 'per-query': { type: 'string' }, quiet: { type: 'boolean' }, device: { type: 'string' }, bootstrap: { type: 'string' }, seed: { type: 'string' }, k: { type: 'string' }, runs: { type: 'string' }, 'reference-model': { type: 'string' }, 'sample-cvs': { type: 'string' }, 'sample-seed': { type: 'string' }, 'group-by': { type: 'string' }, 'group-target': { type: 'string' }, 'llm-mode': { type: 'string' }, temperature: { type: 'string' }, 'max-new-tokens': { type: 'string' }, template: { type: 'string', input: 'file' }, 'no-prefix-cache': { type: 'boolean' }, structured: { type: 'boolean' } },
  usage:
    'run --dataset DIR|hf:owner/name[@rev][:config[/split]] [--hub URL] [--hub-map PATH=ROLE,…] [--hub-groups ATTRIBUTE=G1/G2,…] --task NAME --model ID [--model ID2 …|--model a,b] [--scores NAME=FILE|DIR …] [--vectors NAME[@REV]=FILE|DIR …] [--write-run F] [--per-query F] [--quiet] [--device cpu] [--bootstrap 1000] [--seed 0] [--k 10|5,10,20] [--group-by meta.gender[,FIELD2]|none] [--group-target pool|relevant|equal] [--out F]\n' +
    '    screening task: --model calibrated:fairground-glove-100d,DIR|ID [--runs 7] [--bootstrap 2000] [--seed 0] [--reference-model ID|none] [--sample-cvs N --sample-seed S]\n' +
    '      an LLM screener: --model llm:ID|DIR [--llm-mode probabilities|generate] [--temperature T] [--max-new-tokens N] [--structured] [--template FILE] [--no-prefix-cache]',
  summary: 'retrieval-fairness audit (retrieval/twins task) or decision-model screening audit (screening task) of a dataset package',
  run: async (parsed, io) => {
    const args = await withHubDataset(parsed);
    return (await screeningTaskRequested(args)) ? runScreeningAudit(args, io) : runAudit(args, io);
  },
};

/**
 * The arguments with a `--dataset hf:owner/name…` replaced by the cache folder it was downloaded
 * into (hubDataset.ts); other arguments as they are.
 */
async function withHubDataset(args: Parameters<Command['run']>[0]): Promise<Parameters<Command['run']>[0]> {
  const dataset = stringOption(args, 'dataset');
  const hub = stringOption(args, 'hub');
  const mapText = stringOption(args, 'hub-map');
  const groupsText = stringOption(args, 'hub-groups');
  if (dataset === undefined || !dataset.startsWith(HUB_DATASET_PREFIX)) {
    const given = [hub !== undefined && '--hub', mapText !== undefined && '--hub-map', groupsText !== undefined && '--hub-groups'].filter(Boolean);
    if (given.length > 0) throw new InputError(`${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} for a Hub dataset: give it with --dataset hf:owner/name`);
    return args;
  }
  let map, groups;
  try {
    map = mapText === undefined ? undefined : parseHubFileMap(mapText);
    groups = groupsText === undefined ? undefined : parseTwinGroups(groupsText);
  } catch (e) {
    if (e instanceof FormatError) throw new InputError(e.message);
    throw e;
  }
  const quiet = args.options.has('quiet');
  const dir = await downloadHubDataset(dataset, {
    host: hubHostOf(hub), cacheDir: defaultCacheDir(), log: quiet ? undefined : (line) => process.stderr.write(`${line}\n`),
    ...(map ? { map } : {}), ...(groups ? { groups } : {}),
  });
  return { ...args, options: new Map([...args.options, ['dataset', dir]]) };
}
