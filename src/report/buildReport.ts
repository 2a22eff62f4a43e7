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
import type { RetrievalFairnessResults } from '../core/audit/retrieval/index.ts';
import type { OutcomesResults } from '../core/audit/outcomes/index.ts';
import type { Manifest } from '../core/formats/manifest.ts';
import { assertNoDatasetContent, locatedPayloadStrings } from '../core/permalink/index.ts';
import { auditFacts, datasetBlocks } from './dataBlocks.ts';
import type { ReportBlock, ReportDocument, ReportSection } from './document.ts';
import type { ReportFields } from './fields.ts';
import type { KindReport } from './kindReport.ts';
import { outcomesReport } from './outcomesReport.ts';
import { reportPermalink, type ReportPermalink } from './permalink.ts';
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

export interface ReportInput {
  /** A retrieval-fairness or screening results object, as stored or as `fairground run` wrote it. */
  readonly results?: RetrievalFairnessResults | ReportScreeningResults;
  /** A group-outcome audit of a decisions table (`eval outcomes`, the Outcomes view). */
  readonly outcomes?: OutcomesResults;
  /** A multi-task scoring audit of a predictions folder (`eval tasks`, the Predictions view). */
  readonly tasks?: MultiTaskResults;
  /** The page's fields; empty ones read "not given". */
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

function reproduceBlocks(input: ReportInput, parts: readonly KindReport[], permalink: ReportPermalink | undefined): ReportBlock[] {
  const blocks: ReportBlock[] = [];
  if (permalink?.ok) {
    const link = input.siteUrl ? `${input.siteUrl.replace(/#.*$/u, '')}#${permalink.fragment}` : `#${permalink.fragment}`;
    blocks.push({ kind: 'code', label: input.siteUrl ? 'The permalink: it opens these numbers in Fairground, and Re-run recomputes them on the reader’s machine.' : 'The permalink fragment: append it to the address of a Fairground site to open these numbers there.', text: link });
  } else {
    blocks.push({ kind: 'paragraph', text: permalink ? `No permalink: ${permalink.reason}.` : 'No permalink: an outcome audit of a decisions table and a multi-task audit have no link kind; the commands below recompute them.' });
  }
  const report = ['fairground report', ...(input.results ? ['--results RESULTS_FILE'] : []), ...(input.outcomes ? ['--outcomes OUTCOMES_FILE'] : []), ...(input.tasks ? ['--tasks TASKS_FILE'] : []), '--out report.html'].join(' ');
  blocks.push({
    kind: 'code',
    label: 'The commands that recompute the numbers (DATASET_DIR: the dataset package folder with the manifest SHA-256 above; a capitalised word is a path to fill in), then this report from their output:',
    text: [...parts.flatMap((p) => p.commands), report].join('\n'),
  });
  return blocks;
}

/**
 * Every string value of the report (its keys are the document schema's words, not content: a
 * dataset whose records nest a `title` key must not block every report).
 */
function reportStrings(doc: ReportDocument): string[] {
  return [...locatedPayloadStrings(doc)].filter((s) => !s.isKey).map((s) => s.value);
}

/**
 * The report as data, guarded: every string of it is checked against `forbidden`.
 * @throws {DatasetContentError} when the report would hold a string of the dataset.
 * @throws {TypeError} when neither results nor outcomes are given.
 */
export async function buildReportDocument(input: ReportInput): Promise<ReportDocument> {
  const forbidden = [...(input.forbidden ?? [])];
  const parts: KindReport[] = [];
  if (input.results?.kind === 'retrieval-fairness') parts.push(retrievalReport(input.results));
  else if (input.results?.kind === 'screening') parts.push(screeningReport(input.results));
  if (input.outcomes) parts.push(outcomesReport(input.outcomes));
  if (input.tasks) parts.push(tasksReport(input.tasks));
  if (parts.length === 0) throw new TypeError('a report needs a retrieval-fairness or screening results object, an outcome audit or a multi-task audit');
  const permalink = input.results ? reportPermalink(input.results, forbidden) : undefined;
  const dataset = input.results?.dataset;
  const limitations = [...parts.flatMap((p) => p.limitations), ...unfinishedLimitations(input.unfinished ?? [])];
  const blocks: Record<(typeof SECTIONS)[number][0], ReportBlock[]> = {
    summary: merged(parts, 'summary'),
    system: [...merged(parts, 'system'), ...(input.results ? [{ kind: 'paragraph' as const, text: `Ran in ${input.results.environment.runtime === 'node' ? 'Node (the command line)' : 'a browser'}.` }] : [])],
    data: [...(dataset ? datasetBlocks(dataset, input.manifest) : []), ...merged(parts, 'data'), auditFacts(input.fields ?? {}, input.results?.createdAt)],
    method: merged(parts, 'method'),
    results: merged(parts, 'results'),
    limitations: limitations.length > 0 ? [{ kind: 'list', items: limitations, hook: 'limitations' }] : [{ kind: 'paragraph', text: 'None of the limitations Fairground checks for applies (labels present, calibrated or tuned rules, informative decisions, no small categories, a complete run).' }],
    reproduce: reproduceBlocks(input, parts, permalink),
  };
  const sections: ReportSection[] = SECTIONS.map(([id, heading]) => ({ id, heading, blocks: blocks[id] }));
  const what = parts.map((p) => p.title).join(' and ');
  const doc: ReportDocument = { title: `Audit report: ${what}${dataset ? ` of ${dataset.id} v${dataset.version}` : ''}`, sections };
  assertNoDatasetContent(reportStrings(doc), forbidden);
  return doc;
}

/**
 * The report's HTML: one file, inline CSS and SVG, no script, no external request.
 * @throws {DatasetContentError} when the report would hold a string of the dataset.
 * @example (await buildReport({ outcomes, generatedAt: '2026-01-01T00:00:00.000Z' })).startsWith('<!doctype html>') // true
 */
export async function buildReport(input: ReportInput): Promise<string> {
  return renderReportHtml(await buildReportDocument(input), input.generatedAt);
}
