/**
 * Your candidates, end to end in the page, as a user walks it (issue 30), by keyboard where a
 * person would use one: real DOCX CVs (the anonymised ones of ../shared/external, else fixtures)
 * and text CVs in two batches (an id clash resolved), a job-post CSV mapped to job fields, the
 * variants generated on each CV's neutral base, filtered and reviewed (reject, accept, edit), a
 * document removed, the dataset created in one sitting (no reload: the DataCloneError of a draft
 * stored as a proxy), Run opened on it with the screening audit, then the twins audit and a
 * permalink — the counts asserted at each step. A second test exports the package and checks it is
 * byte-identical to `fairground make-dataset` with the same files, seed and decisions.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { main } from '../../src/cli/main.ts';
import { nodeIo } from '../../src/cli/node/nodeIo.ts';
import { sharedExternal } from '../sharedExternal.ts';
import { assertNoBanner, e2e, foreignRequests, ONE_PATH } from './browser.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/documents/', import.meta.url));
const WALK = 'own CVs and job posts walked as a user: two batches, a clash, a mapped job CSV, review by keyboard, a removal, create, screening and twins audits, share';
const vacancies = sharedExternal('vacancy-resume-matching', [`${WALK} (with fixtures instead)`]);
const CARLA = 'Name: Carla Mendes\nShe is a software developer; her team ships Python and Kubernetes services.\n';
/** A Spanish CV with no name in it (the user types the one used in the original). */
const LUCIA = 'Ingeniera de software en Lima. Ella dirige un equipo de cinco personas y trabaja con Python y Kubernetes desde 2019.\n';
/** Invented; "and has" after a relative clause is made "and have", marked uncertain: a row with edits to check. */
const DANA = 'Dana Okafor\ndana.okafor@example.org | +44 20 7946 0958\nProfile\nDana leads data projects. She has built pipelines in Python and SQL that retail clients use and has trained their analysts.\n';
const JOBS = 'id,title,text,department\ndev,Developer,"Software developer: Python, Kubernetes, SQL; build and run services",IT\ndata,Data engineer,"Data engineer: pipelines in Python and SQL for analytics",IT\nops,Site reliability,"Site reliability engineer: Kubernetes, monitoring, on-call",IT\n';

/** The first batch: the 10 anonymised DOCX CVs when the shared data is there, else the fixtures' DOCX and PDF. */
function firstBatch(): { name: string; mimeType: string; buffer: Buffer }[] {
  const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (vacancies.skip === false) return Array.from({ length: 10 }, (_, i) => ({ name: `${i + 1}.docx`, mimeType: docx, buffer: readFileSync(vacancies.path('CV', `${i + 1}.docx`)) }));
  return [
    { name: 'anna.docx', mimeType: docx, buffer: readFileSync(join(FIXTURES, 'anna.docx')) },
    { name: 'anna2.pdf', mimeType: 'application/pdf', buffer: readFileSync(join(FIXTURES, 'anna.pdf')) },
  ];
}

const counts = async (page: Page) => ((await page.getByTestId('review').locator('p.muted').first().textContent()) ?? '').replace(/\s+/g, ' ');
const number = (text: string, label: string) => Number(new RegExp(`(\\d+) ${label}`).exec(text)?.[1] ?? NaN);

e2e(WALK, async ({ page, baseUrl, errors, requests, device }) => {
  await page.goto(`${baseUrl}#/candidates`);
  await page.getByRole('heading', { name: 'Your candidates' }).waitFor();

  // Batch 1: the DOCX CVs (read in the documents worker), language en.
  const batch1 = firstBatch();
  await page.getByTestId('candidates-cvs-files').setInputFiles(batch1);
  await page.getByTestId('candidates-cvs-lang').selectOption('en');
  await page.getByTestId('candidates-cvs-import').click();
  await page.getByTestId('candidates-notice').filter({ hasText: `Added ${batch1.length} CVs` }).waitFor({ timeout: 120_000 });
  const table = page.getByTestId('documents-table');
  assert.equal(await table.locator('tr[data-side="cvs"]').count(), batch1.length);

  // Batch 2: text CVs — one of them named like a CV already there: the clash is named, the new one renamed.
  const clashing = batch1[0].name.replace(/\.\w+$/, '');
  await page.getByTestId('candidates-cvs-files').setInputFiles([
    { name: 'carla.txt', mimeType: 'text/plain', buffer: Buffer.from(CARLA) },
    { name: 'dana.txt', mimeType: 'text/plain', buffer: Buffer.from(DANA) },
    { name: `${clashing}.txt`, mimeType: 'text/plain', buffer: Buffer.from('Nurse\nI care for patients in intensive care.\n') },
  ]);
  await page.getByTestId('candidates-cvs-import').click();
  await page.getByTestId('candidates-clash').waitFor({ timeout: 60_000 });
  assert.match((await page.getByTestId('candidates-clash').textContent()) ?? '', new RegExp(`1 of the 3 new CVs has an id the draft already has:.*${clashing}`));
  await page.getByTestId('clash-rename').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('candidates-notice').filter({ hasText: `renamed ${clashing} → ${clashing}-2` }).waitFor();
  const cvCount = batch1.length + 3;
  assert.equal(await table.locator('tr[data-side="cvs"]').count(), cvCount, 'the second batch added to the first');

  // The job posts: a CSV mapped to job fields only, its first rows shown.
  await page.getByTestId('candidates-jobs-files').setInputFiles([{ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(JOBS) }]);
  await page.getByTestId('candidates-jobs-mapping').waitFor();
  assert.equal(await page.getByTestId('map-jobs-text').inputValue(), 'text');
  assert.equal(await page.getByTestId('map-jobs-title').inputValue(), 'title');
  assert.equal(await page.getByTestId('map-jobs-name').count(), 0, 'no candidate fields for job posts');
  assert.equal(await page.getByTestId('candidates-jobs-sample').locator('tbody tr').count(), 3);
  await page.getByTestId('candidates-jobs-import').click();
  await page.getByTestId('candidates-notice').filter({ hasText: 'Added 3 job posts' }).waitFor({ timeout: 60_000 });

  // Variants: every CV gets its neutral base, 22 name lines and 11 explicit lines, named or not.
  const review = page.getByTestId('review');
  await review.waitFor();
  // The variants cell of a CV with edits to check: "N (1 to check)", a space before the bracket (issue 48: "37(2 to check)").
  const danaVariants = table.locator('tr[data-document="dana"] td.num').last();
  await danaVariants.filter({ hasText: 'to check' }).waitFor();
  assert.match(((await danaVariants.textContent()) ?? '').trim(), /^\d+ \(\d+ to check\)$/);
  const start = await counts(page);
  const generated = number(start, 'generated');
  assert.ok(generated >= cvCount * 34, `[${device}] ${start}`);
  await page.getByTestId('review-kind').selectOption('names');
  assert.equal(Number((await page.getByTestId('review-shown').textContent())?.split(' ')[0]), cvCount * 22, 'every CV has its name variants');
  await page.getByTestId('review-kind').selectOption('explicit');
  assert.equal(Number((await page.getByTestId('review-shown').textContent())?.split(' ')[0]), cvCount * 11);

  // The filter moves the selection to a shown row: r rejects a gender twin, never a hidden variant.
  await page.getByTestId('review-kind').selectOption('gender');
  const list = page.getByTestId('review-list');
  const twins = await list.getByRole('option').count();
  assert.ok(twins >= 2, `gender twins: ${twins}`);
  await list.focus();
  await page.keyboard.press('r');
  await review.getByText(/· 1 rejected ·/).waitFor();
  assert.match((await list.locator('li.rejected').first().textContent()) ?? '', /gender twin/);
  await page.keyboard.press('a');
  await review.getByText(/· 1 accepted ·/).waitFor();
  // e puts focus in the editor, the caret at the edit the panes are at (issue 48: it opened at the end of the text);
  // Ctrl+Enter saves and returns to the list.
  const firstEdit = (await page.getByTestId('review-compare').locator('ins[data-edit]').first().textContent()) ?? '';
  assert.ok(firstEdit.length > 0, 'the twin shows an edit');
  await page.keyboard.press('e');
  const editor = page.getByTestId('review-edit');
  await editor.waitFor();
  assert.equal(await editor.evaluate((el) => el === document.activeElement), true, 'the editor has focus');
  const caret = await editor.evaluate((el: HTMLTextAreaElement) => ({ start: el.selectionStart, end: el.selectionEnd, length: el.value.length, value: el.value }));
  assert.equal(caret.start, caret.end, 'a caret, no selection');
  assert.equal(caret.value.slice(caret.start, caret.start + firstEdit.length), firstEdit, `the caret at the first edit ("${firstEdit}"), at ${caret.start} of ${caret.length}`);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Edited by the reviewer: a software developer.');
  await page.keyboard.press('Control+Enter');
  await review.getByText(/· 1 edited ·/).waitFor();
  assert.equal(await list.evaluate((el) => el === document.activeElement), true, 'focus back in the list');

  // Remove a document (confirmed): its variants go too.
  await page.getByTestId('review-kind').selectOption('all');
  const removed = batch1[1].name.replace(/\.\w+$/, '');
  await page.getByTestId(`remove-${removed}`).click();
  await page.getByTestId(`remove-confirm-${removed}`).click();
  await page.getByTestId('candidates-notice').filter({ hasText: `Removed ${removed}` }).waitFor();
  const afterRemoval = await counts(page);
  assert.ok(number(afterRemoval, 'generated') < generated, afterRemoval);
  assert.equal(await table.locator('tr[data-side="cvs"]').count(), cvCount - 1);

  // A CV with no name found waits (Accept all leaves its variants pending) until the reviewer gives the name
  // used in the original or says it names no one: these CVs are anonymised, so the reviewer says so.
  if ((await page.getByTestId('review-held').count()) > 0) {
    const unticked = page.locator('input[data-testid^="nameless-"]:not(:checked)');
    for (let left = await unticked.count(); left > 0; left = await unticked.count()) await unticked.first().check();
    await page.getByTestId('review-held').waitFor({ state: 'detached' });
  }

  // Accept the rest, kind by kind, each confirmed with its count.
  for (const kind of ['neutral', 'names', 'explicit', 'gender', 'noise']) {
    const button = page.getByTestId(`accept-all-${kind}`);
    if ((await button.count()) === 0 || !(await button.isEnabled())) continue;
    await button.click();
    await page.getByTestId('bulk-confirm').waitFor();
    // the focus moves into the confirmation (issue 48: it stayed on "Accept all…"); Enter accepts
    assert.equal(await page.getByTestId('bulk-confirm-yes').evaluate((el) => el === document.activeElement), true, `focus on the confirmation of ${kind}`);
    await page.keyboard.press('Enter');
    await page.getByTestId('bulk-confirm').waitFor({ state: 'detached' });
  }
  await review.getByText(/· 0 pending/).waitFor();
  const final = await counts(page);

  // Create in one sitting (no reload) and go to Run: the new dataset, the screening audit, what it uses.
  await page.getByTestId('candidates-dataset-id').fill('walked');
  await page.getByTestId('candidates-create').click();
  await page.waitForURL(/#\/run/, { timeout: 60_000 });
  assert.equal(await page.getByTestId('audit-type-screening').isChecked(), true);
  assert.equal(await page.getByTestId('screening-dataset').inputValue(), 'walked');
  // The dataset has no labels: the sample option says it draws at random, not FIT and NOT FIT (issue 48).
  const sampleLabel = (await page.locator('label', { has: page.getByTestId('screening-sample-cvs') }).textContent()) ?? '';
  assert.match(sampleLabel, /drawn at random: this task has no labels/);
  assert.doesNotMatch(sampleLabel, /FIT/);
  assert.match((await page.getByTestId('run-uses').textContent()) ?? '', /^Screening: \d+ name variants, \d+ explicit lines, noise floor \d+, each compared with its CV's neutral base\.$/);
  await page.getByTestId('screening-runs').fill('1');
  await page.getByTestId('screening-bootstrap').fill('100');
  await page.getByTestId('run-button').click();
  await page.getByTestId('bias-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 300_000 });
  await assertNoBanner(page.getByTestId('error-banner'), 'the screening run failed');
  assert.equal([number(final, 'edited'), number(final, 'rejected')].join(), '1,1', final);
  assert.match((await page.getByTestId('generation-note').textContent()) ?? '', new RegExp(`${number(final, 'generated')} generated, ${number(final, 'accepted')} accepted, 1 edited, 1 rejected`));
  // No labels: calibrated GloVe's scores are uncalibrated. A cut-off the user types is the user's rule, never "the fixed
  // default cut-off" (issue 48): its four-fifths result under a caveat, or why the rule selects everyone or no one.
  await page.getByTestId('screening-rule-kind').selectOption('threshold');
  await page.getByTestId('screening-rule-cutoff').fill('75');
  await page.getByTestId('screening-rule-status').filter({ hasText: 'Up to date.' }).waitFor({ timeout: 120_000 });
  const ruleWords = (await page.getByTestId('screening-outcomes-verdicts').first().textContent()) ?? '';
  assert.doesNotMatch(ruleWords, /fixed default cut-off/);
  assert.match(ruleWords, /score ≥ 75 is the cut-off you chose|score ≥ 75 selects (every|no) candidate/);

  // The twins audit of the same dataset with BM25; the form says how many twins it uses.
  await page.goto(`${baseUrl}#/run`);
  // The Run form remembers the audit kind it was last on (issue 48: it went back to retrieval on every visit).
  await page.getByTestId('audit-type-screening').waitFor();
  assert.equal(await page.getByTestId('audit-type-screening').isChecked(), true, 'the Run form remembers the screening audit');
  await page.getByTestId('audit-type-retrieval').check();
  const picker = page.getByTestId('model-picker');
  await picker.waitFor();
  await page.locator('select').first().selectOption('walked');
  assert.match((await page.getByTestId('run-uses').textContent()) ?? '', /^Twins: \d+ gender twins?\.$/);
  for (const box of await picker.locator('input[type="checkbox"]').all()) if ((await box.getAttribute('value')) !== 'bm25' && (await box.isChecked())) await box.uncheck();
  const bm25 = picker.locator('input[type="checkbox"][value="bm25"]');
  if (!(await bm25.isChecked())) await bm25.check();
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 300_000 });
  await assertNoBanner(page.getByTestId('error-banner'), 'the twins run failed');
  // A permalink carries the summary numbers, never the CVs.
  await page.getByRole('heading', { name: 'Share' }).waitFor();
  await page.getByTestId('permalink-copy').click();
  const link = decodeURIComponent(await page.getByTestId('permalink-input').inputValue());
  assert.ok(link.includes('#r='), link.slice(0, 80));
  for (const secret of ['Dana', 'Okafor', 'pipelines']) assert.ok(!link.includes(secret), `no candidate text in the link (${secret})`);

  const foreign = foreignRequests(requests, new URL(baseUrl).origin);
  assert.deepEqual(foreign, [], `no request leaves the site: ${foreign.join(', ')}`);
  assert.deepEqual(errors, []);
}, { timeout: 900_000 });

e2e('own CVs in two languages: the exported package is byte-identical to fairground make-dataset with the same files and the review file, and a reload keeps the review', async ({ page, baseUrl, errors, device }) => {
  await page.goto(`${baseUrl}#/candidates`);
  await page.getByRole('heading', { name: 'Your candidates' }).waitFor();
  // Two batches in two languages: what make-dataset's one --lang cannot say, the review file carries.
  const english = [
    { name: 'anna.pdf', mimeType: 'application/pdf', buffer: readFileSync(join(FIXTURES, 'anna.pdf')) },
    { name: 'bram.md', mimeType: 'text/markdown', buffer: readFileSync(join(FIXTURES, 'bram.md')) },
    { name: 'carla.txt', mimeType: 'text/plain', buffer: Buffer.from(CARLA) },
  ];
  await page.getByTestId('candidates-cvs-files').setInputFiles(english);
  await page.getByTestId('candidates-cvs-lang').selectOption('en');
  await page.getByTestId('candidates-cvs-import').click();
  await page.getByTestId('candidates-notice').filter({ hasText: 'Added 3 CVs' }).waitFor({ timeout: 60_000 });
  await page.getByTestId('candidates-cvs-files').setInputFiles([{ name: 'lucia.txt', mimeType: 'text/plain', buffer: Buffer.from(LUCIA) }]);
  await page.getByTestId('candidates-cvs-lang').selectOption('es');
  await page.getByTestId('candidates-cvs-import').click();
  await page.getByTestId('candidates-notice').filter({ hasText: 'Added 1 CV' }).waitFor({ timeout: 60_000 });
  // No name in it: the user types the one used in the original.
  const given = page.getByTestId('given-name-lucia');
  if ((await given.count()) > 0) {
    await given.fill('Lucía Quispe');
    await given.press('Enter');
  }
  const jobs = 'id,text\nicu,"Intensive care nurse, Utrecht"\ndev,"Software developer (Python, Kubernetes)"\n';
  await page.getByTestId('candidates-jobs-files').setInputFiles([{ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(jobs) }]);
  await page.getByTestId('candidates-jobs-import').click();
  await page.getByTestId('candidates-notice').filter({ hasText: 'Added 2 job posts' }).waitFor({ timeout: 60_000 });
  const list = page.getByTestId('review-list');
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('r');
  await page.keyboard.press('a');
  const review = page.getByTestId('review');
  await review.getByText(/1 accepted · 0 edited · 1 rejected/).waitFor();
  // A decision is shown at once and stored a moment later: the review says so, and a reload after it keeps both.
  await review.getByTestId('review-saved').filter({ hasText: 'Decisions saved in this browser.' }).waitFor();
  await page.reload();
  await review.getByText(/1 accepted · 0 edited · 1 rejected/).waitFor({ timeout: 30_000 });

  const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('candidates-export-zip').click()]);
  const browserZip = readFileSync(await zipDownload.path());
  const [reviewDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('candidates-export-review').click()]);
  const dir = mkdtempSync(join(tmpdir(), 'fg-cand-'));
  mkdirSync(join(dir, 'cvs'));
  copyFileSync(join(FIXTURES, 'anna.pdf'), join(dir, 'cvs', 'anna.pdf'));
  copyFileSync(join(FIXTURES, 'bram.md'), join(dir, 'cvs', 'bram.md'));
  writeFileSync(join(dir, 'cvs', 'carla.txt'), CARLA);
  writeFileSync(join(dir, 'cvs', 'lucia.txt'), LUCIA);
  writeFileSync(join(dir, 'jobs.csv'), jobs);
  copyFileSync(await reviewDownload.path(), join(dir, 'review.json'));
  const reviewFile = JSON.parse(readFileSync(join(dir, 'review.json'), 'utf8')) as { documents: { cvs: { source: string; lang?: string; name?: string }[] } };
  assert.deepEqual(reviewFile.documents.cvs.map((d) => `${d.source}:${d.lang}`), ['anna.pdf:en', 'bram.md:en', 'carla.txt:en', 'lucia.txt:es']);
  // No --lang, --id, --title or --seed: the review file says them.
  let err = '';
  const code = await main(
    ['make-dataset', '--cvs', join(dir, 'cvs'), '--jobs', join(dir, 'jobs.csv'), '--decisions', join(dir, 'review.json'), '--out', join(dir, 'cli.zip')],
    { ...nodeIo, stdout: () => undefined, stderr: (t) => void (err += t) },
  );
  assert.equal(code, 0, err);
  assert.ok(readFileSync(join(dir, 'cli.zip')).equals(browserZip), `[${device}] the browser's zip and make-dataset's are byte-identical`);
  assert.deepEqual(errors, []);
}, { timeout: 300_000, devices: ONE_PATH });
