/**
 * What the group-outcome bootstrap resamples (METRICS.md §6, §10): the candidates (rows), or,
 * when there is a job column, the jobs — each drawn job brings all of its rows, so candidates
 * of one job, judged by one employer or one requisition, stay together.
 */

export type ResampleUnit = 'candidates' | 'jobs';

/** The units of a table and how a resample of them becomes row indices. */
export interface ResampleUnits {
  readonly unit: ResampleUnit;
  /** The number of units n (the bootstrap draws n with replacement). */
  readonly count: number;
  /**
   * The rows of the drawn units, in draw order (with repetition). The result may share its
   * buffer with the next call: use it before asking again.
   */
  rowsOf(units: Uint32Array): Uint32Array;
}

/** Every row is a unit: a resample of candidates is its own row indices. */
export function candidateUnits(rows: number): ResampleUnits {
  return { unit: 'candidates', count: rows, rowsOf: (units) => units };
}

/**
 * The jobs of a table as units, in order of first appearance; unit j stands for every row of
 * the j-th job.
 * @example jobUnits(['a', 'b', 'a']).rowsOf(Uint32Array.of(0, 0)) // Uint32Array [0, 2, 0, 2]
 */
export function jobUnits(jobs: readonly string[]): ResampleUnits {
  const index = new Map<string, number>();
  const members: number[][] = [];
  jobs.forEach((job, r) => {
    let j = index.get(job);
    if (j === undefined) {
      j = members.length;
      index.set(job, j);
      members.push([]);
    }
    members[j].push(r);
  });
  const largest = Math.max(0, ...members.map((m) => m.length));
  const buffer = new Uint32Array(members.length * largest);
  return {
    unit: 'jobs',
    count: members.length,
    rowsOf(units) {
      let at = 0;
      for (let i = 0; i < units.length; i++) for (const r of members[units[i]]) buffer[at++] = r;
      return buffer.subarray(0, at);
    },
  };
}
