import { describe, expect, it } from 'vitest';
import { AUDIT_MEMORY_BUDGET, auditBytes, lanesWhileEmbedding, offeredLanes } from '../../../../../src/core/audit/run/lanes.ts';

describe('audit lanes', () => {
  it('offers a second lane from two cores', () => {
    expect([1, 2, 4, 16].map(offeredLanes)).toEqual([1, 2, 2, 2]);
  });
  it('auditBytes(footprint): a dense model its float32 vectors and float64 norms, a lexical one its texts and index by character, each 200 bytes a document', () => {
    // 550,200 vectors × (100 · 4 + 8) + 500,000 × 200
    expect(auditBytes({ kind: 'dense', documents: 500_000, vectors: 550_200, dims: 100 })).toBe(550_200 * 408 + 100_000_000);
    expect(auditBytes({ kind: 'bm25', documents: 10, textChars: 1000 })).toBe(2150 + 2000);
    expect(auditBytes({ kind: 'tfidf', documents: 10, textChars: 1000 })).toBe(2400 + 2000);
    expect(auditBytes({ kind: 'table', documents: 10, scores: 100 })).toBe(4800 + 2000);
  });
  it('at 1,000,000 scale-bench documents no two of GloVe, BM25 and TF-IDF fit the budget; at 500,000 (92.6 M characters) each pair does but not all three; at 200,000 all three do', () => {
    const at = (documents: number) => {
      const chars = (92.6e6 * documents) / 500_000;
      return [
        auditBytes({ kind: 'dense', documents, vectors: documents * 1.1 + 200, dims: 100 }),
        auditBytes({ kind: 'bm25', documents, textChars: chars }),
        auditBytes({ kind: 'tfidf', documents, textChars: chars }),
      ];
    };
    const [glove, bm25, tfidf] = at(1_000_000);
    for (const pair of [glove + bm25, glove + tfidf, bm25 + tfidf]) expect(pair).toBeGreaterThan(AUDIT_MEMORY_BUDGET);
    const [g5, b5, t5] = at(500_000);
    for (const pair of [g5 + b5, g5 + t5, b5 + t5]) expect(pair).toBeLessThanOrEqual(AUDIT_MEMORY_BUDGET);
    expect(g5 + b5 + t5).toBeGreaterThan(AUDIT_MEMORY_BUDGET);
    expect(at(200_000).reduce((a, b) => a + b)).toBeLessThanOrEqual(AUDIT_MEMORY_BUDGET);
    // a 768-dimensional model's vectors alone pass it at 500,000 documents: that audit runs by itself
    expect(auditBytes({ kind: 'dense', documents: 500_000, vectors: 550_200, dims: 768 })).toBeGreaterThan(AUDIT_MEMORY_BUDGET);
  });
  it('holds a lane back while embedding only where the cores are too few for both lanes and the embedding', () => {
    expect(lanesWhileEmbedding(2, 2)).toBe(1);
    expect(lanesWhileEmbedding(2, 3)).toBe(2);
    expect(lanesWhileEmbedding(2, 16)).toBe(2);
    expect(lanesWhileEmbedding(1, 1)).toBe(1);
    expect(lanesWhileEmbedding(2, undefined)).toBe(2);
  });
});
