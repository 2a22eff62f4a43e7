/**
 * A report a compliance officer can file (issue 47): each results file its own part; a dataset that
 * is not the results' refused; impossible dates refused; the outcome audit's date and data source;
 * distinct individuals beside the variants scored; why there is no intersection; the unknown
 * category always counted; test data declared; one fact behind both the Data section and the
 * Limitations; print with its own running header and page numbers; the permalink a link.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditOutcomes } from '../../../src/core/audit/outcomes/audit.ts';
import { runOutcomesAudit } from '../../../src/core/audit/outcomes/input.ts';
import { readDecisions } from '../../../src/core/formats/decisions.ts';
import { readRecordTable } from '../../../src/core/formats/recordTable.ts';
import { screeningAudit } from '../../../src/core/audit/screening/audit.ts';
import { buildReport, isCalendarDate } from '../../../src/report/index.ts';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { HEADER, MODEL_A, MODEL_B, OPTIONS, PARTS } from '../core/audit/screening/tinyScreening.ts';
import { hookedRows, limitations, section } from './htmlChecks.ts';

const AT = '2026-12-02T10:00:00.000Z';

async function cli(argv: string[]) {
  let err = '';
  const code = await main(argv, { ...nodeIo, stdout: () => {}, stderr: (t) => (err += t) });
  return { code, err };
}

const audited = screeningAudit(PARTS, [MODEL_A, MODEL_B], OPTIONS, { ...HEADER, dataset: { ...HEADER.dataset, manifestSha256: 'a'.repeat(64) } });
const screening = { ...audited, parameters: { ...audited.parameters, sample: null } };

/** 10 rows, sex f/m and one empty: f 4 (2 selected), m 5 (3 selected), unknown 1 (1 selected). */
const CSV = 'sex,race,y\nf,b,1\nf,w,1\nf,b,0\nf,w,0\nm,w,1\nm,w,1\nm,b,1\nm,b,0\nm,w,0\n,w,1\n';

describe('fairground report --results A --results B', () => {
  it('gives each results file its own part, with its own permalink and run command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fg-report-two-'));
    const other = { ...screening, task: 'cv-screening-2', dataset: { ...screening.dataset, id: 'tiny-two' } };
    writeFileSync(join(dir, 'a.json'), JSON.stringify(screening));
    writeFileSync(join(dir, 'b.json'), JSON.stringify(other));
    const r = await cli(['report', '--results', join(dir, 'a.json'), '--results', join(dir, 'b.json'), '--out', join(dir, 'r.html')]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const html = readFileSync(join(dir, 'r.html'), 'utf8');
    expect(html).toContain('<title>Audit report: Decision-model screening audit and Decision-model screening audit of tiny v1.0.0, tiny-two v1.0.0</title>');
    // Both parts, each under its title in the Summary, and both datasets in Data.
    expect(section(html, 'summary').match(/<h3>Decision-model screening audit<\/h3>/g)).toHaveLength(2);
    expect(section(html, 'data')).toContain('<dt>Dataset</dt><dd>tiny</dd>');
    expect(section(html, 'data')).toContain('<dt>Dataset</dt><dd>tiny-two</dd>');
    const reproduce = section(html, 'reproduce');
    expect(reproduce).toContain('--task cv-screening --model');
    expect(reproduce).toContain('--task cv-screening-2 --model');
    expect(reproduce).toContain('fairground report --results RESULTS_FILE_1 --results RESULTS_FILE_2 --out report.html');
    expect(reproduce).toMatch(/Results 1: The permalink fragment \([\d,]+ characters\)[^<]*<a href="#r=[\w-]+">the permalink fragment<\/a>/);
    expect(reproduce).toMatch(/Results 2: The permalink fragment \([\d,]+ characters\)[^<]*<a href="#r=[\w-]+">the permalink fragment<\/a>/);
  });

  it('refuses --dataset of another dataset than the results’: exit 2, one line saying which to pass', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fg-report-other-'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify(screening));
    const r = await cli(['report', '--results', join(dir, 'a.json'), '--dataset', 'datasets/freelance-twins', '--out', join(dir, 'r.html')]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(/a\.json: made on tiny v1\.0\.0 .*but --dataset is freelance-twins: pass --dataset the package of tiny v1\.0\.0/);
  });
});

describe('isCalendarDate(text)', () => {
  it('accepts real dates and refuses what only looks like one', () => {
    expect(['2026-01-31', '2028-02-29', '2026-12-01'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2026-13-45', '2026-02-30', '2027-02-29', '2026-04-31', '2026-00-10', '26-01-01', '2026-1-1'].map(isCalendarDate)).toEqual([false, false, false, false, false, false, false]);
  });
});

describe('the outcome audit’s Data section', () => {
  const run = runOutcomesAudit({ text: CSV, fileName: 'folder/callbacks.csv', columns: { groups: ['sex'], selected: 'y' }, createdAt: '2026-11-20T09:30:00.000Z' });
  if (!run.ok) throw new Error(run.error);
  const outcomes = run.results;

  it('states the audit date and the data source (name, bytes, SHA-256), and the Reproduce line names the file', async () => {
    expect(outcomes.source).toEqual({ name: 'callbacks.csv', bytes: CSV.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const html = await buildReport({ outcomes, generatedAt: AT });
    const data = section(html, 'data');
    expect(data).toContain('<dt>Audit date</dt><dd>2026-11-20</dd>');
    expect(data).toContain(`<dt>Data source</dt><dd>callbacks.csv (${CSV.length} bytes, SHA-256 ${outcomes.source!.sha256})</dd>`);
    expect(section(html, 'reproduce')).toContain('fairground eval outcomes --decisions callbacks.csv --group sex --selected y --out outcomes.json');
    expect(section(html, 'reproduce')).not.toContain('DECISIONS_FILE');
    // --audit-date (the field) overrides the results' date.
    expect(section(await buildReport({ outcomes, generatedAt: AT, fields: { auditDate: '2026-12-01' } }), 'data')).toContain('<dt>Audit date</dt><dd>2026-12-01</dd>');
    // An audit made before the date and source were stored: said, never guessed.
    const { created_at: _c, source: _s, ...old } = outcomes;
    const before = await buildReport({ outcomes: old, generatedAt: AT });
    expect(section(before, 'data')).toContain('<dt>Audit date</dt><dd>not given</dd>');
    expect(section(before, 'data')).toMatch(/<dt>Data source<\/dt><dd>not recorded/);
    expect(section(before, 'reproduce')).toContain('--decisions DECISIONS_FILE');
  });

  it('counts an empty group value in the unknown category, and always states the unknown count (0 when none)', async () => {
    const html = await buildReport({ outcomes, generatedAt: AT });
    expect(hookedRows(html, 'll144').map((r) => [r.header.replace(' (highest)', ''), r.cells[0].value])).toEqual([['sex: f', 4], ['sex: m', 5], ['sex: unknown', 1]]);
    expect(html).toContain('Unknown category (an empty or missing value): sex 1.');
    const none = auditOutcomes(readDecisions(readRecordTable('sex,y\nf,1\nm,0\n', 'csv'), { groups: ['sex'], selected: 'y' }));
    expect(await buildReport({ outcomes: none, generatedAt: AT })).toContain('Unknown category (an empty or missing value): sex 0.');
  });

  it('states whether the decisions are historical: not stated, yes, or no — then test data, and why', async () => {
    expect(section(await buildReport({ outcomes, generatedAt: AT }), 'data')).toMatch(/<dt>Historical data<\/dt><dd>not stated/);
    expect(section(await buildReport({ outcomes: { ...outcomes, historical: true }, generatedAt: AT }), 'data')).toMatch(/<dt>Historical data<\/dt><dd>yes: /);
    const test = await buildReport({ outcomes: { ...outcomes, historical: true }, generatedAt: AT, fields: { historical: 'no', testDataNote: 'the tool has not been used yet; résumés written by the vendor' } });
    expect(section(test, 'data')).toMatch(/<dt>Historical data<\/dt><dd>no: the decisions are test data/);
    expect(section(test, 'data')).toContain('<dt>Why test data, and how it was made</dt><dd>the tool has not been used yet; résumés written by the vendor</dd>');
    expect(limitations(test).filter((l) => l.includes('test data'))).toHaveLength(1);
    expect(section(test, 'reproduce')).toContain('--historical no');
  });
});

describe('the Limitations’ fallback and the Data section say the same', () => {
  it('without a label column the fallback does not claim labels; with one it does', async () => {
    const table = 'sex,y,l\n' + Array.from({ length: 50 }, (_, i) => `${i % 2 ? 'f' : 'm'},${i % 3 ? 1 : 0},${i % 5 ? 1 : 0}`).join('\n');
    const bootstrap = { resamples: 20, seed: 1 };
    const unlabelled = auditOutcomes(readDecisions(readRecordTable(table, 'csv'), { groups: ['sex'], selected: 'y' }), {}, bootstrap);
    const html = await buildReport({ outcomes: unlabelled, generatedAt: AT });
    expect(section(html, 'data')).toContain('<dt>Label column</dt><dd>none</dd>');
    expect(limitations(html)).toEqual([]);
    expect(section(html, 'limitations')).toContain('None of the limitations Fairground checks for applies (an informative decision rule, no category under 2% of the rows, bootstrap confidence intervals).');
    expect(section(html, 'limitations')).not.toMatch(/label column|labels present/);
    const labelled = auditOutcomes(readDecisions(readRecordTable(table, 'csv'), { groups: ['sex'], selected: 'y', label: 'l' }), {}, bootstrap);
    expect(section(await buildReport({ outcomes: labelled, generatedAt: AT }), 'limitations')).toContain('a label column (true- and false-positive rates)');
  });
});

describe('the screening report counts people, says why there is no intersection, and declares its test data', () => {
  it('the LL144 table gives the distinct CVs beside the variants scored, and says the rates are over the variants', async () => {
    const html = await buildReport({ results: [screening], generatedAt: AT });
    // tinyScreening: 6 CVs in both jobs' pools, 3 variants per CV and job for each gender group → 36 variants of 6 CVs.
    const rows = hookedRows(html, 'll144').slice(0, 2);
    expect(rows.map((r) => [r.header.replace(' (highest)', ''), r.cells[0].value, r.cells[1].value])).toEqual([['gender: female', 6, 36], ['gender: male', 6, 36]]);
    expect(html).toContain('<th scope="col">Individuals (CVs)</th><th scope="col">Variants scored</th>');
    expect(html).toContain('the rates and shares are over the variants scored (72)');
    // Results stored before the count: said, not guessed.
    const old = { ...screening, models: screening.models.map((m) => ({ ...m, outcomes: m.outcomes?.map((o) => ({ ...o, outcomes: { ...o.outcomes, groupings: o.outcomes.groupings.map((g) => ({ ...g, categories: g.categories.map(({ n_individuals: _n, ...c }) => c) })) } })) })) };
    expect(hookedRows(await buildReport({ results: [old], generatedAt: AT }), 'll144')[0].cells[0].text).toBe('not recorded');
  });

  it('says why the sex × race/ethnicity intersection cannot be computed, in the LL144 caption and the limitations', async () => {
    const html = await buildReport({ results: [screening], generatedAt: AT });
    expect(html).toMatch(/<caption>[^<]*No intersectional category \(sex × race\/ethnicity\): each counterfactual variant changes one attribute/);
    expect(limitations(html).filter((l) => l.startsWith('No intersectional category'))).toHaveLength(1);
  });

  it('declares the counterfactual CVs test data, why, and how they were made (the generator’s settings and counts when the results carry them)', async () => {
    const data = section(await buildReport({ results: [screening], generatedAt: AT }), 'data');
    expect(data).toMatch(/<dt>Test data<\/dt><dd>yes: the counterfactual CVs \(variants\) are test data/);
    expect(data).toMatch(/<dt>Why test data<\/dt><dd>a counterfactual variant is its CV with one attribute/);
    // 8 variants of each of 6 CVs (48), each scored for both jobs (96).
    expect(data).toContain('<dt>How it was made</dt><dd>2 jobs, 6 CVs, 48 variants scored 96 times (each once per job whose pool holds its CV), from the dataset tiny v1.0.0 (manifest SHA-256 above), made by its authors');
    const generation = { generated: 40, accepted: 31, rejected: 6, edited: 3, notMade: 2, settings: { neutralise: true, names: 'replace' as const, names_per_group: 2, attributes: ['gender'], gender_names_ethnicity: 'white', other_names_gender: 'seeded' as const, name_lists: [] } };
    const mine = section(await buildReport({ results: [{ ...screening, dataset: { ...screening.dataset, generation } }], generatedAt: AT }), 'data');
    expect(mine).toMatch(/generated by Fairground from one’s own candidates: 40 generated, 31 accepted, 3 edited, 6 rejected, 2 not made; settings: a neutral base .*names replace \(2 per group\), attributes gender/);
  });
});

describe('print', () => {
  it('sections flow on, rows never split, and the pages carry the report’s own running header and page numbers', async () => {
    const run = runOutcomesAudit({ text: CSV, fileName: 'callbacks.csv', columns: { groups: ['sex'], selected: 'y' }, createdAt: '2026-11-20T09:30:00.000Z' });
    if (!run.ok) throw new Error(run.error);
    const html = await buildReport({ outcomes: run.results, generatedAt: AT });
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1];
    expect(style).not.toMatch(/break-before:\s*page|page-break-before:\s*always/);
    expect(style).toMatch(/tr, figure, pre[^{]*\{ break-inside: avoid;/);
    expect(style).toContain('@top-center { content: "Audit report: Group-outcome audit (selection rates and impact ratios) · the decisions in callbacks.csv · audit date 2026-11-20";');
    expect(style).toContain('@bottom-right { content: counter(page) " / " counter(pages);');
  });

  it('a running header cannot close the style element or break out of its CSS string', async () => {
    const leaky = { ...screening, models: screening.models.map((m, i) => (i === 0 ? { ...m, model: { ...m.model, label: 'x" } </style><script>' } } : m)) };
    const html = await buildReport({ results: [leaky], generatedAt: AT });
    expect(html).not.toContain('<script>');
    const head = /<head>[\s\S]*?<\/head>/.exec(html)![0];
    expect(head.match(/<\/style>/g)).toHaveLength(1);
    expect(head).toContain('@top-center { content: "Audit report: Decision-model screening audit of tiny v1.0.0 · x\\" } \\3C /style>\\3C script>, model-b · audit date');
  });

  it('the permalink is a link with its length stated, not printed text; commands wrap at spaces, never mid-word', async () => {
    const html = await buildReport({ results: [screening], generatedAt: AT, siteUrl: 'https://fairground.example/' });
    const reproduce = section(html, 'reproduce');
    const link = /<p>The permalink \(its fragment, ([\d,]+) characters, holds these numbers; [^<]*<a href="(https:\/\/fairground\.example\/#r=[\w-]+)">Open these numbers in Fairground<\/a><\/p>/.exec(reproduce);
    expect(link).not.toBeNull();
    expect(Number(link![1].replace(/,/g, ''))).toBe(link![2].split('#')[1].length);
    expect(reproduce).not.toMatch(/<pre><code>[^<]*#r=/);
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1];
    expect(style).toMatch(/pre \{ white-space: pre-wrap; overflow-wrap: normal; word-break: normal; overflow-x: auto;/);
    expect(style).not.toContain('break-all');
  });
});
