import type { Command } from '../command.ts';
import { numberOption, requiredOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { FormatError } from '../../core/formats/formatError.ts';
import { parseNumberCell, readTsv } from '../../core/formats/tsv.ts';
import { screeningEffects, summarizeEffect, type EffectUnits, type ScreeningPool, type ScreeningVariant } from '../../core/metrics/screening.ts';
import { pairedBootstrap } from '../../core/stats/pairedBootstrap.ts';
import { benjaminiHochberg } from '../../core/stats/multipleTesting.ts';
import { ciOptions, reportStatistic, type CiOptions } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';

/** The attribute of non-demographic perturbations (whitespace, typos, …). */
export const NOISE_ATTRIBUTE = 'noise';

const COLUMNS = ['job', 'cv', 'variant', 'attribute', 'group', 'signal', 'name', 'score'];

/**
 * Reads `--reference gender=male,ethnicity=white`.
 * @throws {InputError} when missing or malformed.
 */
export function parseReference(text: string): Record<string, string> {
  const reference: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [attribute, group, extra] = part.split('=').map((s) => s.trim());
    if (!attribute || !group || extra !== undefined) throw new InputError(`--reference must look like gender=male,ethnicity=white, got "${text}"`);
    reference[attribute] = group;
  }
  return reference;
}

/**
 * Parses TSV `job cv variant attribute group signal name score` (header
 * optional) into pools. The original CV has variant `orig` (its other cue
 * columns are `-`); a name of `-` means none. Every variant needs its CV's
 * `orig` row in the same job; variant ids are unique within a (job, cv).
 * @throws {FormatError} naming the line: a repeated row, a variant of a CV
 * without an original, or an attribute without a reference group.
 */
export function parseScreeningScores(text: string, reference: Readonly<Record<string, string>>): ScreeningPool[] {
  const rows = readTsv(text, COLUMNS);
  type Entry = { score?: number; variants: ScreeningVariant[]; ids: Set<string>; line: number };
  const jobs = new Map<string, Map<string, Entry>>();
  for (const { line, cells } of rows) {
    const [job, cv, variant, attribute, group, signal, name] = cells.map((c) => c.trim());
    const score = parseNumberCell(cells[7], line, 'score');
    let cvs = jobs.get(job);
    if (!cvs) jobs.set(job, (cvs = new Map()));
    let entry = cvs.get(cv);
    if (!entry) cvs.set(cv, (entry = { variants: [], ids: new Set(), line }));
    if (entry.ids.has(variant)) throw new FormatError(`variant "${variant}" of CV "${cv}" in job "${job}" appears twice`, line);
    entry.ids.add(variant);
    if (variant === 'orig') {
      entry.score = score;
      continue;
    }
    if (attribute !== NOISE_ATTRIBUTE && !(attribute in reference)) {
      throw new FormatError(`attribute "${attribute}" has no reference group (add ${attribute}=GROUP to --reference)`, line);
    }
    entry.variants.push({ attribute, group, signal, name: name === '-' ? '' : name, score });
  }
  const pools: ScreeningPool[] = [];
  for (const [jobId, cvs] of jobs) {
    const list = [...cvs].map(([cvId, e]) => {
      if (e.score === undefined) throw new FormatError(`CV "${cvId}" of job "${jobId}" has variants but no "orig" row`, e.line);
      return { cvId, score: e.score, variants: e.variants };
    });
    pools.push({ jobId, cvs: list });
  }
  return pools;
}

function effectRow(e: EffectUnits, n: number, k: number, ci: CiOptions | undefined) {
  const stat = (key: 'deltaScore' | 'deltaRank' | 'excl') => reportStatistic(n, (idx) => summarizeEffect(e, idx)[key], ci);
  const defined = e.deltaScore.reduce((c, v) => c + (Number.isNaN(v) ? 0 : 1), 0);
  return {
    attribute: e.attribute,
    group: e.group,
    signal: e.signal,
    delta_score: stat('deltaScore'),
    delta_rank: stat('deltaRank'),
    [`excl@${k}`]: stat('excl'),
    n_cvs: defined,
  };
}

/**
 * `fairground eval screening-bias`: counterfactual bias of a decision model
 * (METRICS.md §4). Output: `effects`, one
 * `{attribute, group, signal, delta_score, delta_rank, excl@k, n_cvs}` per
 * non-reference group, and `noise_floor`, the same for each noise
 * perturbation (attribute `noise`, against the original) and each implicit
 * group's second name (kind `second-name`, against its first name). With
 * --bootstrap, numbers become {mean, ci} (resampling CVs, paired) and each
 * effect gets `p` (paired bootstrap of ΔScore) and `q` (Benjamini–Hochberg
 * over the effects of this model; the noise floor is not in the family).
 */
export const screeningBiasCommand: Command = {
  name: 'screening-bias',
  usage: 'eval screening-bias --scores F --reference gender=male,ethnicity=white [--k 5] [--bootstrap B --seed S]',
  summary: 'Delta score, delta rank and Excl@k of counterfactual CV variants, beside the noise floor',
  async run(args, io) {
    const file = requiredOption(args, 'scores');
    const reference = parseReference(requiredOption(args, 'reference'));
    const k = numberOption(args, 'k', 5);
    if (!Number.isInteger(k) || k < 1) throw new InputError(`--k must be a positive integer, got ${k}`);
    const ci = ciOptions(args);
    const pools = await parseInput(io, file, (text) => parseScreeningScores(text, reference));
    const { units, effects } = screeningEffects(pools, { reference, k, noiseAttribute: NOISE_ATTRIBUTE });
    const n = units.length;
    const demographic = effects.filter((e) => e.kind === 'effect');
    const rows: Record<string, unknown>[] = demographic.map((e) => effectRow(e, n, k, ci));
    if (ci) {
      const p = demographic.map((e) => pairedBootstrap(n, (idx) => summarizeEffect(e, idx).deltaScore, ci).p);
      const q = benjaminiHochberg(p);
      rows.forEach((row, i) => Object.assign(row, { p: p[i], q: q[i], significant: q[i] < 0.05 }));
    }
    return {
      effects: rows,
      noise_floor: effects.filter((e) => e.kind !== 'effect').map((e) => ({ kind: e.kind, ...effectRow(e, n, k, ci) })),
      reference,
      n_jobs: pools.length,
      n_cvs: n,
    };
  },
};
