/**
 * The audit report (issue 32), end to end on both device paths: the page's Report button and
 * `fairground report` (the built CLI, dist-cli/fairground.js) write the same file from the same
 * results — byte for byte but for the timestamp line — for a retrieval-fairness run stored through
 * the Run view (BM25 on freelance-twins' briefs) and for the Outcomes view's audit of a callback
 * table (Bertrand–Mullainathan style, against `eval outcomes`) and for the Predictions view's
 * multi-task audit of the example predictions (against `eval tasks`), and for a screening run of
 * calibrated GloVe on cv-screening through the Run view. Each report, printed to PDF by
 * Chromium and read back with pdftotext, holds the numbers of its tables, the report's own
 * running header and page numbers (not Chromium's), no permalink spelt out, and no query text of
 * the dataset.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { e2e, foreignRequests, ONE_PATH } from './browser.ts';
import { fillBm25BriefsRun } from './runForm.ts';

const CLI = 'dist-cli/fairground.js';
const TWINS = 'datasets/freelance-twins';
const CALLBACKS = fileURLToPath(new URL('../fixtures/outcomes/callbacks-synthetic.csv', import.meta.url));
const AUDITOR = 'Dana Q. Auditor';
const DISTRIBUTED = '2026-03-01';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
if (!hasPdftotext) {
  // .ci/run installs poppler-utils: under CI a missing pdftotext is a failure, not a skip.
  if (process.env.CI === 'true') throw new Error('report e2e: pdftotext (poppler-utils) is not installed');
  console.log('report e2e: pdftotext not found (apt-get install -y poppler-utils): the PDF checks are skipped');
}

/** Clicks the Report button after filling its fields; the downloaded file's text. */
async function pageReport(page: Page): Promise<string> {
  const box = page.getByTestId('report-box');
  await box.getByLabel('Auditor’s name').fill(AUDITOR);
  await box.getByLabel('Distribution date of the tool').fill(DISTRIBUTED);
  // Keyboard: the button is reached and pressed like any other.
  await box.getByTestId('report-button').focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  assert.match(download.suggestedFilename(), /^fairground-report-[\w.-]+\.html$/);
  return readFileSync((await download.path())!, 'utf8');
}

/** `fairground report …` with the built CLI; the file it wrote. */
function cliReport(dir: string, args: readonly string[]): string {
  const out = join(dir, 'cli-report.html');
  execFileSync(process.execPath, [CLI, 'report', ...args, '--auditor', AUDITOR, '--distribution-date', DISTRIBUTED, '--out', out], { encoding: 'utf8' });
  return readFileSync(out, 'utf8');
}

/** The two files are equal line by line except the one timestamp line. */
function sameButTimestamp(page: string, cli: string, device: string): void {
  const a = page.split('\n');
  const b = cli.split('\n');
  assert.equal(a.length, b.length, `[${device}] line count`);
  const differing = a.flatMap((line, i) => (line === b[i] ? [] : [i]));
  assert.ok(differing.length <= 1, `[${device}] lines differ: ${differing.slice(0, 3).map((i) => `\n  page: ${a[i].slice(0, 160)}\n  cli:  ${b[i].slice(0, 160)}`).join('')}`);
  for (const i of differing) assert.match(a[i], /^<p class="generated" data-report="generated">Report generated \d{4}-\d\d-\d\dT/);
  assert.ok(page.includes(`<dd>${AUDITOR}</dd>`) && page.includes(`<dd>${DISTRIBUTED}</dd>`), 'the fields are in the report');
}

/** The texts of the numeric cells of a report's tables with `data-report="<hook>"`. */
function numberTexts(html: string, hook: string): string[] {
  const tables = [...html.matchAll(/<table[\s\S]*?<\/table>/g)].map((m) => m[0]).filter((t) => t.includes(`data-report="${hook}"`));
  return tables.flatMap((t) => [...t.matchAll(/<td class="num"[^>]*>([^<]+)<\/td>/g)].map((m) => m[1]));
}

/** Prints the report to PDF with Chromium; pdftotext's text and the page count, or undefined without pdftotext. */
async function printed(context: BrowserContext, html: string, dir: string): Promise<{ text: string; pages: number } | undefined> {
  if (!hasPdftotext) return undefined;
  const page = await context.newPage();
  await page.setContent(html, { waitUntil: 'load' });
  const pdf = join(dir, 'report.pdf');
  // The report's own header and page numbers (CSS page margin boxes), not Chromium's path and date.
  writeFileSync(pdf, await page.pdf({ format: 'A4', preferCSSPageSize: true, displayHeaderFooter: false }));
  await page.close();
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
  return { text: text.replace(/\s+/g, ' '), pages };
}

/**
 * The printed pages: every one with the report's running header (its title, the audit date) and
 * "n / N"; no Chromium header or footer (a path, about:blank); no permalink printed as text.
 */
function pagesOf(pdf: { text: string; pages: number }, html: string, device: string): void {
  const title = /<title>([^<]+)<\/title>/.exec(html)![1].replace(/&amp;/g, '&');
  const header = title.slice(0, 40);
  assert.ok(pdf.text.split(header).length - 1 >= pdf.pages, `[${device}] the running header "${header}" on each of ${pdf.pages} pages`);
  assert.ok(/audit date (\d{4}-\d\d-\d\d|not given)/.test(pdf.text), `[${device}] the audit date in the running header`);
  // pdftotext may drop the thin spaces around the slash: "1/5".
  for (let p = 1; p <= pdf.pages; p++) assert.ok(new RegExp(`\\b${p} ?/ ?${pdf.pages}\\b`).test(pdf.text), `[${device}] page number ${p} / ${pdf.pages}`);
  assert.ok(!/about:blank|file:\/\//.test(pdf.text), `[${device}] no Chromium header or footer`);
  assert.ok(!/[\w-]{200,}/.test(pdf.text), `[${device}] no permalink (or other unbroken token) printed as text`);
}

/** Every number of the hooked tables is in the PDF's text (each word of a cell: `0.899`, `[0.892,`, `0.906]`). */
function numbersInPdf(pdf: { text: string }, html: string, hooks: readonly string[], device: string): number {
  let checked = 0;
  for (const hook of hooks) {
    const cells = numberTexts(html, hook);
    assert.ok(cells.length > 0, `[${device}] the ${hook} table has numbers`);
    for (const cell of cells) {
      for (const word of cell.split(' ')) assert.ok(pdf.text.includes(word), `[${device}] ${hook}: ${word} (of "${cell}") is not in the PDF`);
      checked++;
    }
  }
  return checked;
}

e2e('a retrieval-fairness result: the Report button’s file equals fairground report’s but for the timestamp; its PDF holds the numbers and no dataset text', async ({ page, baseUrl, context, requests, errors, device }) => {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 90_000 });
  await page.goto(`${baseUrl}#/run`);
  await fillBm25BriefsRun(page);
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').waitFor({ timeout: 300_000 });
  const runId = /#\/results\/(run-[\w-]+)/.exec(page.url())?.[1];
  assert.ok(runId, `the run opened its results (${page.url()})`);

  const html = await pageReport(page);
  const dir = mkdtempSync(join(tmpdir(), 'fairground-report-'));
  const stored = await page.evaluate((id) => (window as any).fairground.results(id), runId);
  writeFileSync(join(dir, 'results.json'), JSON.stringify(stored));
  const site = await page.evaluate(() => `${location.origin}${location.pathname}`);
  const cli = cliReport(dir, ['--results', join(dir, 'results.json'), '--dataset', TWINS, '--site', site]);
  sameButTimestamp(html, cli, device);

  // What the report holds: the verdict, the page's numbers, the permalink on this site.
  assert.match(html, /<p class="verdict">BM25: [^<]+pooled RBC /);
  const ndcg = stored.subsets[0].models[0].effectiveness['ndcg@10'];
  assert.ok(html.includes(`data-value="${ndcg.mean}"`), 'NDCG@10 at full precision');
  assert.ok(html.includes(`<a href="${site}#r=`), 'the permalink, a link on this site');
  assert.ok(!/<script/i.test(html));
  assert.deepEqual([...html.matchAll(/https?:\/\/[^\s"<]+/g)].map((m) => m[0].split('#')[0]), [site], 'no URL but the permalink');

  const queries = gunzipSync(readFileSync(join(TWINS, 'queries-briefs.jsonl.gz'))).toString('utf8').trim().split('\n').slice(0, 20).map((l) => JSON.parse(l) as { _id: string; text: string });
  for (const q of queries) assert.ok(!html.includes(q.text.slice(0, 40)), `a query text is in the report: ${q.text.slice(0, 40)}`);

  // Readable at 360 px: nothing wider than the screen but inside a table's own scroller.
  const narrow = await context.newPage();
  await narrow.setViewportSize({ width: 360, height: 740 });
  await narrow.setContent(html, { waitUntil: 'load' });
  assert.ok((await narrow.evaluate(() => document.documentElement.scrollWidth)) <= 360, `[${device}] the report scrolls sideways at 360 px`);
  await narrow.close();

  const pdf = await printed(context, html, dir);
  if (pdf) {
    pagesOf(pdf, html, device);
    for (const heading of ['Summary', 'System audited', 'Data', 'Method', 'Results', 'Limitations', 'Reproduce']) assert.ok(pdf.text.includes(heading), heading);
    assert.ok(numbersInPdf(pdf, html, ['retrieval-effectiveness', 'retrieval-robustness', 'retrieval-perLang', 'shards'], device) > 20);
    assert.ok(pdf.text.includes(AUDITOR) && pdf.text.includes(DISTRIBUTED));
    for (const q of queries) assert.ok(!pdf.text.includes(q.text.slice(0, 40).replace(/\s+/g, ' ')), 'no query text in the PDF');
  }
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
}, { timeout: 900_000, devices: ONE_PATH });

e2e('an outcome audit of a callback table: the Outcomes view’s report equals fairground report --outcomes on eval outcomes’ JSON; the LL144 numbers are in its PDF', async ({ page, baseUrl, context, requests, errors, device }) => {
  await page.goto(`${baseUrl}#/outcomes`);
  await page.getByRole('heading', { name: 'Group outcomes' }).waitFor();
  await page.getByTestId('outcomes-file').setInputFiles(CALLBACKS);
  await page.getByTestId('outcomes-file-name').waitFor();
  await page.getByTestId('outcomes-kind-selected').check();
  await page.getByTestId('outcomes-decision').selectOption('received_callback');
  await page.getByTestId('outcomes-label').selectOption('qualified');
  await page.getByTestId('outcomes-job').selectOption('job_ad_id');
  await page.getByTestId('outcomes-id').selectOption('candidate_id');
  await page.getByTestId('outcomes-bootstrap').fill('200');
  await page.getByTestId('outcomes-seed').fill('7');
  await page.getByTestId('outcomes-run').click();
  await page.getByTestId('outcomes-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 60_000 });
  if (await page.getByTestId('error-banner').isVisible()) assert.fail(`the audit failed: ${await page.getByTestId('error-banner').textContent()}`);

  const html = await pageReport(page);
  const dir = mkdtempSync(join(tmpdir(), 'fairground-report-outcomes-'));
  const json = join(dir, 'outcomes.json');
  execFileSync(process.execPath, [CLI, 'eval', 'outcomes', '--decisions', CALLBACKS, '--group', 'race,gender', '--selected', 'received_callback', '--label', 'qualified', '--job', 'job_ad_id', '--id', 'candidate_id', '--bootstrap', '200', '--seed', '7', '--out', json]);
  // The outcome audit has a link too (named by the decisions file's SHA-256): the CLI is told the site the page runs on.
  const site = await page.evaluate(() => `${location.origin}${location.pathname}`);
  const cli = cliReport(dir, ['--outcomes', json, '--site', site]);
  sameButTimestamp(html, cli, device);
  assert.ok(html.includes('Open these numbers in Fairground'), `[${device}] the outcome audit's permalink is a link`);

  // The LL144 table: every category of every grouping, its flags as the CLI's JSON has them.
  const audit = JSON.parse(readFileSync(json, 'utf8'));
  const rows = [...html.matchAll(/<tr><th scope="row">([^<]+)<\/th>((?:<td[^>]*>[^<]*<\/td>)+)<\/tr>/g)].filter((m) => html.slice(0, m.index).lastIndexOf('data-report="ll144"') > html.slice(0, m.index).lastIndexOf('data-report="ll144-small"'));
  const categories = audit.groupings.flatMap((g: any) => g.categories.map((c: any) => ({ g: g.name, c })));
  for (const { g, c } of categories) {
    const row = rows.find((m) => m[1].replace(' (highest)', '') === `${g}: ${c.category}`);
    assert.ok(row, `[${device}] LL144 row ${g}: ${c.category}`);
    assert.ok(row[2].includes(`data-value="${c.n}"`), `${c.category} n`);
    assert.ok(row[2].includes(`data-value="${c.selection_rate.mean}"`), `${c.category} rate`);
    assert.equal(row[2].includes('<td>below 0.8</td>'), c.four_fifths, `${c.category} four-fifths`);
  }
  assert.ok(html.includes('data-report="ll144-small"'), 'the categories under 2% with their counts and rates');

  const pdf = await printed(context, html, dir);
  if (pdf) {
    pagesOf(pdf, html, device);
    assert.ok(numbersInPdf(pdf, html, ['ll144', 'll144-small', 'outcomes-gaps'], device) > 30);
    for (const v of ['below 0.8', 'under 2%', AUDITOR]) assert.ok(pdf.text.includes(v), v);
  }
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
}, { timeout: 300_000, devices: ONE_PATH });

e2e('a multi-task audit: the Predictions view’s report of the example predictions equals fairground report --tasks on eval tasks’ JSON', async ({ page, baseUrl, context, requests, errors, device }) => {
  await page.goto(`${baseUrl}#/run/predictions`);
  await page.getByTestId('predictions-example').click();
  await page.getByTestId('tasks-overall').waitFor({ timeout: 120_000 });
  const html = await pageReport(page);
  const dir = mkdtempSync(join(tmpdir(), 'fairground-report-tasks-'));
  const json = join(dir, 'tasks.json');
  execFileSync(process.execPath, [CLI, 'eval', 'tasks', '--predictions', 'public/examples/predictions', '--out', json]);
  sameButTimestamp(html, cliReport(dir, ['--tasks', json]), device);
  const scored = JSON.parse(readFileSync(json, 'utf8'));
  assert.ok(html.includes(`data-value="${scored.tasks['fit'].score}"`), 'a task score at full precision');
  const pdf = await printed(context, html, dir);
  if (pdf) {
    pagesOf(pdf, html, device);
    assert.ok(numbersInPdf(pdf, html, ['tasks', 'capabilities'], device) > 10);
  }
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
}, { timeout: 300_000, devices: ONE_PATH });

e2e('a screening result: the Report button’s file equals fairground report’s, with the LL144 tables of the variants and no CV text', async ({ page, baseUrl, context, requests, errors, device }) => {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-cv-screening').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="cv-screening"][data-state="ready"]').waitFor({ timeout: 300_000 });
  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('audit-type-screening').check();
  await page.getByTestId('screening-dataset').waitFor();
  await page.getByTestId('screening-runs').fill('2');
  await page.getByTestId('screening-bootstrap').fill('200');
  await page.getByTestId('screening-sample').check();
  await page.getByTestId('screening-sample-cvs').fill('6');
  await page.getByTestId('screening-device').selectOption('wasm');
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 400_000 });
  if (await page.getByTestId('error-banner').isVisible()) assert.fail(`the run failed: ${await page.getByTestId('error-banner').textContent()}`);
  const runId = /#\/results\/(run-[\w-]+)/.exec(page.url())?.[1];
  assert.ok(runId, `the run opened its results (${page.url()})`);

  const html = await pageReport(page);
  const dir = mkdtempSync(join(tmpdir(), 'fairground-report-screening-'));
  const stored = await page.evaluate((id) => (window as any).fairground.results(id), runId);
  writeFileSync(join(dir, 'results.json'), JSON.stringify(stored));
  const site = await page.evaluate(() => `${location.origin}${location.pathname}`);
  sameButTimestamp(html, cliReport(dir, ['--results', join(dir, 'results.json'), '--dataset', 'datasets/cv-screening', '--site', site]), device);
  for (const hook of ['screening-validity', 'screening-bias', 'screening-consistency', 'll144']) assert.ok(html.includes(`data-report="${hook}"`), hook);
  assert.ok(html.includes(`<a href="${site}#r=`), 'the screening permalink, a link');
  const cvs = gunzipSync(readFileSync('datasets/cv-screening/cvs.jsonl.gz')).toString('utf8').trim().split('\n').slice(0, 20).map((l) => JSON.parse(l) as { _id: string; text: string });
  for (const cv of cvs) {
    assert.ok(!html.includes(cv.text.slice(0, 40)), 'no CV text in the report');
    assert.ok(!html.includes(`>${cv._id}<`), 'no CV id in the report');
  }
  const pdf = await printed(context, html, dir);
  if (pdf) {
    pagesOf(pdf, html, device);
    assert.ok(numbersInPdf(pdf, html, ['screening-validity', 'screening-consistency', 'll144'], device) > 20);
    // Captions and definition terms (a table's header cells may wrap into pdftotext's columns).
    for (const v of ['individuals (the distinct CVs)', 'rates and shares are over the variants scored', 'Test data', 'No intersectional category']) assert.ok(pdf.text.includes(v), `[${device}] ${v}`);
  }
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), [], 'no request left the page origin');
  assert.deepEqual(errors, []);
}, { timeout: 900_000, devices: ONE_PATH });
