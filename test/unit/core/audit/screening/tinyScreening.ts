/**
 * A hand-made screening dataset shared by the screening tests: 2 jobs (alpha = tune split, beta =
 * test split) whose pools hold the same 6 CVs, 8 variants per CV (explicit gender, implicit gender
 * with two names per group, two noise perturbations), and two models' scores.
 */
import { screeningWorkList, type ScreeningModelScores, type ScreeningPair, type ScreeningParts } from '../../../../../src/core/audit/screening/input.ts';
import type { ScreeningModelDescriptor } from '../../../../../src/core/audit/screening/results.ts';

export const CVS = ['cv-001', 'cv-002', 'cv-003', 'cv-004', 'cv-005', 'cv-006'];
export const JOBS = ['job-alpha', 'job-beta'];

/** Variant cues and the score offset model A gives each (added to its run-1 original score). */
export const VARIANTS = [
  { suffix: 'gender.explicit.male', attribute: 'gender', group: 'male', signal: 'explicit', offset: 0 },
  { suffix: 'gender.explicit.female', attribute: 'gender', group: 'female', signal: 'explicit', offset: -15 },
  { suffix: 'gender.implicit.male.1', attribute: 'gender', group: 'male', signal: 'implicit', name: 'Greg Baker', offset: 0 },
  { suffix: 'gender.implicit.male.2', attribute: 'gender', group: 'male', signal: 'implicit', name: 'Todd Sullivan', offset: 2 },
  { suffix: 'gender.implicit.female.1', attribute: 'gender', group: 'female', signal: 'implicit', name: 'Emily Walsh', offset: -4 },
  { suffix: 'gender.implicit.female.2', attribute: 'gender', group: 'female', signal: 'implicit', name: 'Anne Murphy', offset: -6 },
  { suffix: 'noise.noise.whitespace', attribute: 'noise', group: 'whitespace', signal: 'noise', offset: 0 },
  { suffix: 'noise.noise.typos', attribute: 'noise', group: 'typos', signal: 'noise', offset: -1 },
];

export const PARTS: ScreeningParts & { jobs: { _id: string; text: string }[] } = {
  jobs: JOBS.map((id) => ({ _id: id, text: `Secret job description of ${id}` })),
  pools: JOBS.map((job_id) => ({ job_id, cv_ids: CVS })),
  labels: [
    ...[1, 1, 0, 1, 0, 0].map((label, i) => ({ job_id: 'job-alpha', cv_id: CVS[i], label: label as 0 | 1, split: 'tune' })),
    ...[0, 1, 0, 1, 0, 1].map((label, i) => ({ job_id: 'job-beta', cv_id: CVS[i], label: label as 0 | 1, split: 'test' })),
  ],
  variants: CVS.flatMap((cv) =>
    VARIANTS.map((v) => ({
      cv_id: cv,
      variant_id: `${cv}.${v.suffix}`,
      attribute: v.attribute,
      group: v.group,
      signal: v.signal,
      ...(v.name ? { name: v.name } : {}),
      text: `${v.name ?? ''} secret CV text of ${cv}`,
    })),
  ),
};

export const WORK = screeningWorkList(PARTS);

/** Model A, run 1: alpha 90 80 70 60 49 40; beta 40 50 60 70 80 90 (cv-001..006). */
export const A_BASE: Record<string, number[]> = { 'job-alpha': [90, 80, 70, 60, 49, 40], 'job-beta': [40, 50, 60, 70, 80, 90] };
/** Model B (deterministic): separates the classes in both splits. */
export const B_BASE: Record<string, number[]> = { 'job-alpha': [70, 65, 30, 60, 20, 10], 'job-beta': [10, 60, 20, 70, 30, 80] };

export const base = (table: Record<string, number[]>, p: ScreeningPair) => table[p.jobId][CVS.indexOf(p.cvId)];
export const offsetOf = (p: ScreeningPair) => VARIANTS.find((v) => p.variantId.endsWith(v.suffix))!.offset;

/** Run t of model A: run 1 + t for every CV, except alpha/cv-006 which scores 52 in run 3. */
export function aRun(t: number): Float64Array {
  return Float64Array.from(WORK.originals, (p) => (t === 2 && p.jobId === 'job-alpha' && p.cvId === 'cv-006' ? 52 : base(A_BASE, p) + t));
}

export function descriptor(id: string, kind: ScreeningModelDescriptor['kind']): ScreeningModelDescriptor {
  return { id, label: id, kind, revision: 'main', dtype: 'fp32', device: 'cpu' };
}

export const MODEL_A: ScreeningModelScores = {
  model: descriptor('model-a', 'cross-encoder'),
  runs: [aRun(0), aRun(1), aRun(2)],
  variants: Float64Array.from(WORK.variants, (p) => base(A_BASE, p) + offsetOf(p)),
  latency: { callsMs: [40, 10, 100, 30, 20], pairs: 132 },
};
export const bRun = () => Float64Array.from(WORK.originals, (p) => base(B_BASE, p));
export const MODEL_B: ScreeningModelScores = {
  model: descriptor('model-b', 'calibrated-similarity'),
  runs: [bRun(), bRun(), bRun()],
  variants: Float64Array.from(WORK.variants, (p) => base(B_BASE, p)),
  latency: { callsMs: [5], pairs: 12 },
};

export const HEADER = {
  dataset: { id: 'tiny', version: '1.0.0', manifestSha256: 'abc' },
  task: 'cv-screening',
  runs: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
  environment: { runtime: 'node' as const },
};
export const OPTIONS = { reference: { gender: 'male' }, referenceModel: 'model-b', bootstrap: 200, seed: 7 };
