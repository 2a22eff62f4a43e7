/**
 * A black-box audit in the browser (issue 13): a newcomer exports a task
 * for scoring, scores it with a script of their own (here: word overlap of
 * query and document, written in this test), imports the scores, and gets
 * the full audit beside BM25 — the same numbers as `fairground run --scores`
 * (1e-9) — and a permalink. A bad file is refused with its line, and nothing
 * of it is kept.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { idsText, npyBytes } from '../fixtures/vectorFiles.ts';
import { assertNoBanner, e2e, foreignRequests, ONE_PATH } from './browser.ts';

/** The outside "system": how many words a document shares with the query (lower-cased), plus a tie-breaker from its length. */
function overlapScores(exported: string): string {
  const lines = exported.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; id: string; text: string; provenance?: string });
  const header = lines[0];
  const words = (t: string) => new Set(t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const queries = lines.filter((l) => l.kind === 'query');
  const docs = lines.filter((l) => l.kind === 'document' || l.kind === 'twin').map((d) => ({ id: d.id, words: words(d.text), len: d.text.length }));
  const out = [header.provenance!, 'query-id\tcorpus-id\tscore'];
  for (const q of queries) {
    const qw = words(q.text);
    for (const d of docs) {
      let shared = 0;
      for (const w of qw) if (d.words.has(w)) shared++;
      out.push(`${q.id}\t${d.id}\t${shared + 1 / (1 + d.len)}`);
    }
  }
  return out.join('\n') + '\n';
}

e2e('export for scoring, score outside, import the scores: the audit of an outside system beside BM25, equal to the CLI’s', async ({ page, baseUrl, errors, requests }) => {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 300_000 });

  await page.goto(`${baseUrl}#/run`);
  const picker = page.getByTestId('model-picker');
  await picker.waitFor();
  // Only the briefs task, and only BM25 beside the outside system.
  for (const box of await picker.locator('input[type="checkbox"]').all()) if ((await box.getAttribute('value')) !== 'bm25' && (await box.isChecked())) await box.uncheck();
  const queriesTask = page.locator('input[type="checkbox"][value="queries"]');
  if (await queriesTask.isChecked()) await queriesTask.uncheck();

  const download = page.waitForEvent('download');
  await page.getByTestId('export-for-scoring').click();
  const file = await (await download).path();
  const exported = readFileSync(file, 'utf8');
  assert.match(exported.split('\n')[0], /"kind":"header","dataset":"freelance-twins"/);

  const dir = mkdtempSync(join(tmpdir(), 'fairground-blackbox-'));
  const scores = join(dir, 'overlap.tsv');
  writeFileSync(scores, overlapScores(exported));

  // A bad file first: a NaN on line 3 is refused with its line, and no system is kept.
  const bad = join(dir, 'bad.tsv');
  const lines = readFileSync(scores, 'utf8').split('\n');
  lines[2] = lines[2].replace(/[^\t]+$/, 'NaN');
  writeFileSync(bad, lines.join('\n'));
  await page.getByTestId('import-scores').setInputFiles(bad);
  await page.getByTestId('outside-systems').getByTestId('error-banner').waitFor();
  assert.match((await page.getByTestId('outside-systems').getByTestId('error-banner').textContent()) ?? '', /bad\.tsv:3: score is not a number: "NaN"/);
  assert.equal(await page.getByTestId('outside-system').count(), 0, 'nothing kept from a refused file');

  await page.getByTestId('import-scores-name').fill('word-overlap');
  await page.getByTestId('import-scores').setInputFiles(scores);
  await page.getByTestId('import-scores-notice').waitFor();
  assert.equal(await page.getByTestId('outside-system').count(), 1);

  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 300_000 });
  await assertNoBanner(page.getByTestId('error-banner'), 'the run failed');
  const table = (await page.getByTestId('results-table').textContent()) ?? '';
  assert.match(table, /word-overlap/);
  assert.equal(await page.locator('[data-testid="pareto-plot"] svg [data-point]').count(), 2);

  const runId = /#\/results\/(run-[\w-]+)/.exec(page.url())?.[1];
  assert.ok(runId);
  const browser = (await page.evaluate((id) => (window as any).fairground.results(id), runId)) as { subsets: { task: string; models: { model: { id: string }; effectiveness: unknown; robustness: unknown }[] }[] };
  const cli = JSON.parse(
    execFileSync(process.execPath, ['dist-cli/fairground.js', 'run', '--dataset', 'datasets/freelance-twins', '--task', 'briefs', '--model', 'bm25', '--scores', `word-overlap=${scores}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
  ) as typeof browser;
  const pick = (r: typeof browser) => r.subsets[0].models.find((m) => m.model.id === 'imported:word-overlap')!;
  // The units' SHA-256 is hex (a '4e512' in it would read as a number): compared as text, left out of the numbers.
  const shaOf = (r: typeof browser) => (pick(r) as { perUnit?: { unitsSha256?: string } }).perUnit?.unitsSha256;
  assert.equal(shaOf(browser), shaOf(cli));
  const b = JSON.stringify(pick(browser), (k, v) => (k === 'timing' || k === 'unitsSha256' ? undefined : v));
  const c = JSON.stringify(pick(cli), (k, v) => (k === 'timing' || k === 'unitsSha256' ? undefined : v));
  const nums = (s: string) => [...s.matchAll(/-?\d+(\.\d+)?(e[-+]?\d+)?/g)].map((m) => Number(m[0]));
  const [bn, cn] = [nums(b), nums(c)];
  assert.equal(bn.length, cn.length);
  assert.ok(bn.length > 50, `${bn.length} numbers compared`);
  bn.forEach((x, i) => assert.ok(Math.abs(x - cn[i]) <= 1e-9, `number ${i}: browser ${x} vs CLI ${cn[i]}`));

  // The permalink names the system, never its scores or the dataset's texts.
  await page.getByTestId('permalink-copy').click();
  const link = await page.getByTestId('permalink-input').inputValue();
  assert.ok(link.includes('#r='), link.slice(0, 80));
  assert.deepEqual(foreignRequests(requests, new URL(baseUrl).origin), []);
  assert.deepEqual(errors, []);
}, { devices: ONE_PATH });

e2e('vectors made by an in-page GloVe run, exported and imported back under other names (JSONL; a folder of .npy + ids), audit exactly as GloVe (1e-12); a float64 file is refused and nothing kept', async ({ page, baseUrl, errors }) => {
  const { findModel } = await import('../../src/models/registry.ts');
  const glove = findModel('fairground-glove-100d')!;
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 300_000 });

  await page.goto(`${baseUrl}#/run`);
  const picker = page.getByTestId('model-picker');
  await picker.waitFor();
  for (const box of await picker.locator('input[type="checkbox"]').all()) if ((await box.getAttribute('value')) !== glove.id && (await box.isChecked())) await box.uncheck();
  const queriesTask = page.locator('input[type="checkbox"][value="queries"]');
  if (await queriesTask.isChecked()) await queriesTask.uncheck();

  const download = page.waitForEvent('download');
  await page.getByTestId('export-for-scoring').click();
  const rows = readFileSync(await (await download).path(), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; id: string; text: string });
  // Embedded as the run embeds them: the corpus, the queries and the twins, each in its own calls.
  const vectors: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'fairground-vectors-'));
  const npyFiles: string[] = [];
  for (const [kind, role, name] of [['document', 'document', 'corpus'], ['query', 'query', 'queries'], ['twin', 'document', 'twins']] as const) {
    const part = rows.filter((r) => r.kind === kind);
    const out = (await page.evaluate((req) => (window as any).fairground.embed(req), { entry: glove, source: { kind: 'bundled', id: glove.id }, texts: part.map((r) => r.text), role, keepLoaded: true })) as { vectors: number[][] };
    part.forEach((r, i) => vectors.push(JSON.stringify({ id: r.id, vector: out.vectors[i] })));
    // The same vectors as a pipeline with numpy would hand them over: NAME.npy (float32 [n, d]) + NAME.ids.txt.
    const matrix = { ids: part.map((r) => r.id), dims: out.vectors[0].length, data: Float32Array.from(out.vectors.flat()) };
    writeFileSync(join(dir, `${name}.npy`), npyBytes(matrix));
    writeFileSync(join(dir, `${name}.ids.txt`), idsText(matrix.ids));
    npyFiles.push(join(dir, `${name}.npy`), join(dir, `${name}.ids.txt`));
  }
  const file = join(dir, 'glove-vectors.jsonl');
  writeFileSync(file, vectors.join('\n') + '\n');

  await page.getByTestId('import-scores-name').fill('glove-again');
  await page.getByTestId('import-vectors').setInputFiles(file);
  await page.getByTestId('import-scores-notice').waitFor();

  // A float64 twins.npy (numpy's default dtype) is refused, naming the file, and nothing of the set is kept.
  const f64 = join(dir, 'f64', 'twins.npy');
  mkdirSync(join(dir, 'f64'));
  writeFileSync(f64, readFileSync('test/fixtures/vectors/bad-f64.npy'));
  await page.getByTestId('import-scores-name').fill('glove-f64');
  await page.getByTestId('import-vectors').setInputFiles([...npyFiles.filter((f) => !f.endsWith('twins.npy')), f64]);
  const banner = page.getByTestId('outside-systems').getByTestId('error-banner');
  await banner.waitFor();
  assert.match((await banner.textContent()) ?? '', /twins\.npy: dtype <f8 \(float64\) is not supported/);
  assert.equal(await page.getByTestId('outside-system').count(), 1, 'nothing kept from a refused set');

  await page.getByTestId('import-scores-name').fill('glove-npy');
  await page.getByTestId('import-vectors-revision').fill('e2e-1');
  await page.getByTestId('import-vectors').setInputFiles(npyFiles);
  await page
    .getByTestId('import-scores-notice')
    .filter({ hasText: 'glove-npy' })
    .or(banner)
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(async (e) => assert.fail(`${e}; the form says: ${await page.getByTestId('outside-systems').textContent()}; inputs disabled: ${await page.getByTestId('import-vectors').isDisabled()}`));
  await assertNoBanner(banner, 'the .npy set was refused');
  assert.equal(await page.getByTestId('outside-system').count(), 2);
  await page.getByTestId('run-button').click();
  await page.getByTestId('results-table').or(page.getByTestId('error-banner')).first().waitFor({ timeout: 300_000 });
  await assertNoBanner(page.getByTestId('error-banner'), 'the run failed');
  const runId = /#\/results\/(run-[\w-]+)/.exec(page.url())?.[1];
  const results = (await page.evaluate((id) => (window as any).fairground.results(id), runId)) as { subsets: { models: { model: { id: string; revision: string; importedFiles?: { file: string; sha256: string }[] } }[] }[] };
  const [a, b, c] = results.subsets[0].models;
  assert.equal(b.model.id, 'vectors:glove-again');
  assert.equal(c.model.id, 'vectors:glove-npy');
  assert.equal(c.model.revision, 'e2e-1');
  const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');
  assert.deepEqual(c.model.importedFiles, npyFiles.map((f) => ({ file: basename(f), sha256: sha(f) })));
  const nums = (v: unknown) => JSON.stringify(v, (k, x) => (k === 'model' || k === 'timing' || k === 'unitsSha256' || k === 'verdict' ? undefined : x)).match(/-?\d+(\.\d+)?(e[-+]?\d+)?/g)!.map(Number);
  const x = nums(a);
  for (const other of [b, c]) {
    const y = nums(other);
    assert.equal(x.length, y.length);
    x.forEach((v, i) => assert.ok(Math.abs(v - y[i]) <= 1e-12, `number ${i}: GloVe ${v} vs ${other.model.id} ${y[i]}`));
  }
  assert.deepEqual(errors, []);
});

/** The ids of the briefs task of the bundled freelance-twins: its corpus, its briefs and its twins. */
function freelanceIds(): { corpus: string[]; queries: string[]; twins: string[] } {
  const read = (f: string, key: string) =>
    gunzipSync(readFileSync(join('datasets/freelance-twins', f))).toString('utf8').trim().split('\n').map((l) => String((JSON.parse(l) as Record<string, unknown>)[key]));
  return { corpus: read('corpus-00.jsonl.gz', '_id'), queries: read('queries-briefs.jsonl.gz', '_id'), twins: read('twins-gender.jsonl.gz', 'twin_id') };
}

e2e('vector files that are wrong are each refused with a named message and nothing kept: wrong shape, a dimension differing between files, missing ids, extra ids, NaN, Infinity', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByTestId('import-bundled-freelance-twins').click();
  await page.locator('[data-testid="dataset-list"] tr[data-dataset-id="freelance-twins"][data-state="ready"]').waitFor({ timeout: 300_000 });
  await page.goto(`${baseUrl}#/run`);
  await page.getByTestId('model-picker').waitFor();
  const queriesTask = page.locator('input[type="checkbox"][value="queries"]');
  if (await queriesTask.isChecked()) await queriesTask.uncheck();

  const ids = freelanceIds();
  /** A set of .npy files as a script would write them, with `change` applied to one part's rows first. */
  const writeSet = (name: string, change: Partial<Record<'corpus' | 'queries' | 'twins', (m: { ids: string[]; dims: number; data: Float32Array }) => { ids: string[]; dims: number; data: Float32Array }>> = {}) => {
    const dir = join(mkdtempSync(join(tmpdir(), 'fairground-badvectors-')), name);
    mkdirSync(dir);
    const files: string[] = [];
    for (const part of ['corpus', 'queries', 'twins'] as const) {
      const dims = 8;
      const m = { ids: [...ids[part]], dims, data: Float32Array.from({ length: ids[part].length * dims }, (_, i) => Math.sin(i + 1)) };
      const out = change[part]?.(m) ?? m;
      writeFileSync(join(dir, `${part}.npy`), npyBytes(out));
      writeFileSync(join(dir, `${part}.ids.txt`), idsText(out.ids));
      files.push(join(dir, `${part}.npy`), join(dir, `${part}.ids.txt`));
    }
    return files;
  };
  const banner = page.getByTestId('outside-systems').getByTestId('error-banner');
  const cases: [string, string[], RegExp][] = [
    ['shape', [...writeSet('shape').filter((f) => !f.endsWith('corpus.npy')), join(mkdtempSync(join(tmpdir(), 'fg-')), 'corpus.npy')], /corpus\.npy: shape \(.*\) is 3-D: vectors must be a 2-D array \[n, dimensions\]/],
    ['dimension', writeSet('dimension', { twins: (m) => ({ ids: m.ids, dims: 4, data: m.data.slice(0, m.ids.length * 4) }) }), /twins\.npy: vectors of 4 dimensions; \w+\.npy has 8: every file must come from one model/],
    ['missing', writeSet('missing', { corpus: (m) => ({ ids: m.ids.slice(1), dims: m.dims, data: m.data.slice(m.dims) }) }), /no vector for these ids of the dataset: .*en-p0001/],
    ['extra', writeSet('extra', { queries: (m) => ({ ids: [...m.ids, 'nobody-q'], dims: m.dims, data: Float32Array.from([...m.data, ...new Array(m.dims).fill(0.5)]) }) }), /vectors for ids the run does not have \(another dataset or version\?\): .*nobody-q/],
    ['nan', writeSet('nan', { queries: (m) => ({ ...m, data: m.data.map((v, i) => (i === 3 ? Number.NaN : v)) }) }), /queries\.npy: the vector of "en-b01" \(row 1\) has NaN at value 3/],
    ['inf', writeSet('inf', { twins: (m) => ({ ...m, data: m.data.map((v, i) => (i === m.dims + 2 ? Number.POSITIVE_INFINITY : v)) }) }), /twins\.npy: the vector of ".*" \(row 2\) has Infinity at value 2/],
  ];
  // The shape case: a 3-D array under the corpus's name.
  writeFileSync(cases[0][1].at(-1)!, readFileSync('test/fixtures/vectors/bad-3d.npy'));
  for (const [name, files, message] of cases) {
    await page.getByTestId('import-scores-name').fill(`bad-${name}`);
    await page.getByTestId('import-vectors').setInputFiles(files);
    await banner.waitFor({ timeout: 60_000 });
    const text = (await banner.textContent()) ?? '';
    assert.match(text, message, `${name}: ${text}`);
    assert.equal(await page.getByTestId('outside-system').count(), 0, `${name}: nothing kept`);
    await banner.getByRole('button').first().click();
    await banner.waitFor({ state: 'detached' });
  }
  // Nothing of them reached the embedding cache either.
  const cached = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open('fairground');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const names = [...db.objectStoreNames];
    const counts: Record<string, number> = {};
    for (const store of names.filter((n) => /embed|vector/i.test(n))) {
      counts[store] = await new Promise<number>((resolve) => {
        const r = db.transaction(store).objectStore(store).count();
        r.onsuccess = () => resolve(r.result);
      });
    }
    db.close();
    return counts;
  });
  assert.ok(Object.keys(cached).length > 0, 'the embedding cache store exists');
  assert.deepEqual(Object.values(cached).filter((n) => n > 0), [], `no vectors cached: ${JSON.stringify(cached)}`);
}, { timeout: 300_000, devices: ONE_PATH });
