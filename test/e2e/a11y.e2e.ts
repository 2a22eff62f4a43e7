/**
 * Accessibility (issue 48): axe-core's WCAG 2.0/2.1 A and AA rules find nothing on any view of the
 * built site — every route at rest (at 1280 px, light and dark; Home and Learn at 360 px too),
 * the results of an outcome audit, of the example multi-task predictions and of a retrieval run
 * (the first and the last at 360 px too: their tables scroll sideways there),
 * a shared link, an error banner, the candidates' job mapping and review, a run in progress, and
 * the HTML reports the Report button writes. Every violation of a check is listed (rule, impact,
 * elements, axe's summary), not only the first.
 *
 * axe is served from the site's own origin (a route of the browser context), so it loads under the
 * site's Content-Security-Policy as the app's own scripts do: no `bypassCSP`, no inline script.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { e2e, ONE_PATH } from './browser.ts';
import { fillBm25BriefsRun } from './runForm.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Where the page fetches axe from: a path on the site's origin that the context's route answers. */
const AXE_PATH = '/__a11y__/axe.min.js';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const CALLBACKS = fileURLToPath(new URL('../fixtures/outcomes/callbacks-synthetic.csv', import.meta.url));
const CV = 'Name: Carla Mendes\nShe is a software developer; her team ships Python and Kubernetes services.\n';
const JOBS = 'id,title,text\ndev,Developer,"Software developer: Python, Kubernetes, SQL"\ndata,Data engineer,"Data engineer: pipelines in Python and SQL"\n';

/** The site's routes, as the navigation links them (src/app/router.svelte.ts), and the Predictions view. */
const ROUTES = ['#/', '#/datasets', '#/candidates', '#/models', '#/run', '#/run/predictions', '#/results', '#/compare', '#/outcomes', '#/learn'];

/** Lets every page of `context` load axe from the site's origin. */
async function serveAxe(context: BrowserContext): Promise<void> {
  await context.route(`**${AXE_PATH}`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: AXE_SOURCE }));
}

/**
 * axe's WCAG 2.1 A/AA violations on the page as it is now, one line each per element:
 * `[state] rule (impact) selector: summary`. A page of the site loads axe from its own origin;
 * a report opened with setContent (no CSP) takes it inline.
 */
async function violations(page: Page, state: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    if (page.url().startsWith('about:')) await page.addScriptTag({ content: AXE_SOURCE });
    else await page.addScriptTag({ url: new URL(AXE_PATH, page.url()).href });
  }
  const found = await page.evaluate(async (tags) => {
    const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return (result.violations as any[]).flatMap((v) =>
      (v.nodes as any[]).map((n) => `${v.id} (${v.impact}) ${(n.target as string[]).join(' ')}: ${String(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`),
    );
  }, WCAG_TAGS);
  return found.map((line) => `[${state}] ${line}`);
}

/** Opens a route and waits for its view (its heading, no loading line). */
async function open(page: Page, baseUrl: string, hash: string): Promise<void> {
  await page.goto(`${baseUrl}${hash}`);
  await page.locator('main h1').first().waitFor();
  await page.getByTestId('view-loading').waitFor({ state: 'detached' });
}

/** Fails with every violation found, numbered. */
function assertNone(found: readonly string[], device: string): void {
  assert.equal(found.length, 0, `[${device}] ${found.length} WCAG 2.1 A/AA violations:\n${found.map((f, i) => `  ${i + 1}. ${f}`).join('\n')}`);
}

/** Fills the report box and presses its button: the downloaded HTML. */
async function reportHtml(page: Page): Promise<string> {
  const box = page.getByTestId('report-box');
  await box.getByLabel('Auditor’s name').fill('Dana Q. Auditor');
  const [download] = await Promise.all([page.waitForEvent('download'), box.getByTestId('report-button').click()]);
  return readFileSync((await download.path())!, 'utf8');
}

/** The report's violations, opened in a page of its own at `width`. */
async function reportViolations(context: BrowserContext, html: string, state: string, width = 1280): Promise<string[]> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.setContent(html, { waitUntil: 'load' });
  const found = await violations(page, state);
  await page.close();
  return found;
}

e2e('every view at rest has no WCAG 2.1 A/AA violation: 1280 px light and dark, Home and Learn at 360 px', async ({ page, context, baseUrl, device }) => {
  await serveAxe(context);
  const found: string[] = [];
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const hash of ROUTES) {
      await open(page, baseUrl, hash);
      found.push(...(await violations(page, `${hash} ${scheme}`)));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 360, height: 740 });
  for (const hash of ['#/', '#/learn']) {
    await open(page, baseUrl, hash);
    found.push(...(await violations(page, `${hash} 360 px`)));
  }
  assertNone(found, device);
}, { devices: ONE_PATH });

e2e('results, a shared link, an error banner and the reports have no WCAG 2.1 A/AA violation', async ({ page, context, baseUrl, device }) => {
  await serveAxe(context);
  await page.setViewportSize({ width: 1280, height: 900 });
  const found: string[] = [];

  // An outcome audit of the callback fixture (as outcomes.e2e.ts), its report and its shared link.
  await open(page, baseUrl, '#/outcomes');
  await page.getByTestId('outcomes-file').setInputFiles(CALLBACKS);
  await page.getByTestId('outcomes-file-name').waitFor();
  found.push(...(await violations(page, 'outcomes, a file read')));
  await page.getByTestId('outcomes-kind-selected').check();
  await page.getByTestId('outcomes-decision').selectOption('received_callback');
  await page.getByTestId('outcomes-label').selectOption('qualified');
  await page.getByTestId('outcomes-job').selectOption('job_ad_id');
  await page.getByTestId('outcomes-id').selectOption('candidate_id');
  await page.getByTestId('outcomes-bootstrap').fill('100');
  await page.getByTestId('outcomes-run').click();
  await page.getByTestId('outcomes-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 60_000 });
  assert.equal(await page.getByTestId('error-banner').count(), 0, 'the outcome audit ran');
  await page.waitForFunction(() => (document.querySelector('[data-testid="permalink-input"]') as HTMLInputElement | null)?.value.includes('#r='), undefined, { timeout: 30_000 });
  found.push(...(await violations(page, 'outcomes results')));
  await page.setViewportSize({ width: 360, height: 740 });
  found.push(...(await violations(page, 'outcomes results 360 px')));
  await page.setViewportSize({ width: 1280, height: 900 });
  found.push(...(await reportViolations(context, await reportHtml(page), 'outcomes report')));
  found.push(...(await reportViolations(context, await reportHtml(page), 'outcomes report 360 px', 360)));

  const link = await page.getByTestId('permalink-input').inputValue();
  await page.goto(link);
  await page.reload();
  await page.getByTestId('outcomes-table').waitFor({ timeout: 30_000 });
  found.push(...(await violations(page, 'shared outcomes link')));

  // The example multi-task predictions and their report.
  await open(page, baseUrl, '#/run/predictions');
  await page.getByTestId('predictions-example').click();
  await page.getByTestId('tasks-overall').waitFor({ timeout: 60_000 });
  found.push(...(await violations(page, 'predictions results')));
  found.push(...(await reportViolations(context, await reportHtml(page), 'predictions report')));

  // A malformed link: the error banner.
  await page.goto(`${baseUrl}#r=%%%not-base64%%%`);
  await page.reload();
  await page.getByTestId('error-banner').waitFor({ timeout: 10_000 });
  found.push(...(await violations(page, 'error banner')));
  assertNone(found, device);
}, { devices: ONE_PATH });

e2e('the candidates’ job mapping and review have no WCAG 2.1 A/AA violation', async ({ page, context, baseUrl, device }) => {
  await serveAxe(context);
  await page.setViewportSize({ width: 1280, height: 900 });
  const found: string[] = [];
  await open(page, baseUrl, '#/candidates');
  await page.getByTestId('candidates-cvs-files').setInputFiles([{ name: 'carla.txt', mimeType: 'text/plain', buffer: Buffer.from(CV) }]);
  await page.getByTestId('candidates-cvs-lang').selectOption('en');
  await page.getByTestId('candidates-cvs-import').click();
  await page.getByTestId('candidates-notice').filter({ hasText: 'Added 1 CV' }).waitFor({ timeout: 60_000 });
  await page.getByTestId('candidates-jobs-files').setInputFiles([{ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(JOBS) }]);
  await page.getByTestId('candidates-jobs-mapping').waitFor();
  found.push(...(await violations(page, 'candidates, a job CSV to map')));
  await page.getByTestId('candidates-jobs-import').click();
  await page.getByTestId('candidates-notice').filter({ hasText: 'Added 2 job posts' }).waitFor({ timeout: 60_000 });
  const review = page.getByTestId('review');
  await review.waitFor({ timeout: 60_000 });
  // A variant selected, as a reviewer sees it.
  await page.getByTestId('review-list').focus();
  await page.keyboard.press('ArrowDown');
  found.push(...(await violations(page, 'candidates review open')));
  assertNone(found, device);
}, { devices: ONE_PATH });

e2e('a run in progress, its results and its report have no WCAG 2.1 A/AA violation', async ({ page, context, baseUrl, device }) => {
  await serveAxe(context);
  await page.setViewportSize({ width: 1280, height: 900 });
  const found: string[] = [];
  // BM25 on freelance-twins' briefs (as report.e2e.ts): the quickest retrieval run.
  await open(page, baseUrl, '#/datasets');
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.getByTestId('import-progress').waitFor().catch(() => undefined);
  found.push(...(await violations(page, 'datasets, an import in progress')));
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 90_000 });
  found.push(...(await violations(page, 'datasets, one imported')));
  await open(page, baseUrl, '#/run');
  await fillBm25BriefsRun(page);
  await page.getByTestId('group-by').waitFor({ timeout: 60_000 }); // the group-fairness fields, read from the stored corpus
  found.push(...(await violations(page, 'run form filled')));
  await page.getByTestId('run-button').click();
  await page.getByTestId('run-progress').waitFor({ timeout: 30_000 });
  found.push(...(await violations(page, 'a run in progress')));
  await page.getByTestId('results-table').waitFor({ timeout: 240_000 });
  found.push(...(await violations(page, 'retrieval results')));
  await page.setViewportSize({ width: 360, height: 740 });
  found.push(...(await violations(page, 'retrieval results 360 px')));
  found.push(...(await reportViolations(context, await reportHtml(page), 'retrieval report')));
  // Its summary link: the group-fairness verdicts worded again, no attention curve (issue 50).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForFunction(() => (document.querySelector('[data-testid="permalink-input"]') as HTMLInputElement | null)?.value.includes('#r='), undefined, { timeout: 30_000 });
  await page.goto(await page.getByTestId('permalink-input').inputValue());
  await page.reload();
  await page.getByTestId('attention-curve-absent').waitFor({ timeout: 30_000 });
  found.push(...(await violations(page, 'shared retrieval summary link')));
  assertNone(found, device);
}, { timeout: 360_000, devices: ONE_PATH });
