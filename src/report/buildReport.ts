/**
 * The audit report (issue 32), one self-contained HTML file from stored results alone: Summary,
 * System audited, Data, Method, Results, Limitations, Reproduce. The page's Report button and
 * `fairground report` both call buildReport, so from the same results, manifest, fields and site
 * address they write the same bytes but for the timestamp line.
 *
 * Privacy as for permalinks: the whole report, as data, passes assertNoDatasetContent with the
 * dataset's strings (datasetContentStrings) before any HTML is written, so a record's id, text or
 * label cannot reach it; the permalink's payload passes the same guard.
 */
import { groupCategories, withoutCategories } from '../core/share/index.ts';
import type { RetrievalFairnessResults } from '../core/audit/retrieval/index.ts';
import type { OutcomesResults } from '../core/audit/outcomes/index.ts';
import type { Manifest } from '../core/formats/manifest.ts';
import { assertNoDatasetContent } from '../core/permalink/index.ts';
import { auditFacts, datasetBlocks } from './dataBlocks.ts';
import type { ReportBlock, ReportDocument, ReportSection } from './document.ts';
import { NOT_GIVEN, type ReportFields } from './fields.ts';
import type { KindReport } from './kindReport.ts';
import { outcomesReport } from './outcomesReport.ts';
import { reportOutcomesPermalink, reportPermalink, type ReportPermalink } from './permalink.ts';
import { renderReportHtml } from './renderReportHtml.ts';
import { retrievalReport } from './retrievalReport.ts';
import { screeningReport, type ReportScreeningResults } from './screeningReport.ts';
import type { MultiTaskResults } from '../core/audit/tasks/index.ts';
import { tasksReport } from './tasksReport.ts';

/** A model of the run that did not finish: it could not run (`failed`), or the run stopped before it. */
export interface UnfinishedModel {
  readonly model: string;
  readonly status: 'failed' | 'cancelled' | 'pending' | 'running';
}

/** A retrieval-fairness or screening results object, as stored or as `fairground run` wrote it. */
export type ReportResults = RetrievalFairnessResults | ReportScreeningResults;

export interface ReportInput {
  /** Retrieval-fairness or screening results objects: the report has a part for each, in order. */
  readonly results?: readonly ReportResults[];
  /** A group-outcome audit of a decisions table (`eval outcomes`, the Outcomes view). */
  readonly outcomes?: OutcomesResults;
  /** A multi-task scoring audit of a predictions folder (`eval tasks`, the Predictions view). */
  readonly tasks?: MultiTaskResults;
  /** The page's fields (or the CLI's options); empty ones read "not given". */
  readonly fields?: ReportFields;
  /** ISO 8601 time the report is made: its one line that differs between two runs. */
  readonly generatedAt: string;
  /** The dataset's manifest (records per shard, languages); without it the report says so. */
  readonly manifest?: Manifest;
  /** The Fairground page the permalink opens on (`https://…/`); without it the report gives the fragment to append. */
  readonly siteUrl?: string;
  /** The dataset's strings a report must not hold (datasetContentStrings). */
  readonly forbidden?: Iterable<string>;
  /** Models of the run that did not finish (a partial run). */
  readonly unfinished?: readonly UnfinishedModel[];
}

const SECTIONS = [
  ['summary', 'Summary'],
  ['system', 'System audited'],
  ['data', 'Data'],
  ['method', 'Method'],
  ['results', 'Results'],
  ['limitations', 'Limitations'],
  ['reproduce', 'Reproduce'],
] as const;

type PartKey = 'summary' | 'system' | 'data' | 'method' | 'results';

/** A section's blocks from every part: one part's as they are, several under each part's title. */
function merged(parts: readonly KindReport[], key: PartKey): ReportBlock[] {
  if (parts.length === 1) return [...parts[0][key]];
  return parts.map((p): ReportBlock => ({ kind: 'subsection', heading: p.title, blocks: p[key] }));
}

function unfinishedLimitations(unfinished: readonly UnfinishedModel[]): string[] {
  return unfinished.map((u) => (u.status === 'failed' ? `${u.model} could not run: it has no results here.` : `A partial run: ${u.model} did not finish (${u.status}), so it has no results here.`));
}

/**
 * A results object's permalink as a link — never spelt out, so a printed report does not fill
 * pages with its base64 — with its length stated; or why there is none.
 */
function permalinkBlock(input: ReportInput, permalink: ReportPermalink, title: string | undefined): ReportBlock {
  const of = title ? `${title}: ` : '';
  if (!permalink.ok) return { kind: 'paragraph', text: `${of}No permalink: ${permalink.reason}.` };
  const length = `${permalink.fragment.length.toLocaleString('en-US')} characters`;
  if (input.siteUrl) {
    return { kind: 'link', label: `${of}The permalink (its fragment, ${length}, holds these numbers; Re-run recomputes them on the reader’s machine):`, href: `${input.siteUrl.replace(/#.*$/u, '')}#${permalink.fragment}`, text: 'Open these numbers in Fairground' };
  }
  return { kind: 'link', label: `${of}The permalink fragment (${length}): copy this link’s address and put its #r=… part after the address of a Fairground site to open these numbers there:`, href: `#${permalink.fragment}`, text: 'the permalink fragment' };
}

function reproduceBlocks(input: ReportInput, parts: readonly KindReport[], permalinks: readonly ReportPermalink[], forbidden: readonly string[]): ReportBlock[] {
  const results = input.results ?? [];
  const several = permalinks.length + (input.outcomes ? 1 : 0) > 1;
  const blocks: ReportBlock[] = permalinks.map((p, i) => permalinkBlock(input, p, several ? `Results ${i + 1}` : undefined));
  if (input.outcomes) blocks.push(permalinkBlock(input, reportOutcomesPermalink(input.outcomes, forbidden), several ? 'Outcomes' : undefined));
  if (input.tasks) blocks.push({ kind: 'paragraph', text: 'No permalink for the multi-task audit here: its link names the predictions folder by the SHA-256 of its files, which the results do not carry — share it from the Predictions view; the commands below recompute it.' });
  const resultsWords = results.map((_, i) => `--results ${results.length > 1 ? `RESULTS_FILE_${i + 1}` : 'RESULTS_FILE'}`);
  const report = ['fairground report', ...resultsWords, ...(input.outcomes ? ['--outcomes OUTCOMES_FILE'] : []), ...(input.tasks ? ['--tasks TASKS_FILE'] : []), '--out report.html'].join(' ');
  blocks.push({
    kind: 'code',
    label: 'The commands that recompute the numbers (DATASET_DIR: the dataset package folder with the manifest SHA-256 above; a capitalised word is a path to fill in), then this report from their output:',
    text: [...parts.flatMap((p) => p.commands), report].join('\n'),
  });
  return blocks;
}

/**
 * The report as data, guarded: every string of it is checked against `forbidden`.
 * @throws {DatasetContentError} when the report would hold a string of the dataset.
 * @throws {TypeError} when neither results nor outcomes are given.
 */
export async function buildReportDocument(input: ReportInput): Promise<ReportDocument> {
  const fields = input.fields ?? {};
  const results = input.results ?? [];
  // The group labels a retrieval result reports on are categories (METRICS.md §12), never content.
  const categories = new Set(results.flatMap((r) => (r.kind === 'retrieval-fairness' ? [...groupCategories(r)] : [])));
  const forbidden = [...withoutCategories(input.forbidden ?? [], categories)];
  const parts: KindReport[] = results.map((r) => (r.kind === 'retrieval-fairness' ? retrievalReport(r) : screeningReport(r)));
  if (input.outcomes) parts.push(outcomesReport(input.outcomes, fields));
  if (input.tasks) parts.push(tasksReport(input.tasks));
  if (parts.length === 0) throw new TypeError('a report needs a retrieval-fairness or screening results object, an outcome audit or a multi-task audit');
  const permalinks = results.map((r) => reportPermalink(r, forbidden));
  const datasets = [...new Map(results.map((r) => [`${r.dataset.id}\u0000${r.dataset.version}\u0000${r.dataset.manifestSha256}`, r.dataset])).values()];
  const auditDate = fields.auditDate?.trim() || [...new Set(parts.flatMap((p) => (p.auditDate ? [p.auditDate] : [])))].join(', ') || undefined;
  const limitations = [...new Set([...parts.flatMap((p) => p.limitations), ...unfinishedLimitations(input.unfinished ?? [])])];
  const holds = [...new Set(parts.flatMap((p) => p.holds))];
  const blocks: Record<(typeof SECTIONS)[number][0], ReportBlock[]> = {
    summary: merged(parts, 'summary'),
    system: [...merged(parts, 'system'), ...[...new Set(results.map((r) => r.environment.runtime))].map((runtime): ReportBlock => ({ kind: 'paragraph', text: `Ran in ${runtime === 'node' ? 'Node (the command line)' : 'a browser'}.` }))],
    data: [...datasets.flatMap((d) => datasetBlocks(d, input.manifest)), ...merged(parts, 'data'), auditFacts(fields, auditDate)],
    method: merged(parts, 'method'),
    results: merged(parts, 'results'),
    limitations: limitations.length > 0
      ? [{ kind: 'list', items: limitations, hook: 'limitations' }]
      : [{ kind: 'paragraph', text: `None of the limitations Fairground checks for applies${holds.length ? ` (${holds.join(', ')})` : ''}.` }],
    reproduce: reproduceBlocks(input, parts, permalinks, forbidden),
  };
  const sections: ReportSection[] = SECTIONS.map(([id, heading]) => ({ id, heading, blocks: blocks[id] }));
  const what = parts.map((p) => p.title).join(' and ');
  const title = `Audit report: ${what}${datasets.length > 0 ? ` of ${datasets.map((d) => `${d.id} v${d.version}`).join(', ')}` : ''}`;
  const doc: ReportDocument = { title, runningHeader: runningHeader(title, parts, auditDate), sections };
  // Values only, where they sit, so a refusal names the section, table and row in words.
  assertNoDatasetContent(doc, forbidden, { keys: false });
  return doc;
}

/** A running header this long fits the top margin of an A4 or Letter page in one or two lines. */
const HEADER_LENGTH = 140;

/** Each printed page's header: the title, the system audited and the audit's date. @example runningHeader('Audit report: …', parts, '2026-12-02') */
function runningHeader(title: string, parts: readonly KindReport[], auditDate: string | undefined): string {
  const tail = ` · audit date ${auditDate ?? NOT_GIVEN}`;
  const head = `${title} · ${parts.map((p) => p.systemName).join('; ')}`;
  const room = HEADER_LENGTH - tail.length;
  return `${head.length <= room ? head : `${head.slice(0, room - 1)}…`}${tail}`;
}

/**
 * The report's HTML: one file, inline CSS and SVG, no script, no external request.
 * @throws {DatasetContentError} when the report would hold a string of the dataset.
 * @example (await buildReport({ outcomes, generatedAt: '2026-01-01T00:00:00.000Z' })).startsWith('<!doctype html>') // true
 */
export async function buildReport(input: ReportInput): Promise<string> {
  return renderReportHtml(await buildReportDocument(input), input.generatedAt);
}
