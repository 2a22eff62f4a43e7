/**
 * Screening predictions: TSV `id group label score` (the input of `eval
 * classification`, METRICS.md §2; group = job).
 */
import { FormatError } from './formatError.ts';
import { parseNumberCell, readTsv } from './tsv.ts';
import type { Predictions } from '../metrics/classification.ts';

/**
 * Parses a predictions TSV `id group label score` (header optional), label
 * 0/1 (1 = FIT). @throws {FormatError} with the line on a bad row or a
 * (group, id) pair given twice.
 */
export function parsePredictions(text: string): Predictions {
  const rows = readTsv(text, ['id', 'group', 'label', 'score']);
  const ids: string[] = [];
  const groups: string[] = [];
  const labels = new Uint8Array(rows.length);
  const scores = new Float64Array(rows.length);
  const seen = new Set<string>();
  rows.forEach(({ line, cells }, i) => {
    const id = cells[0].trim();
    const group = cells[1].trim();
    const label = cells[2];
    if (label !== '0' && label !== '1') throw new FormatError(`label must be 0 or 1, got "${cells[2]}"`, line);
    const key = `${group}\u0000${id}`;
    if (seen.has(key)) throw new FormatError(`id "${id}" appears twice in group "${group}"`, line);
    seen.add(key);
    ids.push(id);
    groups.push(group);
    labels[i] = label === '1' ? 1 : 0;
    scores[i] = parseNumberCell(cells[3], line, 'score');
  });
  return { ids, groups, labels, scores };
}
