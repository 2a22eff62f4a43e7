import type { Command } from '../command.ts';
import { numberOption, requiredOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { FormatError } from '../../core/formats/formatError.ts';
import { parseNumberCell, readTsv } from '../../core/formats/tsv.ts';
import { consistencyUnits, flipByCutoff, summarizeConsistency, type ConsistencyPool, type ConsistencySummary } from '../../core/metrics/consistency.ts';
import { ciOptions, reportStatistic } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';

/** Repeated-run scores: pools in first-seen order, runs sorted by label. */
export interface RepeatedScores {
  readonly pools: ConsistencyPool[];
  readonly runs: string[];
}

/**
 * Parses TSV `job cv run score` (header optional). Every (job, cv) must have
 * exactly one score in every run that appears in the file.
 * @throws {FormatError} naming the line of a repeated score or of the first
 * row of a CV that misses a run.
 */
export function parseRepeatedScores(text: string): RepeatedScores {
  const rows = readTsv(text, ['job', 'cv', 'run', 'score']);
  const jobs = new Map<string, Map<string, { line: number; byRun: Map<string, number> }>>();
  const runSet = new Set<string>();
  for (const { line, cells } of rows) {
    const [job, cv, run] = cells.map((c) => c.trim());
    const score = parseNumberCell(cells[3], line, 'score');
    runSet.add(run);
    let cvs = jobs.get(job);
    if (!cvs) jobs.set(job, (cvs = new Map()));
    let entry = cvs.get(cv);
    if (!entry) cvs.set(cv, (entry = { line, byRun: new Map() }));
    if (entry.byRun.has(run)) throw new FormatError(`CV "${cv}" of job "${job}" has a second score in run "${run}"`, line);
    entry.byRun.set(run, score);
  }
  const runs = [...runSet].sort();
  const pools: ConsistencyPool[] = [];
  for (const [jobId, cvs] of jobs) {
    const cvIds = [...cvs.keys()];
    const scores = new Float64Array(cvIds.length * runs.length);
    cvIds.forEach((cv, i) => {
      const { line, byRun } = cvs.get(cv)!;
      runs.forEach((run, t) => {
        const s = byRun.get(run);
        if (s === undefined) throw new FormatError(`CV "${cv}" of job "${jobId}" has no score in run "${run}"`, line);
        scores[i * runs.length + t] = s;
      });
    });
    pools.push({ jobId, cvIds, scores });
  }
  return { pools, runs };
}

/**
 * `fairground eval consistency`: run-to-run consistency of a decision model
 * (METRICS.md §5). Output: `icc`, `sigma_score`, `sigma_rank`,
 * `label_flip_pct`, `disag@k` (null where undefined, e.g. one run), and
 * `flip_by_cutoff` (label flip % at each integer cut-off 5..95). With
 * --bootstrap, the first five become {mean, ci}, resampling CVs.
 */
export const consistencyCommand: Command = {
  name: 'consistency',
  usage: 'eval consistency --scores F [--cutoff 50] [--k 5] [--bootstrap B --seed S]',
  summary: 'ICC(2,1), sigma of scores and ranks, label flips and Disag@k over repeated runs (TSV job cv run score)',
  async run(args, io) {
    const file = requiredOption(args, 'scores');
    const cutoff = numberOption(args, 'cutoff', 50);
    const k = numberOption(args, 'k', 5);
    if (!Number.isInteger(k) || k < 1) throw new InputError(`--k must be a positive integer, got ${k}`);
    const ci = ciOptions(args);
    const { pools, runs } = await parseInput(io, file, parseRepeatedScores);
    const units = consistencyUnits(pools, runs.length, cutoff, k);
    const n = units.sdScore.length;
    const stat = (key: keyof ConsistencySummary) => reportStatistic(n, (idx) => summarizeConsistency(units, idx)[key] ?? NaN, ci);
    return {
      icc: stat('icc'),
      sigma_score: stat('sigmaScore'),
      sigma_rank: stat('sigmaRank'),
      label_flip_pct: stat('labelFlipPct'),
      [`disag@${k}`]: stat('disag'),
      flip_by_cutoff: flipByCutoff(units).map((f) => ({ cutoff: f.cutoff, label_flip_pct: f.labelFlipPct })),
      cutoff,
      n_jobs: pools.length,
      n_cvs: n,
      n_runs: runs.length,
    };
  },
};
