/**
 * Scoring progress of a retrieval run (issue 17: every stage reports progress
 * with an ETA): within a subset, the share of its queries scored, with a
 * message naming the query set and its queries; the last report of each subset reaches it. An ETA
 * comes only once a tenth of the work is done and 2 s have passed (issue 48: an early rate misled).
 */
import { describe, expect, it } from 'vitest';
import type { ModelRunProgress } from '../../../../../src/core/audit/run/progress.ts';
import { runRetrievalFairness } from '../../../../../src/core/audit/run/retrieval.ts';
import { folderDataset } from '../../../../../src/cli/node/datasetPort.ts';

describe('runRetrievalFairness scoring progress', () => {
  it.each(['bm25', 'tfidf'] as const)('%s: reports queries scored per subset, named, rising to the subsets done, an ETA only past a tenth of the work', async (kind) => {
    const dataset = await folderDataset('datasets/freelance-twins');
    const seen: ModelRunProgress[] = [];
    await runRetrievalFairness({ tasks: ['briefs'], models: [{ key: kind, kind }], k: 10, bootstrap: 0, seed: 1, environment: { runtime: 'node' } }, { dataset }, { onProgress: (_, p) => seen.push(p) });
    const queries = seen.filter((p) => p.status === 'scoring' && p.message?.includes('query '));
    expect(queries.length).toBeGreaterThan(0);
    const last = queries.at(-1)!;
    expect(last.message).toMatch(/^briefs · [\w-]+: query 240 of 240$/);
    expect(last.done).toBe(last.total); // one subset (gender twins of the briefs)
    expect(queries.every((p, i) => i === 0 || p.done >= queries[i - 1].done)).toBe(true);
    expect(queries.filter((p) => p.etaSeconds !== undefined).every((p) => p.done / p.total >= 0.1 && p.etaSeconds! >= 0)).toBe(true);
  });
});
