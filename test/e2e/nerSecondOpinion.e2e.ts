/**
 * The optional second opinion on names from a named-entity model (issue 46), end to end: an
 * invented CV whose name is written in lower case on its first line (the rule-based detector finds
 * none), the tiny test model (fairground-test/tiny-ner, served by the mock Hub) opted into, the
 * name it reads shown as "name ? (NER)" in the Found column and in the review; nothing changes
 * until the user accepts it, and then it is the name used in the original. Runs on both device
 * paths ([webgpu]: WebGPU first; [wasm]: no adapter).
 */
import assert from 'node:assert/strict';
import { assertNoBanner, e2e, hubUrl } from './browser.ts';

/** Invented: the tiny model tags `zorvath` (B-PER) and `quillane` (I-PER); the header finder wants capitals. */
const CV = 'zorvath quillane\nBackend developer\nExperience\nBuilt Python services for five years and led a team of four.\n';

e2e('a named-entity second opinion proposes a name the detector missed; the user accepts it', async ({ page, baseUrl, errors, device }) => {
  await page.goto(baseUrl);
  await page.evaluate((host) => localStorage.setItem('fairground.hubHost', host), hubUrl());
  await page.goto(`${baseUrl}#/candidates`);
  await page.reload();
  await page.getByRole('heading', { name: 'Your candidates' }).waitFor();
  await page.getByTestId('candidates-cvs-files').setInputFiles([{ name: 'backend.txt', mimeType: 'text/plain', buffer: Buffer.from(CV) }]);
  await page.getByTestId('candidates-cvs-lang').selectOption('en');
  await page.getByTestId('candidates-cvs-import').click();
  await page.getByTestId('candidates-notice').filter({ hasText: 'Added 1 CV' }).waitFor({ timeout: 60_000 });
  const found = page.getByTestId('found-backend');
  await found.filter({ hasText: 'name ✗' }).waitFor();

  // Off by default: no model is loaded, nothing proposed.
  const enable = page.getByTestId('ner-enable');
  assert.equal(await enable.isChecked(), false);
  assert.match((await page.getByTestId('ner-opinion').textContent()) ?? '', /downloads once, from the Hub, and runs on this machine/);
  await enable.check();
  await page.getByTestId('ner-model-id').fill('fairground-test/tiny-ner');
  await page.getByTestId('ner-run').click();
  await page.getByTestId('ner-progress').filter({ hasText: '1 of 1 CVs read' }).waitFor({ timeout: 90_000 });
  const progress = (await page.getByTestId('ner-progress').textContent()) ?? '';
  if (device === 'wasm') assert.match(progress, /\(wasm\)/);
  else assert.match(progress, /\((?:webgpu|wasm)\)/);

  // Shown, not applied: the Found column and the review list carry it; the CV still has no name.
  await found.filter({ hasText: 'zorvath quillane ? (NER)' }).waitFor();
  const proposal = page.getByTestId('ner-proposal-backend');
  assert.match((await proposal.textContent()) ?? '', /the named-entity model reads a person's name here/);
  assert.equal(await page.getByTestId('given-name-backend').inputValue(), '');

  // Accepted: it is the name used in the original, and the Found column says the name was found.
  await page.getByTestId('ner-accept-backend').click();
  await found.filter({ hasText: /^name ✓/ }).waitFor();
  assert.equal(await page.getByTestId('given-name-backend').inputValue(), 'zorvath quillane');
  assert.equal(await proposal.count(), 0);
  assert.doesNotMatch((await found.textContent()) ?? '', /\(NER\)/);
  await assertNoBanner(page.getByTestId('ner-error'), 'the named-entity model failed');
  assert.deepEqual(errors, []);
}, { timeout: 180_000 });
