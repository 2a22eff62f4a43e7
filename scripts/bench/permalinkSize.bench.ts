/**
 * How long a shared link is, and what fills it (issue 47: "the demo's permalink is 36 KB: measure
 * what is in it, and keep links short enough to paste into an e-mail or a ticket").
 *
 * The demo's result (GloVe, BM25, TF-IDF on freelance-twins' `briefs` and `queries`, B = 1000,
 * seed 0: what Home's demo stores), a screening audit of the bundled cv-screening dataset
 * (calibrated GloVe, T = 3, B = 200), an outcome audit of a decisions table and the example
 * predictions' multi-task scores, each encoded as the Share box encodes it (encodePermalink:
 * deflate-raw, base64url): before (every number with a double's 17 digits, every table), the full
 * link and the summary link (core/share).
 * Lengths are characters of the `r=…` fragment; a link adds the site's address (~30 characters).
 *
 * Run: npm run bench -- permalinkSize
 */
import { readFileSync } from 'node:fs';
import { main } from '../../src/cli/main.ts';
import { parseResults, summaryOf, type RetrievalFairnessResults } from '../../src/core/audit/retrieval/index.ts';
import { parseScreeningResults } from '../../src/core/audit/screening/index.ts';
import { runOutcomesAudit } from '../../src/core/audit/outcomes/index.ts';
import { scorePredictionFiles } from '../../src/core/audit/tasks/index.ts';
import { encodePermalink, type PermalinkPayloadInput } from '../../src/core/permalink/index.ts';
import { filesSha256, linkReach, outcomesPayload, retrievalPayload, screeningPayload, tasksPayload } from '../../src/core/share/index.ts';
import { memoryIo } from '../../test/unit/cli/memoryIo.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const m0 = machine();

async function cli(args: string[]): Promise<unknown> {
  const io = memoryIo({});
  const code = await main(args, io);
  if (code !== 0) throw new Error(`fairground ${args.join(' ')}: exit ${code}: ${io.err}`);
  return JSON.parse(io.out);
}

const retrievalRun = async (task: string) => parseResults(await cli(['run', '--dataset', 'datasets/freelance-twins', '--task', task, '--model', 'fairground-glove-100d,bm25,tfidf', '--bootstrap', '1000', '--seed', '0', '--quiet']));
const [briefs, queries] = [await retrievalRun('briefs'), await retrievalRun('queries')];
const demo: RetrievalFairnessResults = { ...briefs, subsets: [...briefs.subsets, ...queries.subsets] };

/** The link as it was before core/share: every table, numbers at full precision (and no group fairness, which came later). */
function before(results: RetrievalFairnessResults): PermalinkPayloadInput {
  const p = retrievalPayload(results, 'full');
  const { detail: _detail, ...parameters } = p.parameters as Record<string, unknown>;
  return { ...p, parameters, results: JSON.parse(JSON.stringify(summaryOf(results)), (k, v: unknown) => (k === 'groupFairness' ? undefined : v)) as object };
}

const length = async (payload: PermalinkPayloadInput) => (await encodePermalink(payload)).length;
const reach = (n: number) => ({ email: 'e-mail', ticket: 'ticket, chat', long: 'document' })[linkReach(n)];

const rows: string[][] = [];
async function row(what: string, payload: PermalinkPayloadInput, detail: string) {
  const n = await length(payload);
  rows.push([what, detail, n.toLocaleString('en'), reach(n)]);
  return n;
}

const demoBefore = await row('Demo (retrieval, 3 models × 2 query sets)', before(demo), 'before: every table, 17 digits');
const demoFull = await row('Demo (retrieval, 3 models × 2 query sets)', retrievalPayload(demo, 'full'), 'full (7 significant digits)');
const demoSummary = await row('Demo (retrieval, 3 models × 2 query sets)', retrievalPayload(demo, 'summary'), 'summary (7 significant digits)');

const screening = parseScreeningResults(await cli(['run', '--dataset', 'datasets/cv-screening', '--task', 'cv-screening', '--model', 'calibrated:fairground-glove-100d', '--runs', '3', '--bootstrap', '200', '--seed', '0', '--quiet']));
await row('Screening (cv-screening, calibrated GloVe)', screeningPayload({ ...screening, parameters: { ...screening.parameters, sample: null } }, 'full'), 'full');
await row('Screening (cv-screening, calibrated GloVe)', screeningPayload({ ...screening, parameters: { ...screening.parameters, sample: null } }, 'summary'), 'summary');

const decisions = ['race,gender,callback', ...Array.from({ length: 4870 }, (_, i) => `${['white', 'black'][i % 2]},${['female', 'male'][(i >> 1) % 2]},${i % 12 === 0 ? 1 : 0}`)].join('\n');
const outcomes = runOutcomesAudit({ text: decisions, fileName: 'callbacks.csv', columns: { groups: ['race', 'gender'], selected: 'callback' }, ci: { resamples: 1000, seed: 1 } });
if (!outcomes.ok) throw new Error(outcomes.error);
await row('Outcomes (2 groupings and their intersection, 4,870 rows)', outcomesPayload(outcomes.results), 'full');

const dir = 'public/examples/predictions';
const names = ['tasks.json', ...(JSON.parse(readFileSync(`${dir}/tasks.json`, 'utf8')) as { tasks: { name: string }[] }).tasks.map((t) => `${t.name}.jsonl`)];
const files = Object.fromEntries(names.map((n) => [n, readFileSync(`${dir}/${n}`, 'utf8')]));
await row('Multi-task (the example predictions, 7 tasks)', tasksPayload(await scorePredictionFiles(files, { resamples: 1000, seed: 0, missing: 'benchmark' }), filesSha256(files)), 'full');

emitSection(`## Permalink size: what a shared link holds (Node)

What: characters of each audit kind's link (the \`r=…\` fragment, encoded as the Share box encodes it), before core/share (every table, 17 digits) and now (7 significant digits; a summary link beside the full one). Seeded audits: a length moves by a few characters with the timings a result carries.

${machineMarkdown(m0, 'npm run bench -- permalinkSize')}

| Result | Link | Characters | Fits |
| --- | --- | ---: | --- |
${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}

The demo's link: ${demoBefore.toLocaleString('en')} → ${demoFull.toLocaleString('en')} characters full (${(demoBefore / demoFull).toFixed(1)}× shorter) and ${demoSummary.toLocaleString('en')} summary (${(demoBefore / demoSummary).toFixed(1)}× shorter).
`);
