import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { main } from '../../src/cli/main.ts';
import { nodeIo } from '../../src/cli/node/nodeIo.ts';
import { e2e, foreignRequests, ONE_PATH } from './browser.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/outcomes/callbacks-synthetic.csv', import.meta.url));

interface Cell {
  readonly where: string;
  readonly metric: string;
  readonly value: string;
  readonly low: string;
  readonly high: string;
}

/** `fairground eval outcomes …` on the fixture, in this process: its JSON. */
async function cli(args: readonly string[]): Promise<any> {
  let out = '';
  let err = '';
  const code = await main(['eval', 'outcomes', '--decisions', FIXTURE, ...args], { ...nodeIo, stdout: (t) => void (out += t), stderr: (t) => void (err += t) });
  assert.equal(code, 0, err);
  return JSON.parse(out);
}

/** Every number the two outcome tables show, with its full-precision data-value and CI bounds. */
async function shownCells(page: Page): Promise<Cell[]> {
  return page.locator('[data-testid="outcomes-table"] td[data-metric], [data-testid="outcomes-gaps"] td[data-metric]').evaluateAll((tds) =>
    tds.map((td) => {
      const row = td.closest('tr')!;
      const grouping = td.closest('tbody')!.getAttribute('data-grouping') ?? row.getAttribute('data-grouping');
      return {
        where: row.hasAttribute('data-category') ? `${grouping}/${row.getAttribute('data-category')}` : `${row.getAttribute('data-grouping')}`,
        metric: td.getAttribute('data-metric')!,
        value: td.getAttribute('data-value') ?? '',
        low: td.getAttribute('data-ci-low') ?? '',
        high: td.getAttribute('data-ci-high') ?? '',
      };
    }),
  );
}

/** The CLI's number for a shown cell: {mean, ci} or a plain number; null when missing. */
function cliNumber(json: any, where: string, metric: string): { mean: number | null; ci: [number, number] | null } {
  const [groupingName, category] = where.split('/');
  const grouping = json.groupings.find((g: any) => g.name === groupingName);
  assert.ok(grouping, `grouping ${groupingName}`);
  const source = category === undefined ? grouping : grouping.categories.find((c: any) => c.category === category);
  assert.ok(source, `category ${where}`);
  const v = source[metric];
  if (v === null || typeof v === 'number') return { mean: v, ci: null };
  return { mean: v.mean, ci: v.ci };
}

/** Every shown number equals the CLI's to 1e-9 (estimate and both CI ends); returns how many were compared. */
function compare(cells: readonly Cell[], json: any, device: string): number {
  let compared = 0;
  for (const c of cells) {
    const expected = cliNumber(json, c.where, c.metric);
    const label = `[${device}] ${c.where} ${c.metric}`;
    if (expected.mean === null) {
      assert.equal(c.value, '', label);
      continue;
    }
    assert.ok(Math.abs(Number(c.value) - expected.mean) <= 1e-9, `${label}: page ${c.value}, CLI ${expected.mean}`);
    if (expected.ci) {
      assert.ok(Math.abs(Number(c.low) - expected.ci[0]) <= 1e-9, `${label} CI low: page ${c.low}, CLI ${expected.ci[0]}`);
      assert.ok(Math.abs(Number(c.high) - expected.ci[1]) <= 1e-9, `${label} CI high: page ${c.high}, CLI ${expected.ci[1]}`);
    } else assert.equal(c.low, '', label);
    compared++;
  }
  return compared;
}

e2e('the Outcomes view audits a decisions file in the page and shows the same numbers as fairground eval outcomes', async ({ page, baseUrl, errors, requests, device, newContext }) => {
  await page.goto(baseUrl);
  // Keyboard: the navigation reaches the view.
  const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outcomes' });
  await nav.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Group outcomes' }).waitFor();

  await page.getByTestId('outcomes-file').setInputFiles(FIXTURE);
  await page.getByTestId('outcomes-file-name').waitFor();
  assert.match((await page.getByTestId('outcomes-file-name').textContent()) ?? '', /callbacks-synthetic\.csv \(CSV, 8 columns\)/);
  // The mapping guessed from the column names; set it explicitly all the same.
  const groups = page.getByTestId('outcomes-groups');
  for (const c of ['race', 'gender']) assert.equal(await groups.getByLabel(c, { exact: true }).isChecked(), true, c);
  await page.getByTestId('outcomes-kind-selected').check();
  await page.getByTestId('outcomes-decision').selectOption('received_callback');
  await page.getByTestId('outcomes-label').selectOption('qualified');
  await page.getByTestId('outcomes-job').selectOption('job_ad_id');
  await page.getByTestId('outcomes-id').selectOption('candidate_id');
  await page.getByTestId('outcomes-bootstrap').fill('200');
  await page.getByTestId('outcomes-seed').fill('7');
  await page.getByTestId('outcomes-run').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('outcomes-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 60_000 });
  if (await page.getByTestId('error-banner').isVisible()) assert.fail(`the audit failed: ${await page.getByTestId('error-banner').textContent()}`);

  const json = await cli(['--group', 'race,gender', '--selected', 'received_callback', '--label', 'qualified', '--job', 'job_ad_id', '--id', 'candidate_id', '--bootstrap', '200', '--seed', '7']);
  const cells = await shownCells(page);
  const compared = compare(cells, json, device);
  // 3 groupings (race, gender, race × gender): 3 + 2 + 6 categories × 7 numbers, 3 × 4 gaps
  assert.equal(cells.length, 11 * 7 + 3 * 4);
  assert.ok(compared >= 70, `compared ${compared} numbers`);
  assert.match((await page.getByTestId('outcomes-summary').textContent()) ?? '', /220 rows, 60 jobs; .*bootstrap resamples of jobs \(seed 7\)/);
  assert.match((await page.getByTestId('outcomes-warnings').textContent()) ?? '', /race × gender "asian × f": 4 of 220 rows \(1\.82% < 2%\)/);
  assert.equal(await page.locator('[data-testid="outcomes-table"] tr[data-small="true"]').count(), 2);
  assert.ok((await page.locator('[data-testid="outcomes-table"] tr[data-four-fifths="true"]').count()) > 0);

  // The plot: one bar per category and a four-fifths line per grouping.
  const plot = page.getByTestId('outcomes-plot');
  assert.equal(await plot.locator('svg [data-bar]').count(), 11);
  assert.equal(await plot.locator('svg .four-fifths').count(), 3);

  // Share: the link names the file by its SHA-256 and holds no row or file name; in a fresh context it shows the same table.
  await page.waitForFunction(() => (document.querySelector('[data-testid="permalink-input"]') as HTMLInputElement | null)?.value.includes('#r='), undefined, { timeout: 30_000 });
  const link = await page.getByTestId('permalink-input').inputValue();
  assert.match((await page.getByTestId('permalink-length').textContent()) ?? '', /^[\d,]+ characters: /);
  const fresh = await (await newContext()).newPage();
  await fresh.goto(link);
  await fresh.getByTestId('shared-result').waitFor({ timeout: 30_000 });
  await fresh.getByTestId('outcomes-table').waitFor();
  assert.equal(await fresh.getByTestId('outcomes-table').textContent(), await page.getByTestId('outcomes-table').textContent());
  await fresh.close();

  // The CSV export holds the same numbers at full precision.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Table as CSV' }).first().click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  const [header, ...lines] = csv.trim().split('\r\n');
  assert.equal(header.split(',').slice(0, 6).join(','), 'grouping,category,n,share,selected,selection_rate');
  const black = lines.find((l) => l.startsWith('race,black,'))!.split(',');
  const cliBlack = json.groupings[0].categories.find((c: any) => c.category === 'black');
  assert.equal(Number(black[5]), cliBlack.selection_rate.mean);
  assert.equal(Number(black[6]), cliBlack.selection_rate.ci[0]);

  // A score without a cut-off: the LL144 scoring rate, no bootstrap.
  await page.getByTestId('outcomes-kind-scoring-rate').check();
  await page.getByTestId('outcomes-decision').selectOption('score');
  await page.getByTestId('outcomes-label').selectOption('');
  await page.getByTestId('outcomes-bootstrap').fill('0');
  await page.getByTestId('outcomes-run').click();
  await page.getByTestId('outcomes-summary').filter({ hasText: 'scoring rate' }).waitFor();
  const scoring = await cli(['--group', 'race,gender', '--score', 'score', '--job', 'job_ad_id', '--id', 'candidate_id']);
  // n, share, selected, rate and impact ratio of 11 categories; two gaps of 3 groupings
  assert.equal(compare(await shownCells(page), scoring, device), 11 * 5 + 3 * 2);
  assert.equal(await page.locator('[data-testid="outcomes-table"] .ci').count(), 0);

  // A bad file: one line naming the file and line, no table.
  await page.getByTestId('outcomes-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('race,received_callback\nwhite,1\nblack,2\n') });
  await page.getByTestId('outcomes-kind-selected').check();
  await page.getByTestId('outcomes-decision').selectOption('received_callback');
  await page.getByTestId('outcomes-run').click();
  await page.getByTestId('error-banner').waitFor();
  assert.equal((await page.getByTestId('error-banner').locator('span').textContent())?.trim(), 'bad.csv:3: selection "received_callback" must be 0 or 1, got "2"');
  assert.equal(await page.getByTestId('outcomes-table').count(), 0);

  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), [], 'the file never left the page');
  assert.deepEqual(errors, []);
}, { devices: ONE_PATH });
