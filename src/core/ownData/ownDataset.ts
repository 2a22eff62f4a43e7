/**
 * A user's own candidates as an ordinary dataset: their CVs and job posts,
 * the reviewed counterfactual variants, and the tasks every audit already
 * runs — a screening task (decision models over pools of the CVs per job, the
 * name, explicit and noise variants) and a retrieval task (job posts against
 * the CVs as profiles, the grammatical-gender twins as its twins task). The
 * output is the package writer's input (package/writePackage.ts); the
 * same function runs in the page and in `fairground make-dataset`, so both
 * write the same bytes.
 */
import type { ImportedDocument } from '../documents/candidateDocument.ts';
import type { Variant } from '../counterfactual/variant.ts';
import type { GenerationSettings } from '../counterfactual/generate.ts';
import type { ManifestGeneration, Task } from '../formats/manifest.ts';
import type { PackageInput } from '../package/writePackage.ts';
import { documentRecord } from '../package/documentRecords.ts';
import type { LabelRecord, PoolRecord, QrelsRecord, TwinRecord, VariantRecord } from '../formats/records.ts';
import type { ReviewCounts } from './review.ts';
import { hash32 } from '../hash32.ts';

/** Reference groups of the screening task when the user names none (the bundled dataset's). */
export const DEFAULT_REFERENCE: Readonly<Record<string, string>> = Object.freeze({ gender: 'male', ethnicity: 'white', origin: 'north-america' });

/** Share of labelled CVs put in the tune split (the calibration fit's input; docs/screening.md §2.2). */
export const DEFAULT_TUNE_SHARE = 0.3;

export interface OwnDatasetInput {
  /** Dataset id: letters, digits, ".", "_" and "-". */
  readonly id: string;
  readonly title: string;
  readonly version?: string;
  readonly cvs: readonly ImportedDocument[];
  readonly jobs: readonly ImportedDocument[];
  /** The accepted (and edited) variants only (review.ts acceptedVariants), neutral bases left out. */
  readonly variants: readonly Variant[];
  /**
   * The screening task's text of a CV where it is not the CV as imported: its neutral base (the
   * original the audit compares the variants with). The retrieval corpus keeps the CV as imported
   * (its twins are made from it), so the dataset records both.
   */
  readonly bases?: ReadonlyMap<string, string>;
  /** What the generation and review made, recorded in the manifest. */
  readonly generation: OwnGeneration;
  readonly reference?: Readonly<Record<string, string>>;
  readonly tuneShare?: number;
}

/** The provenance block of a generated dataset's manifest (`generation`). */
export interface OwnGeneration {
  readonly seed: number;
  readonly kinds: readonly string[];
  readonly counts: ReviewCounts;
  /** Variants that could not be made (no name found, nothing gendered to change). */
  readonly notMade: number;
  /** How the variants were made (neutral base, name choice), stated in every result. */
  readonly settings?: GenerationSettings;
}

/** The dataset's variants by kind (names, explicit, gender, noise), as the manifest records them. */
function variantsByKind(variants: readonly Variant[]): Record<string, number> {
  const out: Record<string, number> = { names: 0, explicit: 0, gender: 0, noise: 0 };
  for (const v of variants) if (v.kind !== 'neutral') out[v.kind] = (out[v.kind] ?? 0) + 1;
  return out;
}

/** The manifest's `generation` block (formats/manifest.ts ManifestGeneration) of what was generated and reviewed. */
export function manifestGeneration(g: OwnGeneration): ManifestGeneration {
  const { generated, accepted, rejected, edited, pending } = g.counts;
  const s = g.settings;
  return {
    seed: g.seed, kinds: [...g.kinds], generated, accepted, rejected, edited, pending, not_made: g.notMade,
    ...(s ? {
      settings: {
        neutralise: s.neutralise, names: s.names, names_per_group: s.namesPerGroup, attributes: [...s.attributes],
        gender_names_ethnicity: s.genderNamesEthnicity, other_names_gender: s.otherNamesGender, name_lists: [...s.nameLists],
      },
    } : {}),
  };
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const GENDERS = ['female', 'male'] as const;


/** The split of a labelled CV: tune for about `share` of the ids, by a hash of seed and id. */
export function splitOf(cvId: string, seed: number, share: number): 'tune' | 'test' {
  return hash32(`${seed}\u0000${cvId}`) / 2 ** 32 < share ? 'tune' : 'test';
}

/**
 * The pools: a CV naming a job goes to that job's pool; a CV naming none goes to every pool.
 * @throws {RangeError} for a CV naming a job that is not among the jobs.
 */
export function poolsOf(cvs: readonly ImportedDocument[], jobs: readonly ImportedDocument[]): PoolRecord[] {
  const ids = new Set(jobs.map((j) => j.id));
  for (const cv of cvs) {
    if (cv.job !== undefined && !ids.has(cv.job)) throw new RangeError(`${cv.source}: CV "${cv.id}" applies to job "${cv.job}", which is not among the job posts`);
  }
  return jobs.map((j) => ({ job_id: j.id, cv_ids: cvs.filter((cv) => cv.job === undefined || cv.job === j.id).map((cv) => cv.id) }));
}

/** Labels of the labelled CVs, one per pool they are in. */
function labelsOf(cvs: readonly ImportedDocument[], pools: readonly PoolRecord[], seed: number, share: number): LabelRecord[] {
  const byId = new Map(cvs.map((cv) => [cv.id, cv]));
  const out: LabelRecord[] = [];
  for (const p of pools) {
    for (const id of p.cv_ids) {
      const label = byId.get(id)?.label;
      if (label !== undefined) out.push({ job_id: p.job_id, cv_id: id, label, split: splitOf(id, seed, share) });
    }
  }
  return out;
}

function variantRecord(v: Variant): VariantRecord {
  if (v.signal === 'neutral') throw new RangeError(`"${v.id}" is a neutral base, not a variant: it is the CV's text`);
  const r: VariantRecord = { cv_id: v.of, variant_id: v.id, attribute: v.attribute, group: v.group, signal: v.signal, text: v.text };
  return v.name === undefined ? r : { cv_id: v.of, variant_id: v.id, attribute: v.attribute, group: v.group, signal: v.signal, name: v.name, text: v.text };
}

/** A gender twin as a twins record: the original's group is the document's, else the other of the two. */
function twinRecord(v: Variant, doc: ImportedDocument): TwinRecord {
  const group = doc.group ?? GENDERS.find((g) => g !== v.group) ?? '';
  const r: TwinRecord = { id: v.of, twin_id: v.id, twin_text: v.text, group, twin_group: v.group };
  return doc.lang === undefined ? r : { ...r, lang: doc.lang };
}

const withLang = <T extends object>(r: T, lang: string | undefined): T & { lang?: string } => (lang === undefined ? r : { ...r, lang });

/**
 * The dataset of a user's own candidates.
 * - Screening: jobs, cvs, pools (poolsOf), the name,
 *   explicit and noise variants, labels (when CVs carry one; split by splitOf).
 * - Retrieval: the job posts as queries against the CVs
 *   as corpus, qrels from the labels when there are any (label 1 → grade 1) — without
 *   labels the audit reports twin robustness only — and, when gender twins were
 *   accepted, the twins task `gender` (groups female, male).
 * @throws {RangeError} for an invalid id, no CVs or no job posts, a CV naming an unknown job, or a
 *   variant of a CV that is not among the CVs.
 */
export function ownDataset(input: OwnDatasetInput): PackageInput {
  if (!ID.test(input.id)) throw new RangeError(`dataset id "${input.id}" may hold only letters, digits, ".", "_" and "-", starting with a letter or digit`);
  if (input.cvs.length === 0) throw new RangeError('no CVs: import at least one CV or profile');
  if (input.jobs.length === 0) throw new RangeError('no job posts: import at least one (the audits screen or rank the CVs for a job)');
  const cvById = new Map(input.cvs.map((cv) => [cv.id, cv]));
  for (const v of input.variants) if (!cvById.has(v.of)) throw new RangeError(`variant "${v.id}" is of "${v.of}", which is not among the CVs`);
  const languages = [...new Set([...input.cvs, ...input.jobs].map((d) => d.lang).filter((l): l is string => l !== undefined))].sort();
  const seed = input.generation.seed;
  const tasks: Task[] = [];
  const shards: { -readonly [K in keyof PackageInput]?: PackageInput[K] } = {};
  const pools = poolsOf(input.cvs, input.jobs);
  const labels = labelsOf(input.cvs, pools, seed, input.tuneShare ?? DEFAULT_TUNE_SHARE);
  const variants = input.variants.filter((v) => v.kind !== 'gender').map(variantRecord);
  shards.jobs = input.jobs.map(documentRecord);
  shards.cvs = input.cvs.map((cv) => {
    const base = input.bases?.get(cv.id);
    const record = documentRecord(cv);
    return base === undefined ? record : { ...record, text: base, meta: { ...record.meta!, neutral_base: true } };
  });
  shards.pools = pools;
  if (variants.length > 0) shards.variants = variants;
  if (labels.length > 0) shards.labels = labels;
  tasks.push({
    type: 'screening', name: 'screening', jobs: 'jobs', cvs: 'cvs', pools: 'pools',
    ...(variants.length > 0 ? { variants: 'variants' } : {}),
    ...(labels.length > 0 ? { labels: 'labels', splits: { tune: 'tune', test: 'test' } } : {}),
    reference: { ...DEFAULT_REFERENCE, ...input.reference },
  } as Task);

  shards.corpus = input.cvs.map((cv) => withLang({ _id: cv.id, text: cv.text }, cv.lang));
  shards.queries = input.jobs.map((j) => withLang({ _id: j.id, text: j.text }, j.lang));
  const qrels = labels.map((l): QrelsRecord => ({ query_id: l.job_id, corpus_id: l.cv_id, score: l.label }));
  if (qrels.length > 0) shards.qrels = qrels;
  tasks.push({ type: 'retrieval', name: 'jobs', corpus: 'corpus', queries: 'queries', ...(qrels.length > 0 ? { qrels: 'qrels' } : {}), relevance_threshold: 1, k: [10] });
  const twins = input.variants.filter((v) => v.kind === 'gender').map((v) => twinRecord(v, cvById.get(v.of)!));
  if (twins.length > 0) {
    shards.twins = twins;
    tasks.push({ type: 'twins', name: 'gender', of: 'jobs', twins: 'twins', attribute: 'gender', groups: [...GENDERS] });
  }
  return {
    ...shards,
    id: input.id,
    title: input.title,
    version: input.version ?? '1.0.0',
    languages,
    tasks,
    generation: { ...manifestGeneration(input.generation), variants_by_kind: variantsByKind(input.variants) },
  };
}
