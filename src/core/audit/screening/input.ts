/**
 * Inputs of the screening audit (core/audit/screening/audit.ts): the parts of
 * a screening dataset it needs (DESIGN.md record shapes; any `text` field is
 * ignored), the work list a runner scores, each model's scores in the
 * work list's order, the audit's options (validated) and the dataset as the
 * audit prepares it once for every model.
 */
import type { LabelRecord, PoolRecord, VariantRecord } from '../../formats/records.ts';
import type { ScreeningVariant } from '../../metrics/screening.ts';
import type { LlmAnswers } from '../../llm/answers.ts';
import type { ScreeningModelDescriptor, ScreeningResults } from './results.ts';

/** The screening task's records, without texts (extra fields are ignored). */
export interface ScreeningParts {
  readonly pools: readonly Readonly<Pick<PoolRecord, 'job_id' | 'cv_ids'>>[];
  readonly labels: readonly Readonly<Pick<LabelRecord, 'job_id' | 'cv_id' | 'label'> & { split: string }>[];
  readonly variants: readonly Readonly<Pick<VariantRecord, 'cv_id' | 'variant_id' | 'attribute' | 'group' | 'name'> & { signal: string }>[];
}

/** One (job, CV) pair to score; `variantId` is '' for the original CV. */
export interface ScreeningPair {
  readonly jobId: string;
  readonly cvId: string;
  readonly variantId: string;
}

/**
 * What a model must score: every original (job, CV) pair of every pool, in
 * pool order (the runs' order), and every variant of every pooled CV for that
 * job (a CV in two pools has its variants scored for both jobs).
 */
export interface ScreeningWorkList {
  readonly originals: readonly ScreeningPair[];
  readonly variants: readonly ScreeningPair[];
}

/**
 * The work list of a dataset: originals pool by pool, CVs in pool order;
 * variants pool by pool, CV by CV, each CV's variants in record order.
 * @throws {RangeError} when a pool lists a CV twice or two pools share a job.
 */
export function screeningWorkList(parts: ScreeningParts): ScreeningWorkList {
  const byCv = new Map<string, ScreeningParts['variants'][number][]>();
  for (const v of parts.variants) {
    let list = byCv.get(v.cv_id);
    if (!list) byCv.set(v.cv_id, (list = []));
    list.push(v);
  }
  const originals: ScreeningPair[] = [];
  const variants: ScreeningPair[] = [];
  const jobs = new Set<string>();
  for (const pool of parts.pools) {
    if (jobs.has(pool.job_id)) throw new RangeError(`job ${pool.job_id} has two pools`);
    jobs.add(pool.job_id);
    const seen = new Set<string>();
    for (const cvId of pool.cv_ids) {
      if (seen.has(cvId)) throw new RangeError(`pool of job ${pool.job_id} lists CV ${cvId} twice`);
      seen.add(cvId);
      originals.push({ jobId: pool.job_id, cvId, variantId: '' });
      for (const v of byCv.get(cvId) ?? []) variants.push({ jobId: pool.job_id, cvId, variantId: v.variant_id });
    }
  }
  return { originals, variants };
}

/** One model's scores (0–100, METRICS.md §8) over a work list. */
export interface ScreeningModelScores {
  readonly model: ScreeningModelDescriptor;
  /** T ≥ 1 runs; runs[t][i] = score of `originals[i]` in run t. Run 0 is the one the variants were scored with. */
  readonly runs: readonly ArrayLike<number>[];
  /** variants[i] = score of `variants[i]` of the work list. */
  readonly variants: ArrayLike<number>;
  /** Deterministic by construction (e.g. calibrated similarity): one run suffices and consistency is not measured. */
  readonly deterministicByConstruction?: boolean;
  /** An LLM screener's record of its answers (validity, tokens, how it was asked); absent for other kinds. */
  readonly llm?: LlmAnswers;
  readonly latency: {
    /** Wall time of each scoring call (one batch), ms. */
    readonly callsMs: ArrayLike<number>;
    /** The pairs each call scored, aligned with callsMs (absent in scores stored before it: one pair per call is not assumed). */
    readonly callPairs?: ArrayLike<number>;
    /** Pairs scored by those calls. */
    readonly pairs: number;
  };
}

/** Audit parameters. */
export interface ScreeningAuditOptions {
  /** Reference group per demographic attribute (the task's `reference`), e.g. {gender: 'male'}. */
  readonly reference: Readonly<Record<string, string>>;
  /** The model ΔAUC is taken against (its descriptor id); none when omitted. */
  readonly referenceModel?: string;
  /** λ(s) = FIT iff s ≥ cutoff; default 50. */
  readonly cutoff?: number;
  /** Bootstrap resamples B ≥ 0 (0: no CIs, p NaN); default 2000 (METRICS.md §6). */
  readonly bootstrap?: number;
  /** 32-bit seed of every bootstrap; default 0. */
  readonly seed?: number;
  /** Attribute of the noise-floor variants; default `noise`. */
  readonly noiseAttribute?: string;
  /** Split names of the labels; default {tune: 'tune', test: 'test'}. */
  readonly splits?: { readonly tune: string; readonly test: string };
}

/** Defaults of ScreeningAuditOptions (METRICS.md §5, §6). */
export const SCREENING_DEFAULTS = Object.freeze({ runs: 7, cutoff: 50, bootstrap: 2000, seed: 0, noiseAttribute: 'noise' });

/** Validated options. @throws {RangeError} for B not an integer ≥ 0, a non-integer seed or a non-finite cut-off. */
export function screeningAuditOptions(options: ScreeningAuditOptions): Required<Omit<ScreeningAuditOptions, 'referenceModel'>> & { referenceModel: string | null } {
  const bootstrap = options.bootstrap ?? SCREENING_DEFAULTS.bootstrap;
  const seed = options.seed ?? SCREENING_DEFAULTS.seed;
  const cutoff = options.cutoff ?? SCREENING_DEFAULTS.cutoff;
  if (!Number.isInteger(bootstrap) || bootstrap < 0) throw new RangeError(`bootstrap B must be an integer ≥ 0, got ${bootstrap}`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isFinite(cutoff)) throw new RangeError(`cutoff must be a number, got ${cutoff}`);
  return {
    reference: { ...options.reference },
    referenceModel: options.referenceModel ?? null,
    cutoff,
    bootstrap,
    seed,
    noiseAttribute: options.noiseAttribute ?? SCREENING_DEFAULTS.noiseAttribute,
    splits: { tune: options.splits?.tune ?? 'tune', test: options.splits?.test ?? 'test' },
  };
}

/** A dataset prepared once for every model. */
export interface PreparedScreening {
  readonly work: ScreeningWorkList;
  readonly options: ReturnType<typeof screeningAuditOptions>;
  /** Pools with their originals' index range in work.originals. */
  readonly pools: readonly { readonly jobId: string; readonly cvIds: readonly string[]; readonly start: number }[];
  /** Per original: its variants' indices in work.variants and their cues. */
  readonly variantsOf: readonly (readonly { readonly index: number; readonly cue: Omit<ScreeningVariant, 'score'> }[])[];
  /** Per original: label (0/1) and split, or undefined when unlabelled. */
  readonly labelOf: readonly ({ readonly label: number; readonly split: string } | undefined)[];
  readonly counts: ScreeningResults['counts'];
}
