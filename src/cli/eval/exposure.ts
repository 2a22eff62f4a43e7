import { basename, extname } from 'node:path';
import type { Command } from '../command.ts';
import { intListOption, integerOption, listOption, numberOption, requiredOption, stringOption, type ParsedArgs } from '../args.ts';
import { InputError } from '../errors.ts';
import { parseQrels, type Qrels } from '../../core/formats/qrels.ts';
import {
  GROUP_TARGETS,
  groupFairnessOptions,
  groupFairnessVerdict,
  poolGroupCounts,
  rankedIds,
  scoreGroupFairnessQuery,
  summarizeGroupFairness,
  at,
  type GroupFairnessOptions,
  type GroupFairnessSummary,
  type GroupTarget,
  type QueryGroupFairness,
} from '../../core/metrics/groupFairness/index.ts';
import { CI_OPTIONS, ciOptions } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';
import { withNulls } from './jsonNulls.ts';
import { readGroupFile } from './groupFile.ts';
import { readRun } from './readRun.ts';

/** The options that only mean something with qrels. */
const QRELS_OPTIONS = ['threshold', 'gain'] as const;

/**
 * §12's options from the command line.
 * @throws {InputError} saying what to pass: a bad K, skew cut-off, target, threshold or gain, or
 * an option that needs --qrels without it.
 */
function exposureOptions(args: ParsedArgs, withQrels: boolean): GroupFairnessOptions {
  const target = (stringOption(args, 'target') ?? 'pool') as GroupTarget;
  if (!GROUP_TARGETS.includes(target)) throw new InputError(`--target must be one of ${GROUP_TARGETS.join(', ')}, got "${target}"`);
  if (target === 'relevant' && !withQrels) throw new InputError("--target relevant needs --qrels Q: the target is the groups' shares among each query's relevant documents");
  for (const name of QRELS_OPTIONS) if (!withQrels && args.options.has(name)) throw new InputError(`--${name} applies to the judgments: pass --qrels Q, or leave out --${name}`);
  const k = integerOption(args, 'k', 100, 1);
  const skewKs = intListOption(args, 'skew-k', [Math.min(10, k)]);
  const tooDeep = skewKs.find((s) => s > k);
  if (tooDeep !== undefined) throw new InputError(`--skew-k ${tooDeep} is deeper than --k ${k}: the rankings are cut at K`);
  const threshold = numberOption(args, 'threshold', 1);
  if (!(threshold > 0)) throw new InputError(`--threshold must be > 0, got ${threshold}`);
  const gain = stringOption(args, 'gain') ?? 'linear';
  if (gain !== 'linear' && gain !== 'exp') throw new InputError(`--gain must be linear or exp, got "${gain}"`);
  return groupFairnessOptions({ k, target, threshold, skewKs, gain });
}

/** `--field COL[,COL]`: the header column (or two, intersected) holding the group. */
function fieldOption(args: ParsedArgs): readonly [string] | readonly [string, string] | undefined {
  const fields = listOption(args, 'field');
  if (fields.length === 0) return undefined;
  if (fields.length > 2) throw new InputError(`--field takes one column, or two to intersect (e.g. gender,seniority), got ${fields.length}`);
  return fields.length === 1 ? [fields[0]] : [fields[0], fields[1]];
}

/** One query's record in the JSON: plain numbers, per-group values by group. */
function perQueryJson(r: QueryGroupFairness, k: number) {
  const byGroup = (v: ArrayLike<number> | undefined) => (v === undefined ? undefined : Object.fromEntries(r.groups.map((g, i) => [g, v[i]])));
  return {
    exposure: byGroup(r.exposure),
    exposure_ratio: r.exposureRatio,
    disparate_treatment: r.disparateTreatment,
    attention: byGroup(r.attention),
    target: byGroup(r.target),
    [`awrf@${k}`]: r.awrf,
    [`ndcg@${k}`]: r.ndcg,
    [`awrf_ndcg@${k}`]: r.awrfNdcg,
    [`ndkl@${k}`]: r.ndkl,
    n_unlabelled: r.nUnlabelled,
  };
}

/**
 * `fairground eval exposure`: who gets seen in a run's rankings, by group (METRICS.md §12) — group
 * exposure and its ratio, disparate treatment (with --qrels), AWRF and AWRF×nDCG (with --qrels),
 * NDKL, pooled Skew@k with MinSkew and MaxSkew, and a verdict. The pool of every query is every
 * labelled document of the group file. Output: `mean` (plain numbers, or {mean, ci} with
 * --bootstrap, resampling queries), `skew` (pooled), `target_share`, `per_query`, the counts, and
 * `verdict`.
 */
export const exposureCommand: Command = {
  name: 'exposure',
  options: {
    run: { type: 'string', input: 'file' },
    groups: { type: 'string', input: 'file' },
    qrels: { type: 'string', input: 'file' },
    field: { type: 'string' },
    k: { type: 'string' },
    'skew-k': { type: 'string' },
    target: { type: 'string' },
    threshold: { type: 'string' },
    gain: { type: 'string' },
    ...CI_OPTIONS,
  },
  usage: 'eval exposure --run F --groups F [--field COL[,COL]] [--qrels F] [--k 100] [--skew-k 10] [--target pool|relevant|equal] [--threshold 1] [--gain linear|exp] [--bootstrap B --seed S]',
  summary: 'group exposure, disparate treatment, AWRF, NDKL and Skew@k of a run, given each document\'s group (METRICS.md §12)',
  async run(args, io) {
    const files = { run: requiredOption(args, 'run'), groups: requiredOption(args, 'groups'), qrels: stringOption(args, 'qrels') };
    const options = exposureOptions(args, files.qrels !== undefined);
    const ci = ciOptions(args);
    const fields = fieldOption(args);
    const { labels } = await parseInput(io, files.groups, (text) => readGroupFile(text, fields));
    const labelOf = (doc: string) => labels.get(doc);
    const pool = poolGroupCounts(labels.keys(), labelOf);
    if (pool.counts.size === 0) throw new InputError('no document of the group file has a group: give lines "doc_id group"', files.groups);
    const qrels: Qrels | undefined = files.qrels === undefined ? undefined : await parseInput(io, files.qrels, (text) => parseQrels(text, 'error'));
    const run = await readRun(io, files.run);
    const perQuery: Record<string, ReturnType<typeof perQueryJson>> = {};
    const records = run.queries.map((query) => {
      const record = scoreGroupFairnessQuery({ ranked: rankedIds(run.get(query) ?? [], options.k), labelOf, pool: pool.counts, judgments: qrels?.get(query) }, options);
      perQuery[query] = perQueryJson(record, options.k);
      return record;
    });
    return withNulls(report(summarizeGroupFairness(records, options, ci), options, files.run, pool, perQuery));
  },
};

/** The JSON: the summary's means under `mean`, pooled Skew under `skew`, then per query, counts and the verdict. */
function report(
  summary: GroupFairnessSummary,
  options: GroupFairnessOptions,
  runFile: string,
  pool: { counts: ReadonlyMap<string, number>; nUnlabelled: number },
  perQuery: Record<string, unknown>,
) {
  const { k, target, threshold, groups, n_queries, n_unlabelled, n_skipped, exposure, exposure_ratio, disparate_treatment, target_share, attention_share } = summary;
  const mean = { exposure, exposure_ratio, disparate_treatment, attention_share, ...pick(summary, ['awrf', 'awrf_ndcg', 'ndkl'], [k]) };
  const skew = pick(summary, ['skew', 'absent', 'min_skew', 'max_skew'], options.skewKs);
  const subject = basename(runFile, extname(runFile));
  return {
    k,
    target,
    threshold,
    groups,
    mean,
    target_share,
    skew,
    per_query: perQuery,
    n_queries,
    n_skipped,
    n_unlabelled,
    pool: { groups: Object.fromEntries(pool.counts), n_unlabelled: pool.nUnlabelled },
    verdict: groupFairnessVerdict(summary, { subject, pool: 'group file' }),
  };
}

/** The summary's entries `metric@k` for each metric and cut-off, in that order. */
function pick(summary: GroupFairnessSummary, metrics: readonly ('awrf' | 'awrf_ndcg' | 'ndkl' | 'skew' | 'absent' | 'min_skew' | 'max_skew')[], ks: readonly number[]): Record<string, unknown> {
  return Object.fromEntries(ks.flatMap((k) => metrics.map((m) => [at(m, k), summary[at(m, k)]])));
}
