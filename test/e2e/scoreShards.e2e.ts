/**
 * Score shards in the browser (issue 34): the scores of an outside job that scored a sharded
 * export come back as several files, one of them gzip'd; picked together in the Run form they
 * import as the one file would (the same summary, and the system audits), and a folder with a
 * shard missing or a query in two shards is refused naming it, with nothing kept.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { e2e, ONE_PATH } from './browser.ts';

/** An outside scorer: shared words of query and document, as a TSV with the provenance line first. */
function scoreLines(exported: string): { provenance: string; byQuery: Map<string, string[]> } {
  const rows = exported.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; id: string; text: string; provenance?: string });
  const words = (t: string) => new Set(t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const docs = rows.filter((r) => r.kind === 'document' || r.kind === 'twin').map((d) => ({ id: d.id, w: words(d.text) }));
  const byQuery = new Map<string, string[]>();
  for (const q of rows.filter((r) => r.kind === 'query')) {
    const qw = words(q.text);
    byQuery.set(q.id, docs.map((d) => `${q.id}\t${d.id}\t${[...qw].filter((w) => d.w.has(w)).length / 3}`));
  }
  return { provenance: rows[0].provenance!, byQuery };
}

e2e('score shards picked together import as the whole file would; a missing shard or a query in two shards is refused, nothing kept', async ({ page, baseUrl, errors }) => {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 300_000 });
  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('model-picker').waitFor();
  const queriesTask = page.locator('input[type="checkbox"][value="queries"]');
  if (await queriesTask.isChecked()) await queriesTask.uncheck();

  const download = page.waitForEvent('download');
  await page.getByTestId('export-for-scoring').click();
  const { provenance, byQuery } = scoreLines(readFileSync(await (await download).path(), 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'fairground-shards-e2e-'));
  const queries = [...byQuery.keys()];
  const third = Math.ceil(queries.length / 3);
  const shard = (i: number, qs: readonly string[]) => `${provenance} shard:${i}/3\n${qs.flatMap((q) => byQuery.get(q)!).join('\n')}\n`;
  const texts = [0, 1, 2].map((i) => shard(i + 1, queries.slice(i * third, (i + 1) * third)));
  const whole = join(dir, 'whole.tsv');
  writeFileSync(whole, `${provenance}\n${queries.flatMap((q) => byQuery.get(q)!).join('\n')}\n`);
  const files = [join(dir, 'overlap-1-of-3.tsv'), join(dir, 'overlap-2-of-3.tsv.gz'), join(dir, 'overlap-3-of-3.tsv')];
  writeFileSync(files[0], texts[0]);
  writeFileSync(files[1], gzipSync(texts[1]));
  writeFileSync(files[2], texts[2]);

  const banner = page.getByTestId('outside-systems').getByTestId('error-banner');
  // A shard missing: refused, naming it.
  await page.getByTestId('import-scores').setInputFiles([files[0], files[2]]);
  await banner.waitFor();
  assert.match((await banner.textContent()) ?? '', /shard 2\/3 missing: 2 of 3 shards given/);
  // A query in two shards: refused, naming the query and both files.
  const dup = join(dir, 'overlap-2-of-3-dup.tsv');
  writeFileSync(dup, `${texts[1].trimEnd()}\n${byQuery.get(queries[0])![0]}\n`);
  await page.getByTestId('import-scores').setInputFiles([files[0], dup, files[2]]);
  await page.waitForFunction(() => /is in two score shards/.test(document.querySelector('[data-testid="outside-systems"] [data-testid="error-banner"]')?.textContent ?? ''));
  assert.match((await banner.textContent()) ?? '', new RegExp(`overlap-2-of-3-dup\\.tsv:\\d+: query "${queries[0]}" is in two score shards, overlap-1-of-3\\.tsv and this one`));
  assert.equal(await page.getByTestId('outside-system').count(), 0, 'nothing kept from refused shards');

  // The whole file, then the three shards (one gzip'd): the same summary.
  await page.getByTestId('import-scores-name').fill('whole');
  await page.getByTestId('import-scores').setInputFiles(whole);
  await page.getByTestId('outside-system').first().waitFor();
  await page.getByTestId('import-scores-name').fill('sharded');
  await page.getByTestId('import-scores').setInputFiles(files);
  await page.locator('[data-testid="outside-system"]').nth(1).waitFor();
  const systems = await page.locator('[data-testid="outside-systems"] .checks label').allTextContents();
  assert.equal(systems.length, 2);
  const summary = (s: string) => /[\d,]+ scores for \d+ queries[^.]*/.exec(s)?.[0];
  assert.ok(summary(systems[0]), `a summary in "${systems[0]}"`);
  assert.equal(summary(systems[1]), summary(systems[0]));
  assert.match(systems[1], /3 shards \(overlap-1-of-3\.tsv … overlap-3-of-3\.tsv\)/);
  assert.deepEqual(errors, []);
}, { timeout: 600_000, devices: ONE_PATH });
