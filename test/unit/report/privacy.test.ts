/**
 * Privacy as for permalinks (issue 32): a dataset with a unique string planted in every field is
 * audited through the CLI (`run`), its results reported (`report --dataset`), and none of the
 * planted strings is in the report; a results file that carries one (a record id pasted into a
 * model's label) is refused with exit 2 and one line naming it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { nodeIo } from '../../../src/cli/node/nodeIo.ts';
import { PLANTED, writePlantedDataset } from './plantedDataset.ts';

async function cli(argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { ...nodeIo, stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

describe('fairground report on a dataset with planted strings', () => {
  const dir = writePlantedDataset();
  const results = join(dir, 'results.json');
  const report = join(dir, 'report.html');

  it('run then report: the report holds the numbers and no planted string', async () => {
    const run = await cli(['run', '--dataset', dir, '--task', 'search', '--model', 'bm25', '--model', 'tfidf', '--k', '3', '--bootstrap', '50', '--seed', '1', '--quiet', '--out', results]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const stored = readFileSync(results, 'utf8');
    // 8 documents × (id, title, text, meta key, meta value), 4 queries × (id, text), 6 twins × (id, text).
    expect(PLANTED.length).toBe(60);
    const r = await cli(['report', '--results', results, '--dataset', dir, '--out', report]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const html = readFileSync(report, 'utf8');
    expect(html).toContain('<h2 id="summary-heading">Summary</h2>');
    const ndcg = (JSON.parse(stored) as { subsets: { models: { effectiveness: Record<string, { mean: number }> }[] }[] }).subsets[0].models[0].effectiveness['ndcg@3'].mean;
    expect(html).toContain(`data-value="${ndcg}"`);
    // The retrieval report's sections, tables and plots.
    expect([...html.matchAll(/<h2 id="[^"]+">([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual(['Summary', 'System audited', 'Data', 'Method', 'Results', 'Limitations', 'Reproduce']);
    for (const hook of ['retrieval-effectiveness', 'retrieval-robustness', 'retrieval-perLang', 'retrieval-perDirection', 'system', 'shards']) expect(html, hook).toContain(`data-report="${hook}"`);
    expect(html.match(/<figure /g)?.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('fairground run --dataset DATASET_DIR --task search --model bm25 --model tfidf --k 3 --bootstrap 50 --seed 1 --out results-search.json');
    const found = PLANTED.filter((s) => html.includes(s) || html.includes(s.slice(0, 20)));
    expect(found).toEqual([]);
  }, 60_000);

  it('a results file carrying a record id (pasted into a model label) is refused: exit 2, one line naming the string', async () => {
    const stored = JSON.parse(readFileSync(results, 'utf8'));
    const id = PLANTED.find((s) => s.includes('doc3-id'))!;
    stored.subsets[0].models[0].model.label = id;
    const leaky = join(dir, 'leaky.json');
    writeFileSync(leaky, JSON.stringify(stored));
    const r = await cli(['report', '--results', leaky, '--dataset', dir, '--out', join(dir, 'leaky.html')]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain(id);
    // Without the dataset nothing can be checked, and the label is the system's own name: it is shown.
    const free = await cli(['report', '--results', leaky, '--out', join(dir, 'free.html')]);
    expect(free.code).toBe(0);
    expect(readFileSync(join(dir, 'free.html'), 'utf8')).toContain(id);
  }, 60_000);
});
