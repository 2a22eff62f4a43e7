import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { main } from '../../src/cli/main.ts';
import { e2e, foreignRequests, ONE_PATH } from './browser.ts';

/** A case of the scikit-learn fixture (scripts/reference/agreement.py): its long table and expected results. */
const fixture = JSON.parse(readFileSync(new URL('../fixtures/reference/agreement.json', import.meta.url), 'utf8')) as {
  cases: { name: string; rows: [string, string, number][]; expected: any }[];
};
const CASE = fixture.cases.find((c) => c.name === '1-5 scale, 5 annotators')!;
const CSV = ['item,annotator,label', ...CASE.rows.map((r) => r.join(','))].join('\n') + '\n';

/** `fairground eval agreement` on the same table, in this process: its JSON. */
async function cli(): Promise<any> {
  let out = '';
  const io = { readText: async () => CSV, listDir: async () => [], stdout: (t: string) => void (out += t), stderr: () => {}, writeFile: async () => {} };
  assert.equal(await main(['eval', 'agreement', '--labels', 'l.csv', '--threshold', String(CASE.expected.threshold)], io), 0);
  return JSON.parse(out);
}

e2e('the Datasets view shows label agreement with the numbers of fairground eval agreement and scikit-learn', async ({ page, baseUrl, errors, requests, device }) => {
  await page.goto(`${baseUrl}#/datasets`);
  const panel = page.getByTestId('label-agreement');
  await panel.getByRole('heading', { name: 'Label agreement' }).waitFor();
  await page.getByTestId('agreement-file').setInputFiles({ name: 'labels.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  // The mapping is guessed from the column names.
  assert.equal(await page.getByTestId('agreement-items').getByLabel('item', { exact: true }).isChecked(), true);
  assert.equal(await page.getByTestId('agreement-annotator').inputValue(), 'annotator');
  assert.equal(await page.getByTestId('agreement-label').inputValue(), 'label');
  await page.getByTestId('agreement-threshold').fill(String(CASE.expected.threshold));
  await page.getByTestId('agreement-run').click();
  await page.getByTestId('agreement-pairs').waitFor();

  const json = await cli();
  const cells = await page.locator('[data-testid="agreement-pairs"] td[data-metric]').evaluateAll((tds) =>
    tds.map((td) => ({ pair: td.closest('tr')!.getAttribute('data-pair')!, metric: td.getAttribute('data-metric')!, value: td.getAttribute('data-value')! })),
  );
  assert.equal(cells.length, json.pairs.length * 4);
  for (const c of cells) {
    const cliPair = json.pairs.find((p: any) => p.annotators.join(' · ') === c.pair);
    const refPair = CASE.expected.pairs.find((p: any) => p.annotators.join(' · ') === c.pair);
    for (const [who, v] of [['CLI', cliPair[c.metric]], ['scikit-learn', refPair[c.metric]]] as const) {
      if (v === null) assert.equal(c.value, '', `[${device}] ${c.pair} ${c.metric}`);
      else assert.ok(Math.abs(Number(c.value) - v) <= 1e-9, `[${device}] ${c.pair} ${c.metric}: page ${c.value}, ${who} ${v}`);
    }
  }
  const mean = await page.locator('[data-testid="agreement-summary"] tr[data-statistic="kappa_quadratic"] td[data-metric="mean"]').getAttribute('data-value');
  assert.ok(Math.abs(Number(mean) - CASE.expected.summary.kappa_quadratic.mean) <= 1e-9);
  assert.match((await page.getByTestId('agreement-counts').textContent()) ?? '', /5 annotators, .* 10 of 10 annotator pairs/);

  // A table where no two annotators share an item says so.
  await page.getByTestId('agreement-file').setInputFiles({ name: 'none.csv', mimeType: 'text/csv', buffer: Buffer.from('item,annotator,label\nx,a,1\ny,b,0\n') });
  await page.getByTestId('agreement-run').click();
  await page.getByTestId('agreement-none').waitFor();
  assert.deepEqual(errors, []);
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), [], 'the file never left the page');
}, { devices: ONE_PATH });
