/**
 * Scoring progress of a retrieval run (issue 17: every stage reports progress
 * with an ETA): within a subset, the share of its queries scored, with a
 * message naming them and an ETA; the last report of each subset reaches it.
 */
import { describe, expect, it } from 'vitest';
import type { ModelRunProgress } from '../../../../../src/core/audit/run/progress.ts';
import { runRetrievalFairness } from '../../../../../src/core/audit/run/retrieval.ts';
import { folderDataset } from '../../../../../src/cli/node/datasetPort.ts';

describe('runRetrievalFairness scoring progress', () => {
  it.each(['bm25', 'tfidf'] as const)('%s: reports queries scored per subset, rising to the subsets done, with an ETA', async (kind) => {
    const dataset = await folderDataset('datasets/freelance-twins');
    const seen: ModelRunProgress[] = [];
    await runRetrievalFairness({ tasks: ['briefs'], models: [{ key: kind, kind }], k: 10, bootstrap: 0, seed: 1, environment: { runtime: 'node' } }, { dataset }, { onProgress: (_, p) => seen.push(p) });
    const queries = seen.filter((p) => p.status === 'scoring' && p.message?.startsWith('query '));
    expect(queries.length).toBeGreaterThan(0);
    const last = queries.at(-1)!;
    expect(last.message).toMatch(/^query 240 of 240$/);
    expect(last.done).toBe(last.total); // one subset (gender twins of the briefs)
    expect(queries.every((p, i) => i === 0 || p.done >= queries[i - 1].done)).toBe(true);
    expect(queries.some((p) => p.etaSeconds !== undefined && p.etaSeconds >= 0)).toBe(true);
  });
});
