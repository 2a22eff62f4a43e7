/**
 * `fairground report`: the audit report (docs/report.md) of a results file — the output of
 * `fairground run`, or a result exported from the page — and/or of `eval outcomes` or `eval tasks`, as one
 * self-contained HTML file, byte for byte the page's Report but for the timestamp line. `--results`
 * may be given several times: each file is a part of the report. With `--dataset DIR` — the package
 * every results file was made on, else refused — the Data section lists the package's shards and
 * the dataset's strings are refused exactly as the page refuses them.
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
import { buildReport, isCalendarDate, reportForbiddenStrings, type ReportResults, type ReportScreeningResults } from '../report/index.ts';
import { historicalOption } from './eval/outcomes.ts';
import type { ParsedArgs } from './args.ts';
import { folderDataset } from './node/datasetPort.ts';
import type { DatasetPort } from '../core/audit/common/index.ts';
import { withoutNulls } from '../core/jsonNulls.ts';
import { readJsonInput } from './jsonInput.ts';

/** A results object read from JSON (its nulls read back as the NaN core keeps). @throws {InputError} naming the file. */
function readResults(text: string, file: string): ReportResults {
  const value = readJsonInput(text, file);
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

/** The output of `eval outcomes`. @throws {InputError} naming the file. */
function readOutcomes(text: string, file: string): OutcomesResults {
  const value = readJsonInput(text, file);
  const o = value as { audit?: unknown; groupings?: unknown } | null;
  if (typeof o !== 'object' || o === null || o.audit !== 'outcomes' || !Array.isArray(o.groupings)) throw new InputError('not the output of fairground eval outcomes (audit: "outcomes")', file);
  return withoutNulls(value) as OutcomesResults;
}

/** The output of `eval tasks` on one predictions folder. @throws {InputError} naming the file. */
function readTasks(text: string, file: string): MultiTaskResults {
  const value = readJsonInput(text, file);
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

/** A date option: a real calendar date YYYY-MM-DD (2026-02-30 refused), undefined when absent. @throws {InputError} otherwise. */
function dateOption(args: ParsedArgs, name: string): string | undefined {
  const value = stringOption(args, name);
  if (value !== undefined && !isCalendarDate(value)) throw new InputError(`--${name} must be a calendar date YYYY-MM-DD, not "${value}"`);
  return value;
}

/** A file option given at most once (`--outcomes`, `--tasks`: the report has one part of each). @throws {InputError} when repeated. */
function singleFile(args: ParsedArgs, name: string): string | undefined {
  if ((args.repeated?.get(name)?.length ?? 0) > 1) throw new InputError(`--${name} is given more than once: a report has one ${name} part (give several --results for several results files)`);
  return stringOption(args, name);
}

/**
 * Refuses a results file made on another dataset than `--dataset`'s package (another id, version or
 * manifest SHA-256): its Data section and privacy guard would describe the wrong data.
 * @throws {InputError} naming the file, with what to pass instead.
 */
function assertSameDataset(results: ReportResults, file: string, dataset: DatasetPort): void {
  const d = results.dataset;
  const m = dataset.manifest;
  if (d.id === m.id && d.version === m.version && d.manifestSha256 === dataset.manifestSha256) return;
  const differs = d.id !== m.id ? `is ${m.id}` : d.version !== m.version ? `is version ${m.version}` : 'has another manifest (SHA-256)';
  throw new InputError(`made on ${d.id} v${d.version} (manifest SHA-256 ${d.manifestSha256.slice(0, 12)}…), but --dataset ${differs}: pass --dataset the package of ${d.id} v${d.version}`, file);
}

export const reportCommand: Command = {
  name: 'report',
  options: {
    results: { type: 'string', input: 'file', multiple: true },
    // Repeatable only to be refused when repeated (singleFile): Node's parser would keep the last.
    outcomes: { type: 'string', input: 'file', multiple: true },
    tasks: { type: 'string', input: 'file', multiple: true },
    dataset: { type: 'string', input: 'file-or-folder' },
    auditor: { type: 'string' },
    'distribution-date': { type: 'string' },
    'audit-date': { type: 'string' },
    historical: { type: 'string' },
    'test-data-note': { type: 'string' },
    site: { type: 'string' },
  },
  usage: 'report (--results F [--results F …] | --outcomes F | --tasks F, or several) [--dataset DIR] [--auditor NAME] [--distribution-date YYYY-MM-DD] [--audit-date YYYY-MM-DD] [--historical yes|no] [--test-data-note TEXT] [--site URL] --out report.html',
  summary: 'the audit report of a results file (and/or an eval outcomes file): one self-contained HTML file to print or hand in',
  async run(args, io) {
    const resultsFiles = (args.repeated?.get('results') ?? (args.options.has('results') ? [args.options.get('results')!] : [])).map((f) => {
      if (f === true) throw new InputError('--results needs a value');
      return f;
    });
    const outcomesFile = singleFile(args, 'outcomes');
    const tasksFile = singleFile(args, 'tasks');
    if (resultsFiles.length === 0 && outcomesFile === undefined && tasksFile === undefined) throw new InputError('missing --results F (fairground run’s output or a result exported from the page), --outcomes F (eval outcomes’ output) or --tasks F (eval tasks’ output)');
    const distributionDate = dateOption(args, 'distribution-date');
    const auditDate = dateOption(args, 'audit-date');
    const historical = historicalOption(args);
    const results: ReportResults[] = [];
    for (const file of resultsFiles) results.push(readResults(await io.readText(file), file));
    const outcomes = outcomesFile === undefined ? undefined : readOutcomes(await io.readText(outcomesFile), outcomesFile);
    const tasks = tasksFile === undefined ? undefined : readTasks(await io.readText(tasksFile), tasksFile);
    const datasetDir = stringOption(args, 'dataset');
    const dataset = datasetDir === undefined ? undefined : await folderDataset(datasetDir);
    if (dataset) results.forEach((r, i) => assertSameDataset(r, resultsFiles[i], dataset));
    try {
      const html = await buildReport({
        ...(results.length > 0 ? { results } : {}),
        outcomes,
        tasks,
        fields: {
          auditor: stringOption(args, 'auditor'),
          distributionDate,
          auditDate,
          ...(historical === undefined ? {} : { historical: historical ? 'yes' : 'no' }),
          testDataNote: stringOption(args, 'test-data-note'),
        },
        generatedAt: new Date().toISOString(),
        manifest: dataset?.manifest,
        siteUrl: stringOption(args, 'site'),
        forbidden: dataset ? await forbiddenOf(dataset) : [],
      });
      return new TextOutput(html);
    } catch (e) {
      if (e instanceof DatasetContentError) throw new InputError(e.message, resultsFiles[0] ?? outcomesFile ?? tasksFile);
      throw e;
    }
  },
};
