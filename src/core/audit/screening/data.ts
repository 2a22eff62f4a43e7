/**
 * The screening task of a dataset, read through a ShardReader (a folder in
 * Node, IndexedDB in the browser) and turned into the screening audit's
 * inputs: the parts without texts (core/audit/screening/input.ts), the texts
 * the models score, the reference groups and the split names.
 *
 * Records are put in canonical order — pools by job id, labels by (job id,
 * CV id), variants by variant id — so every reader yields the same work list
 * (and the same bootstrap) whatever order a store keeps. A pool keeps its
 * own CV order.
 *
 * An optional seeded sample keeps at most N CVs per pool (docs/screening.md
 * §1.1), for quick audits of slow models; it is part of the run's
 * parameters, never a hidden path.
 */
import type { Manifest, ScreeningTask } from '../../formats/manifest.ts';
import type { JobRecord, LabelRecord, PoolRecord, VariantRecord } from '../../formats/records.ts';
import { createRng } from '../../stats/rng.ts';
import { AuditInputError, type ShardReader } from '../common/index.ts';
import type { ScreeningParts } from './input.ts';

/** At most `cvsPerJob` CVs of each pool, drawn with `seed`, balanced between FIT and NOT FIT. */
export interface ScreeningSample {
  readonly cvsPerJob: number;
  readonly seed: number;
}

/** Texts by id; undefined for an id the dataset lacks (the same shape as core/audit/screening/scoring.ts' ScreeningTexts). */
export interface ScreeningTextLookup {
  job(id: string): string;
  cv(id: string): string;
  variant(id: string): string;
}

export interface LoadedScreening {
  readonly task: ScreeningTask;
  readonly parts: ScreeningParts;
  readonly texts: ScreeningTextLookup;
  /** Reference group per attribute (the task's `reference`). */
  readonly reference: Readonly<Record<string, string>>;
  /** Split names of the labels for tuning and testing. */
  readonly splits: { readonly tune: string; readonly test: string };
}

function byKey<T>(records: readonly T[], key: (r: T) => string): T[] {
  return [...records].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * The screening task named `name`, or the only one when `name` is undefined.
 * @throws {AuditInputError} for an unknown task or one of another type.
 */
export function selectScreeningTask(manifest: Manifest, name?: string): ScreeningTask {
  const screening = manifest.tasks.filter((t): t is ScreeningTask => t.type === 'screening');
  const task = name === undefined ? screening[0] : manifest.tasks.find((t) => t.name === name);
  if (!task) throw new AuditInputError(`unknown task "${name ?? ''}"; this dataset has ${screening.length ? screening.map((t) => t.name).join(', ') : 'no screening task'}`);
  if (task.type !== 'screening') throw new AuditInputError(`task "${task.name}" is a ${task.type} task, not a screening task`);
  return task;
}

/** Whether the manifest's task `name` is a screening task (the CLI's dispatch). */
export function isScreeningTask(manifest: Manifest, name: string): boolean {
  return manifest.tasks.some((t) => t.name === name && t.type === 'screening');
}

function shuffled<T>(items: readonly T[], rng: ReturnType<typeof createRng>): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * How a sample draws its CVs, in words for the Run form (issue 48: it spoke of FIT and NOT FIT on a
 * dataset with no labels): alternately FIT and NOT FIT where the task has labels, else at random.
 * @example sampleDrawText(false) // 'drawn at random: this task has no labels'
 */
export function sampleDrawText(labelled: boolean): string {
  return labelled ? 'FIT and NOT FIT alternately' : 'drawn at random: this task has no labels';
}

/**
 * The CVs a sample keeps of each pool (pools in job-id order, one generator
 * for all): each pool's FIT, NOT FIT and unlabelled CVs are shuffled
 * (Fisher–Yates), then taken alternately FIT, NOT FIT while both last, then
 * whatever remains, unlabelled last, up to N. Kept CVs stay in pool order.
 * @throws {RangeError} for N not an integer ≥ 1.
 */
export function samplePools(pools: readonly PoolRecord[], labels: readonly Pick<LabelRecord, 'job_id' | 'cv_id' | 'label'>[], sample: ScreeningSample): PoolRecord[] {
  if (!Number.isInteger(sample.cvsPerJob) || sample.cvsPerJob < 1) throw new RangeError(`sample: CVs per job must be an integer ≥ 1, got ${sample.cvsPerJob}`);
  const label = new Map(labels.map((l) => [`${l.job_id}\u0000${l.cv_id}`, l.label]));
  const rng = createRng(sample.seed);
  return pools.map((pool) => {
    const of = (want: number | undefined) => shuffled(pool.cv_ids.filter((id) => label.get(`${pool.job_id}\u0000${id}`) === want), rng);
    const fit = of(1);
    const notFit = of(0);
    const unlabelled = of(undefined);
    const kept = new Set<string>();
    for (let i = 0; kept.size < sample.cvsPerJob && (i < fit.length || i < notFit.length); i++) {
      if (i < fit.length && kept.size < sample.cvsPerJob) kept.add(fit[i]);
      if (i < notFit.length && kept.size < sample.cvsPerJob) kept.add(notFit[i]);
    }
    for (const id of unlabelled) if (kept.size < sample.cvsPerJob) kept.add(id);
    return { job_id: pool.job_id, cv_ids: pool.cv_ids.filter((id) => kept.has(id)) };
  });
}

/**
 * Reads a screening task's shards and builds the audit input (see the module comment).
 * @throws {AuditInputError} when a pool names a job or CV that the dataset lacks.
 * @throws {RangeError} for a bad sample size.
 */
export async function loadScreening(read: ShardReader, task: ScreeningTask, sample?: ScreeningSample): Promise<LoadedScreening> {
  const jobs = new Map((await read(task.jobs, 'jobs')).map((j: JobRecord) => [j._id, j.text]));
  const cvs = new Map((await read(task.cvs, 'cvs')).map((c) => [c._id, c.text]));
  const labels = task.labels ? byKey(await read(task.labels, 'labels'), (l) => `${l.job_id}\u0000${l.cv_id}`) : [];
  let pools = byKey(await read(task.pools, 'pools'), (p) => p.job_id);
  if (sample) pools = samplePools(pools, labels, sample);
  const pooled = new Set<string>();
  for (const p of pools) {
    if (!jobs.has(p.job_id)) throw new AuditInputError(`pool of job "${p.job_id}": the jobs shard has no such job`);
    for (const id of p.cv_ids) {
      if (!cvs.has(id)) throw new AuditInputError(`pool of job "${p.job_id}": CV "${id}" is not in the cvs shard`);
      pooled.add(id);
    }
  }
  const all: VariantRecord[] = task.variants ? await read(task.variants, 'variants') : [];
  const variants = byKey(all.filter((v) => pooled.has(v.cv_id)), (v) => v.variant_id);
  const variantTexts = new Map(variants.map((v) => [v.variant_id, v.text]));
  const keptLabels = sample ? labels.filter((l) => pooled.has(l.cv_id)) : labels;
  const splits = task.splits ?? {};
  return {
    task,
    parts: {
      pools: pools.map((p) => ({ job_id: p.job_id, cv_ids: [...p.cv_ids] })),
      labels: keptLabels.map((l) => ({ job_id: l.job_id, cv_id: l.cv_id, label: l.label, split: l.split })),
      variants: variants.map((v) => ({ cv_id: v.cv_id, variant_id: v.variant_id, attribute: v.attribute, group: v.group, signal: v.signal, name: v.name })),
    },
    texts: {
      job: (id) => jobs.get(id) as string,
      cv: (id) => cvs.get(id) as string,
      variant: (id) => variantTexts.get(id) as string,
    },
    reference: { ...((task as ScreeningTask & { reference?: Record<string, string> }).reference ?? {}) },
    splits: { tune: splits.tune ?? 'tune', test: splits.test ?? 'test' },
  };
}

/** A labelled (job, CV) pair of texts. */
export interface LabelledTextPair {
  readonly job: string;
  readonly cv: string;
  readonly label: 0 | 1;
}

/** The tune split's labelled original pairs, pool by pool (the calibration fit's input, docs/screening.md §2.2). */
export function screeningTunePairs(data: LoadedScreening): LabelledTextPair[] {
  const tune = new Map(data.parts.labels.filter((l) => l.split === data.splits.tune).map((l) => [`${l.job_id}\u0000${l.cv_id}`, l.label]));
  const out: LabelledTextPair[] = [];
  for (const p of data.parts.pools) {
    for (const cv of p.cv_ids) {
      const label = tune.get(`${p.job_id}\u0000${cv}`);
      if (label !== undefined) out.push({ job: data.texts.job(p.job_id), cv: data.texts.cv(cv), label });
    }
  }
  return out;
}
