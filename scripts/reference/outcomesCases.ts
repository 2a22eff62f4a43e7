/**
 * A group-outcome reference case (scripts/reference/outcomes-cases.json) and the resample index
 * matrix Fairground draws for it; shared by outcomesResamples.ts and the unit test that checks
 * the fixture.
 */
import { createHash } from 'node:crypto';
import { readDecisions, type DecisionColumns } from '../../src/core/formats/decisions.ts';
import { readRecordTable } from '../../src/core/formats/recordTable.ts';
import { jobUnits } from '../../src/core/audit/outcomes/resampleUnits.ts';
import { forEachResample } from '../../src/core/stats/bootstrapResamples.ts';

export interface OutcomesCase {
  readonly name: string;
  readonly data: 'synthetic' | 'resume';
  readonly groups: readonly string[];
  readonly selected?: string;
  readonly score?: string;
  readonly cutoff?: number;
  readonly label?: string;
  readonly job?: string;
  readonly exclude_small?: boolean;
  readonly resamples: number;
  readonly seed: number;
}

/** The column mapping of a case. */
export function caseColumns(c: OutcomesCase): DecisionColumns {
  return { groups: c.groups, selected: c.selected, score: c.score, label: c.label, job: c.job };
}

/** The number of bootstrap units of a case: its rows, or its distinct jobs. */
export function unitCount(c: OutcomesCase, csv: string): number {
  const decisions = readDecisions(readRecordTable(csv, 'csv'), caseColumns(c));
  return decisions.job ? jobUnits(decisions.job.values).count : decisions.lines.length;
}

/** Every resample's unit indices, B × n row-major, as auditOutcomes draws them. */
export function resampleMatrix(units: number, c: OutcomesCase): Uint32Array {
  const matrix = new Uint32Array(c.resamples * units);
  forEachResample(units, { resamples: c.resamples, seed: c.seed }, (indices, b) => matrix.set(indices, b * units));
  return matrix;
}

/** SHA-256 (hex) of a matrix's bytes, uint32 little-endian (the platform order of every engine we run on). */
export function matrixSha256(matrix: Uint32Array): string {
  return createHash('sha256').update(new Uint8Array(matrix.buffer, matrix.byteOffset, matrix.byteLength)).digest('hex');
}
