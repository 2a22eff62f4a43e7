/**
 * Scores of an outside screening system — TSV or CSV `job cv variant run
 * score` (header optional; the original CV's variant is `orig`) — matched
 * against a screening work list: every pair known, every original scored in
 * every run, every variant scored (in the first run, the one the variants
 * are read from). Several runs give run-to-run consistency.
 */
import { FormatError, parseFile } from '../../formats/formatError.ts';
import { numberedLines } from '../../formats/lines.ts';
import { parseNumberCell } from '../../formats/tsv.ts';
import { AuditInputError, type DatasetPort } from '../common/index.ts';
import { screeningWorkList, loadScreening, selectScreeningTask, type ScreeningModelScores, type ScreeningWorkList, type ScreeningModelDescriptor } from '../screening/index.ts';
import { idList } from './idList.ts';
import type { ImportedScores } from './retrievalScores.ts';
import { stripScoreFileHeader, type DatasetIdentity } from './scoreFileHeader.ts';

/** The variant id of an original CV in a score file. */
export const ORIGINAL_VARIANT = 'orig';

/** The optional header line of a screening score file. */
export const SCREENING_SCORES_HEADER = /^(job([-_]?id)?)[\t,](cv([-_]?id)?)[\t,](variant([-_]?id)?)[\t,]run[\t,]score$/i;

/** Scores by `job\tcv\tvariant`, then run label. */
export interface ScreeningScoreRows {
  readonly scores: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Run labels in order (numeric when all are numbers). */
  readonly runs: readonly string[];
}

const keyOf = (job: string, cv: string, variant: string) => `${job}\t${cv}\t${variant}`;

/**
 * Parses `job cv variant run score` rows, tab- or comma-separated (decided by the first line).
 * @throws {FormatError} naming the line: a wrong number of fields, a non-finite score, an empty id, a repeated (pair, run).
 */
export function parseScreeningScoreRows(text: string): ScreeningScoreRows {
  const lines = numberedLines(text);
  if (lines.length === 0) throw new FormatError('empty score file: no rows');
  const separator = lines[0].text.includes('\t') ? '\t' : ',';
  const data = SCREENING_SCORES_HEADER.test(lines[0].text.trim()) ? lines.slice(1) : lines;
  const scores = new Map<string, Map<string, number>>();
  const runs = new Set<string>();
  for (const { line, text: t } of data) {
    const raw = t.split(separator);
    const cells = raw.map((c) => c.trim());
    if (cells.length !== 5) throw new FormatError(`expected 5 fields (job cv variant run score), found ${cells.length}`, line);
    const [job, cv, variant, run] = cells;
    if (!job || !cv || !variant || !run) throw new FormatError('job, cv, variant and run must not be empty (the original CV is variant "orig")', line);
    const score = parseNumberCell(raw[4], line, 'score');
    const key = keyOf(job, cv, variant);
    let byRun = scores.get(key);
    if (!byRun) scores.set(key, (byRun = new Map()));
    if (byRun.has(run)) throw new FormatError(`job "${job}", CV "${cv}", variant "${variant}" has a second score in run "${run}"`, line);
    byRun.set(run, score);
    runs.add(run);
  }
  const labels = [...runs];
  const numeric = labels.every((r) => /^-?\d+(\.\d+)?$/.test(r));
  labels.sort((a, b) => (numeric ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0));
  return { scores, runs: labels };
}

/**
 * Parses and matches imported screening scores: the audit's input for this system.
 * @throws {FormatError} (file and line) for a malformed row or another dataset version.
 * @throws {AuditInputError} naming the file for unknown pairs, or originals or variants without a score, listed and counted.
 */
export function matchScreeningScores(
  imported: ImportedScores,
  work: ScreeningWorkList,
  model: Omit<ScreeningModelDescriptor, 'dtype' | 'device'>,
  dataset: DatasetIdentity,
): ScreeningModelScores {
  const rows = parseFile(imported.file, imported.text, (text) => parseScreeningScoreRows(stripScoreFileHeader(text, dataset)));
  const known = new Set([...work.originals.map((p) => keyOf(p.jobId, p.cvId, ORIGINAL_VARIANT)), ...work.variants.map((p) => keyOf(p.jobId, p.cvId, p.variantId))]);
  const unknown = [...rows.scores.keys()].filter((k) => !known.has(k)).map((k) => k.replaceAll('\t', '/'));
  if (unknown.length > 0) throw new AuditInputError(`pairs not in the screening task (job/cv/variant): ${idList(unknown)}`, imported.file);
  const missing: string[] = [];
  const runs = rows.runs.map(() => new Float64Array(work.originals.length));
  work.originals.forEach((p, i) => {
    const byRun = rows.scores.get(keyOf(p.jobId, p.cvId, ORIGINAL_VARIANT));
    rows.runs.forEach((run, t) => {
      const s = byRun?.get(run);
      if (s === undefined) missing.push(`${p.jobId}/${p.cvId}/orig (run ${run})`);
      else runs[t][i] = s;
    });
  });
  const variants = new Float64Array(work.variants.length);
  work.variants.forEach((p, i) => {
    const byRun = rows.scores.get(keyOf(p.jobId, p.cvId, p.variantId));
    const s = byRun?.get(rows.runs[0]) ?? (byRun ? [...byRun.values()][0] : undefined);
    if (s === undefined) missing.push(`${p.jobId}/${p.cvId}/${p.variantId}`);
    else variants[i] = s;
  });
  if (missing.length > 0) throw new AuditInputError(`every original (in every run) and every variant needs a score; missing: ${idList(missing)}`, imported.file);
  const outside = [...runs.flatMap((r) => [...r]), ...variants].filter((v) => !(v >= 0 && v <= 100));
  if (outside.length > 0) {
    throw new AuditInputError(`scores must be on the 0–100 scale of the screening audit (a fit probability × 100); ${outside.length} are not, e.g. ${outside[0]}`, imported.file);
  }
  return {
    model: { ...model, dtype: '-', device: '-' },
    runs,
    variants,
    deterministicByConstruction: rows.runs.length === 1 ? undefined : false,
    latency: { callsMs: new Float64Array(0), pairs: 0 },
  };
}

/** What matching found, for the import form to show. */
export interface ScreeningScoresSummary {
  readonly runs: number;
  readonly originals: number;
  readonly variants: number;
}

/**
 * Reads the screening task from the dataset and matches imported scores
 * against it: what an import form checks before it keeps a file.
 * @throws as matchScreeningScores, or AuditInputError for an unknown task.
 */
export async function checkScreeningScores(dataset: DatasetPort, task: string | undefined, imported: ImportedScores): Promise<ScreeningScoresSummary> {
  const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, task));
  const work = screeningWorkList(data.parts);
  const identity = { id: dataset.manifest.id, version: dataset.manifest.version, manifestSha256: dataset.manifestSha256 };
  const scores = matchScreeningScores(imported, work, { id: `imported:${imported.name}`, label: imported.name, kind: 'imported', revision: 'imported' }, identity);
  return { runs: scores.runs.length, originals: work.originals.length, variants: work.variants.length };
}
