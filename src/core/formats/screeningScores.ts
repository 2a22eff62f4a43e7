/**
 * Scores of CVs and their counterfactual variants: TSV `job cv variant
 * attribute group signal name score` (the input of `eval screening-bias`,
 * METRICS.md §4).
 */
import { FormatError } from './formatError.ts';
import { parseNumberCell, readTsv } from './tsv.ts';
import type { ScreeningPool, ScreeningVariant } from '../metrics/screening.ts';

/** The attribute of non-demographic perturbations (whitespace, typos, …). */
export const NOISE_ATTRIBUTE = 'noise';

const COLUMNS = ['job', 'cv', 'variant', 'attribute', 'group', 'signal', 'name', 'score'];

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
