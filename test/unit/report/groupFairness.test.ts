/**
 * The report's group fairness of rankings (issue 50, METRICS.md §12): a retrieval audit's query set
 * and a screening audit's shortlists each get the verdicts, a headline table and a table per ranking's
 * groups, whose numbers are the results object's (data-value), and the report's link still opens.
 */
import { describe, expect, it } from 'vitest';
import { screeningAudit } from '../../../src/core/audit/screening/audit.ts';
import { auditSubset, retrievalFairnessResults } from '../../../src/core/audit/retrieval/index.ts';
import { matrixScorer } from '../../../src/core/audit/retrieval/scoring.ts';
import type { AuditSubset } from '../../../src/core/audit/retrieval/input.ts';
import { buildReport } from '../../../src/report/index.ts';
import { decodePermalink } from '../../../src/core/permalink/index.ts';
import { HEADER, MODEL_A, MODEL_B, OPTIONS, PARTS } from '../core/audit/screening/tinyScreening.ts';

const AT = '2026-12-07T00:00:00.000Z';
/** A sentence as the report's HTML writes it. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');

/** Four documents, two per group, ranked by one query: d1 (f), d2 (m), d3 (m), d4 (f). */
const SUBSET: AuditSubset = {
  task: 'tiny',
  twinsTask: '',
  queries: [{ id: 'q1' }, { id: 'q2' }],
  corpus: [{ id: 'd1', group: 'female' }, { id: 'd2', group: 'male' }, { id: 'd3', group: 'male' }, { id: 'd4', group: 'female' }],
  qrels: new Map([['q1', new Map([['d1', 1]])], ['q2', new Map([['d2', 1]])]]),
  twins: [],
  relevanceThreshold: 1,
  groups: ['', ''],
  groupBy: ['meta.gender'],
};

function retrievalResults() {
  const corpus = [[4, 3, 2, 1], [1, 4, 3, 2]].flat();
  const score = matrixScorer(Float64Array.from(corpus), new Float64Array(0), 4, 0);
  const subset = auditSubset(SUBSET, [{ model: { id: 'bm25', label: 'BM25 (k1 1.2, b 0.75)', kind: 'bm25', revision: '-', dtype: '-', device: '-' }, timing: { wallMs: 1, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 }, score }], { k: 3, bootstrap: 50, seed: 1 });
  return retrievalFairnessResults({ dataset: { id: 'tiny', version: '1', manifestSha256: 'b'.repeat(64) }, relevanceThreshold: 1, options: { k: 3, bootstrap: 50, seed: 1 }, createdAt: AT, environment: { runtime: 'node' } }, [subset]);
}

/** The data-value of the cells of a report table (by data-report hook), row by row. */
function values(html: string, hook: string): string[][] {
  const table = new RegExp(`<table[^>]*data-report="${hook}"[^>]*>([\\s\\S]*?)</table>`).exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) => [...r[1].matchAll(/data-value="([^"]*)"/g)].map((m) => m[1]));
}

describe('the report’s group fairness', () => {
  it('a retrieval query set: the verdict, AWRF and exposure ratio as computed, each group’s shares, and a link that opens', async () => {
    const results = retrievalResults();
    const g = results.subsets[0].models[0].groupFairness!;
    const page = await buildReport({ results: [results], generatedAt: AT, siteUrl: 'https://fairground.example/' });
    expect(page).toContain(html(g.verdict!));
    const [row] = values(page, 'retrieval-group-fairness').filter((r) => r.length > 0);
    const mean = (v: unknown) => (v as { mean: number }).mean;
    // The results page's columns: queries, exposure ratio, AWRF, AWRF×nDCG, NDKL, MinSkew, MaxSkew, disparate treatment.
    expect(Number(row[1])).toBe(mean(g.summary.exposure_ratio));
    expect(Number(row[2])).toBe(mean(g.summary['awrf@3']));
    const groups = values(page, 'retrieval-group-fairness-groups').filter((r) => r.length > 0);
    expect(groups.map((r) => Number(r[0]))).toEqual([g.summary.target_share.female, g.summary.target_share.male]);
    const link = /https:\/\/fairground\.example\/#(r=[\w-]+)/.exec(page)![1];
    const opened = await decodePermalink(link);
    expect(opened.ok && (opened.payload.results as unknown as typeof results).subsets[0].models[0].groupFairness!.summary.groups).toEqual(['female', 'male']);
  });

  it('a screening audit: who gets seen in the shortlists, per model and attribute', async () => {
    const audited = screeningAudit(PARTS, [MODEL_A, MODEL_B], OPTIONS, { ...HEADER, dataset: { ...HEADER.dataset, manifestSha256: 'a'.repeat(64) } });
    const results = { ...audited, parameters: { ...audited.parameters, sample: null } };
    const page = await buildReport({ results: [results], generatedAt: AT });
    expect(page).toContain('Who gets seen in the shortlists');
    const rows = values(page, 'screening-group-fairness').filter((r) => r.length > 0);
    const expected = results.models.flatMap((m) => (m.groupFairness ?? []).filter((x) => x.summary.n_queries > 0));
    expect(rows).toHaveLength(expected.length);
    expect(rows.length).toBeGreaterThan(0);
    expect(page).toContain(html(expected[0].verdict!));
  });
});
