/**
 * What a screening audit scored, in words, each count saying what it counts (issue 48): a variant is
 * scored once for each job whose pool holds its CV, so the scores outnumber the variants — the
 * header once said "1074 variants" under a note of 371 variants used.
 */
import type { ScreeningResults } from './results.ts';

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * The jobs, CVs and variants of a screening audit.
 * @example screeningCountsText({ jobs: 3, cvs: 66, variants: 1074, variant_records: 371 })
 *   // '3 jobs, 66 CVs, 371 variants scored 1,074 times (each once per job whose pool holds its CV)'
 * @example screeningCountsText({ jobs: 3, cvs: 66, variants: 1074 }) // results stored before the variants were counted
 *   // '3 jobs, 66 CVs, 1,074 variant scores (a variant is scored once per job whose pool holds its CV)'
 */
export function screeningCountsText(counts: ScreeningResults['counts']): string {
  const head = `${count(counts.jobs, 'job')}, ${count(counts.cvs, 'CV')}`;
  const records = counts.variant_records;
  if (records === undefined) return `${head}, ${count(counts.variants, 'variant score')} (a variant is scored once per job whose pool holds its CV)`;
  if (records === counts.variants) return `${head}, ${count(records, 'variant')}`;
  return `${head}, ${count(records, 'variant')} scored ${counts.variants.toLocaleString('en')} times (each once per job whose pool holds its CV)`;
}
