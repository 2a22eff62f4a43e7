/**
 * Comparison links (kind `comparison`): a real comparison of two stored runs round-trips as the
 * same numbers, carries no per-unit values, and a tampered link is refused naming the field.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { comparisonPayload, compareRuns, parseComparison, type ComparisonResults } from '../../../../src/core/audit/compare/index.ts';
import { parseResults } from '../../../../src/core/audit/retrieval/index.ts';
import { decodePermalink, encodePermalink } from '../../../../src/core/permalink/index.ts';
import { fragmentOfJson, jsonOfFragment } from './helpers.ts';

const runs = JSON.parse(readFileSync(new URL('../../../fixtures/reference/compare-runs.json', import.meta.url), 'utf8')) as { bm25: unknown; tfidf: unknown };
const bm25 = parseResults(runs.bm25);
const tfidf = parseResults(runs.tfidf);

function paired(): ComparisonResults {
  return compareRuns({ label: 'Run 1', results: bm25 }, { label: 'Run 2', results: tfidf }, { metrics: ['ndcg@10', 'iou@10', 'rank_shift', 'rbc'], resamples: 200, seed: 0 });
}

describe('a comparison permalink', () => {
  it('opens as the same comparison, every number equal, and holds no per-unit values', async () => {
    const results = paired();
    const fragment = await encodePermalink(comparisonPayload(results, 0));
    expect(JSON.stringify(jsonOfFragment(fragment))).not.toMatch(/perUnit|unitsSha256|columns/);
    const opened = await decodePermalink(fragment);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.payload.kind).toBe('comparison');
    expect(opened.payload.dataset).toEqual({ id: 'freelance-twins', version: '1.0.0', manifestSha256: bm25.dataset.manifestSha256 });
    expect(opened.payload.models.map((m) => m.id)).toEqual(['bm25', 'tfidf']);
    expect(parseComparison(opened.payload.results)).toEqual(JSON.parse(JSON.stringify(results), (_k, v) => (v === null ? NaN : v)));
  });

  it('an unpaired comparison across two datasets opens too', async () => {
    const other = { ...tfidf, dataset: { id: 'other', version: '2', manifestSha256: 'e'.repeat(64) } };
    const results = compareRuns({ label: 'A', results: bm25 }, { label: 'B', results: other }, { metrics: ['ndcg@10'] });
    expect(results.comparisons[0].paired).toBe(false);
    const opened = await decodePermalink(await encodePermalink(comparisonPayload(results, null)));
    expect(opened.ok).toBe(true);
  });

  it('is refused when tampered: a per-unit key, an index past the rows, a difference on an unpaired pair, disagreeing parameters', async () => {
    const base = JSON.parse(JSON.stringify(comparisonPayload(paired(), 0)));
    const cases: [string, (p: any) => void, RegExp][] = [
      ['per-unit values in a row', (p) => (p.results.rows[0].perUnit = { units: 1 }), /results\.rows\[0\] has the unknown key "perUnit"/],
      ['a row index past the rows', (p) => (p.results.comparisons[0].candidate = 5), /results\.comparisons\[0\]\.candidate: expected the index of one of the 2 rows/],
      ['a baseline row past the rows', (p) => (p.parameters.baseline = 9), /parameters\.baseline/],
      ['an unpaired pair with a difference', (p) => { p.results.comparisons[0].paired = false; p.results.comparisons[0].reason = 'x'; delete p.results.comparisons[0].units; }, /tests no difference/],
      ['a p above 1', (p) => (p.results.comparisons[0].metrics[0].difference.p = 2), /difference\.p: expected a finite number in \[0, 1\]/],
      ['a seed that disagrees', (p) => (p.parameters.seed = 5), /parameters\.seed: expected the results' seed/],
      ['another dataset in the envelope', (p) => (p.dataset.manifestSha256 = 'f'.repeat(64)), /expected the dataset of the link/],
    ];
    for (const [what, change, message] of cases) {
      const p = JSON.parse(JSON.stringify(base));
      change(p);
      const r = await decodePermalink(fragmentOfJson(p));
      expect(r.ok, what).toBe(false);
      if (!r.ok) expect(r.error, what).toMatch(message);
    }
  });

  it('comparisonPayload refuses runs that name no dataset version', () => {
    const unnamed = { ...bm25, dataset: { ...bm25.dataset, manifestSha256: '' } };
    const results = compareRuns({ label: 'A', results: unnamed }, { label: 'B', results: unnamed }, { metrics: ['ndcg@10'] });
    expect(() => comparisonPayload(results, 0)).toThrow(/manifest SHA-256/);
  });
});
