/**
 * `fairground report`: the audit report (docs/report.md) of a results file — the output of
 * `fairground run`, or a result exported from the page — and/or of `eval outcomes` or `eval tasks`, as one
 * self-contained HTML file, byte for byte the page's Report but for the timestamp line. With
 * `--dataset DIR` the Data section lists the package's shards and the dataset's strings are
 * refused exactly as the page refuses them.
 */
import type { Command } from './command.ts';
import { TextOutput } from './command.ts';
import { stringOption } from './args.ts';
import { InputError } from './errors.ts';
import { parseResults } from '../core/audit/retrieval/index.ts';
import { parseScreeningResults } from '../core/audit/screening/index.ts';
import type { OutcomesResults } from '../core/audit/outcomes/index.ts';
import type { MultiTaskResults } from '../core/audit/tasks/index.ts';
import { DatasetContentError, type DatasetRecord } from '../core/permalink/index.ts';
import { buildReport, reportForbiddenStrings, type ReportInput, type ReportScreeningResults } from '../report/index.ts';
import { folderDataset } from './node/datasetPort.ts';
import type { DatasetPort } from '../core/audit/common/index.ts';

/** A results object read from JSON (its nulls read back as the NaN core keeps). @throws {InputError} naming the file. */
function readResults(text: string, file: string): NonNullable<ReportInput['results']> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new InputError(`not JSON: ${(e as Error).message}`, file);
  }
  if (Array.isArray(value)) throw new InputError('holds several results objects (run with several --k): write one per file', file);
  const kind = (value as { kind?: unknown } | null)?.kind;
  try {
    if (kind === 'retrieval-fairness') return parseResults(value);
    if (kind === 'screening') {
      const sample = (value as { parameters?: { sample?: ReportScreeningResults['parameters']['sample'] } }).parameters?.sample ?? null;
      const r = parseScreeningResults(value);
      return { ...r, parameters: { ...r.parameters, sample } };
    }
  } catch (e) {
    throw new InputError((e as Error).message, file);
  }
  throw new InputError('not a Fairground retrieval-fairness or screening results object (kind)', file);
}

/** JSON's nulls back to the undefined core keeps for a number it cannot define. */
function withoutNulls(value: unknown): unknown {
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, withoutNulls(v)]));
  return value;
}

/** The output of `eval outcomes`. @throws {InputError} naming the file. */
function readOutcomes(text: string, file: string): OutcomesResults {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new InputError(`not JSON: ${(e as Error).message}`, file);
  }
  const o = value as { audit?: unknown; groupings?: unknown } | null;
  if (typeof o !== 'object' || o === null || o.audit !== 'outcomes' || !Array.isArray(o.groupings)) throw new InputError('not the output of fairground eval outcomes (audit: "outcomes")', file);
  return withoutNulls(value) as OutcomesResults;
}

/** The output of `eval tasks` on one predictions folder. @throws {InputError} naming the file. */
function readTasks(text: string, file: string): MultiTaskResults {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new InputError(`not JSON: ${(e as Error).message}`, file);
  }
  const o = value as { tasks?: unknown; capabilities?: unknown; comparison?: unknown } | null;
  if (typeof o === 'object' && o !== null && o.comparison !== undefined) throw new InputError('holds several systems (eval tasks with several --predictions): report one folder’s output', file);
  if (typeof o !== 'object' || o === null || typeof o.tasks !== 'object' || typeof o.capabilities !== 'object') throw new InputError('not the output of fairground eval tasks (tasks, capabilities)', file);
  return withoutNulls(value) as MultiTaskResults;
}

/** The strings of every record of a dataset package that a report must not hold (reportForbiddenStrings). */
async function forbiddenOf(dataset: DatasetPort): Promise<Set<string>> {
  const records: DatasetRecord[] = [];
  const shards = new Map(dataset.manifest.shards.map((s) => [s.name, s.kind]));
  for (const [name, kind] of shards) {
    for (const r of await dataset.read(name, kind)) {
      const data = r as unknown as Record<string, unknown>;
      const id = typeof data._id === 'string' ? data._id : typeof data.id === 'string' ? data.id : '';
      records.push({ id, data });
    }
  }
  return reportForbiddenStrings(dataset.manifest, records);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/u;

export const reportCommand: Command = {
  name: 'report',
  options: { results: { type: 'string', input: 'file' }, outcomes: { type: 'string', input: 'file' }, tasks: { type: 'string', input: 'file' }, dataset: { type: 'string', input: 'file-or-folder' }, auditor: { type: 'string' }, 'distribution-date': { type: 'string' }, site: { type: 'string' } },
  usage: 'report (--results F | --outcomes F | --tasks F, or several) [--dataset DIR] [--auditor NAME] [--distribution-date YYYY-MM-DD] [--site URL] --out report.html',
  summary: 'the audit report of a results file (and/or an eval outcomes file): one self-contained HTML file to print or hand in',
  async run(args, io) {
    const resultsFile = stringOption(args, 'results');
    const outcomesFile = stringOption(args, 'outcomes');
    const tasksFile = stringOption(args, 'tasks');
    if (resultsFile === undefined && outcomesFile === undefined && tasksFile === undefined) throw new InputError('missing --results F (fairground run’s output or a result exported from the page), --outcomes F (eval outcomes’ output) or --tasks F (eval tasks’ output)');
    const distributionDate = stringOption(args, 'distribution-date');
    if (distributionDate !== undefined && !DATE.test(distributionDate)) throw new InputError(`--distribution-date must be YYYY-MM-DD, not "${distributionDate}"`);
    const results = resultsFile === undefined ? undefined : readResults(await io.readText(resultsFile), resultsFile);
    const outcomes = outcomesFile === undefined ? undefined : readOutcomes(await io.readText(outcomesFile), outcomesFile);
    const tasks = tasksFile === undefined ? undefined : readTasks(await io.readText(tasksFile), tasksFile);
    const datasetDir = stringOption(args, 'dataset');
    const dataset = datasetDir === undefined ? undefined : await folderDataset(datasetDir);
    try {
      const html = await buildReport({
        results,
        outcomes,
        tasks,
        fields: { auditor: stringOption(args, 'auditor'), distributionDate },
        generatedAt: new Date().toISOString(),
        manifest: dataset?.manifest,
        siteUrl: stringOption(args, 'site'),
        forbidden: dataset ? await forbiddenOf(dataset) : [],
      });
      return new TextOutput(html);
    } catch (e) {
      if (e instanceof DatasetContentError) throw new InputError(e.message, resultsFile ?? outcomesFile ?? tasksFile);
      throw e;
    }
  },
};
