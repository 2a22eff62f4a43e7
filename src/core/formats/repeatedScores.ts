/**
 * Repeated-run scores of a decision model: TSV `job cv run score` (the
 * input of `eval consistency`, METRICS.md §5).
 */
import { FormatError } from './formatError.ts';
import { parseNumberCell, readTsv } from './tsv.ts';
import type { ConsistencyPool } from '../metrics/consistency.ts';

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
