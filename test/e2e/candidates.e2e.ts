/**
 * Your candidates, end to end in the page: CVs as a PDF, a Markdown file and a text file, job
 * posts as a CSV with its column mapping; variants generated, reviewed by keyboard (kept across a
 * reload), the package exported — byte-identical to `fairground make-dataset` with the same files,
 * seed and review decisions — then stored and audited (screening with the bundled model, twins
 * with BM25) with the variant counts in the results. No request leaves the page.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli/main.ts';
import { nodeIo } from '../../src/cli/node/nodeIo.ts';
import { e2e, foreignRequests } from './browser.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/documents/', import.meta.url));
const CARLA = 'Name: Carla Mendes\nShe is a software developer; her team ships Python and Kubernetes services.\n';
const JOBS = 'id,text\nicu,"Intensive care nurse, Utrecht"\ndev,"Software developer (Python, Kubernetes)"\n';

const cvFiles = () => [
  { name: 'anna.pdf', mimeType: 'application/pdf', buffer: readFileSync(join(FIXTURES, 'anna.pdf')) },
  { name: 'bram.md', mimeType: 'text/markdown', buffer: readFileSync(join(FIXTURES, 'bram.md')) },
  { name: 'carla.txt', mimeType: 'text/plain', buffer: Buffer.from(CARLA) },
];

e2e('own CVs and job posts: import, generate, review by keyboard, export the same bytes as make-dataset, store and audit', async ({ page, baseUrl, errors, requests, device }) => {
  await page.goto(`${baseUrl}#/candidates`);
  await page.getByRole('heading', { name: 'Your candidates' }).waitFor();

  // CVs: three files of three kinds (the PDF's text is read in the documents worker).
  // A scanned PDF among them has no text layer: named, left out, the others imported.
  const scanned = { name: 'scanned.pdf', mimeType: 'application/pdf', buffer: readFileSync(join(FIXTURES, 'scanned.pdf')) };
  await page.getByTestId('candidates-cvs-files').setInputFiles([...cvFiles(), scanned]);
  await page.getByTestId('candidates-cvs-lang').selectOption('en');
  await page.getByTestId('candidates-cvs-import').click();
  await page.getByTestId('candidates-notice').filter({ hasText: 'Imported 3 CVs; 1 could not be imported' }).waitFor({ timeout: 60_000 });
  assert.match((await page.getByTestId('candidates-file-errors').textContent()) ?? '', /scanned\.pdf.*no text layer.*OCR/s);

  // Job posts: a CSV, its columns guessed and shown for correction.
  await page.getByTestId('candidates-jobs-files').setInputFiles([{ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(JOBS) }]);
  await page.getByTestId('candidates-jobs-mapping').waitFor();
  assert.equal(await page.getByTestId('map-jobs-text').inputValue(), 'text');
  assert.equal(await page.getByTestId('map-jobs-id').inputValue(), 'id');
  await page.getByTestId('candidates-jobs-import').click();
  await page.getByTestId('candidates-notice').filter({ hasText: 'Imported 2 job posts' }).waitFor({ timeout: 60_000 });

  // Review: the first variant rejected, the next accepted, the third edited — all by keyboard.
  const list = page.getByTestId('review-list');
  const total = await list.getByRole('option').count();
  assert.ok(total >= 10, `variants generated: ${total}`);
  await list.focus();
  await page.keyboard.press('r');
  await page.keyboard.press('a');
  await page.keyboard.press('e');
  const edit = page.getByTestId('review-edit');
  await edit.waitFor();
  await edit.fill('Edited by the reviewer\nNurse.');
  await page.keyboard.press('Control+Enter');
  const review = page.getByTestId('review');
  await review.getByText(/1 accepted · 1 edited · 1 rejected/).waitFor();
  // The side-by-side view highlights what changed.
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await page.getByTestId('review-compare').locator('ins').first().waitFor({ timeout: 10_000 }); // the variant's edits, highlighted

  // A reload keeps the draft and every decision.
  await page.reload();
  await review.getByText(/1 accepted · 1 edited · 1 rejected/).waitFor({ timeout: 30_000 });

  // Accept the rest, kind by kind.
  for (const kind of ['names', 'explicit', 'gender', 'noise']) {
    const button = page.getByTestId(`accept-all-${kind}`);
    if ((await button.count()) > 0 && (await button.isEnabled())) await button.click();
  }
  await review.getByText(/· 0 pending/).waitFor();

  // Export the package and the decisions; make-dataset with the same files and decisions writes the same zip.
  const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('candidates-export-zip').click()]);
  const browserZip = readFileSync(await zipDownload.path());
  const [decisionsDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export review decisions' }).click()]);
  const dir = mkdtempSync(join(tmpdir(), 'fg-cand-'));
  mkdirSync(join(dir, 'cvs'));
  copyFileSync(join(FIXTURES, 'anna.pdf'), join(dir, 'cvs', 'anna.pdf'));
  copyFileSync(join(FIXTURES, 'bram.md'), join(dir, 'cvs', 'bram.md'));
  writeFileSync(join(dir, 'cvs', 'carla.txt'), CARLA);
  writeFileSync(join(dir, 'jobs.csv'), JOBS);
  copyFileSync(await decisionsDownload.path(), join(dir, 'decisions.json'));
  let err = '';
  const code = await main(
    ['make-dataset', '--cvs', join(dir, 'cvs'), '--jobs', join(dir, 'jobs.csv'), '--lang', 'en', '--id', 'my-candidates', '--title', 'My candidates', '--decisions', join(dir, 'decisions.json'), '--out', join(dir, 'cli.zip')],
    { ...nodeIo, stdout: () => undefined, stderr: (t) => void (err += t) },
  );
  assert.equal(code, 0, err);
  assert.ok(readFileSync(join(dir, 'cli.zip')).equals(browserZip), `[${device}] the browser's zip and make-dataset's are byte-identical`);

  // Store it and audit it: screening with the bundled calibrated GloVe model.
  await page.getByTestId('candidates-create').click();
  await page.waitForURL(/#\/run/, { timeout: 60_000 });
  await page.getByTestId('audit-type-screening').check();
  await page.getByTestId('screening-dataset').waitFor();
  await page.getByTestId('screening-dataset').selectOption('my-candidates');
  await page.getByTestId('screening-runs').fill('1');
  await page.getByTestId('screening-bootstrap').fill('100');
  await page.getByTestId('run-button').click();
  await page.getByTestId('bias-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 300_000 });
  assert.equal(await page.getByTestId('error-banner').count(), 0, `the screening run failed: ${await page.getByTestId('error-banner').first().textContent().catch(() => '')}`);
  assert.match((await page.getByTestId('generation-note').textContent()) ?? '', new RegExp(`${total} generated, ${total - 2} accepted, 1 edited, 1 rejected`));
  assert.match((await page.getByTestId('bias-table').textContent()) ?? '', /uncalibrated: no labels/);

  // The twins audit of the same dataset: job posts against the CVs, BM25, no labels → robustness only.
  await page.goto(`${baseUrl}#/run`);
  const picker = page.getByTestId('model-picker');
  await picker.waitFor();
  await page.locator('select').first().selectOption('my-candidates');
  for (const box of await picker.locator('input[type="checkbox"]').all()) if ((await box.getAttribute('value')) !== 'bm25' && (await box.isChecked())) await box.uncheck();
  const bm25 = picker.locator('input[type="checkbox"][value="bm25"]');
  if (!(await bm25.isChecked())) await bm25.check();
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 300_000 });
  assert.equal(await page.getByTestId('error-banner').count(), 0, `the twins run failed: ${await page.getByTestId('error-banner').first().textContent().catch(() => '')}`);
  assert.match((await page.getByTestId('unjudged').textContent()) ?? '', /no relevance labels/);
  assert.match((await page.getByTestId('generation-note').textContent()) ?? '', /1 rejected/);
  // A permalink carries the summary numbers, never the CVs.
  await page.getByRole('heading', { name: 'Share' }).waitFor();
  const share = page.locator('section.share');
  if ((await share.locator('.error').count()) > 0) assert.fail(`[${device}] ${await share.locator('.error').textContent()}`);
  await page.getByTestId('permalink-copy').click();
  const link = await page.getByTestId('permalink-input').inputValue();
  assert.ok(link.includes('#r='), link.slice(0, 80));
  assert.ok(!link.includes('Carla') && !decodeURIComponent(link).includes('Carla'), 'no candidate text in the link');

  const foreign = foreignRequests(requests, new URL(baseUrl).origin);
  assert.deepEqual(foreign, [], `no request leaves the site: ${foreign.join(', ')}`);
  assert.deepEqual(errors, []);
}, { timeout: 600_000 });
