import { describe, expect, it } from 'vitest';
import { auditSubset } from '../../../../../src/core/audit/retrieval/audit.ts';
import { matrixScorer } from '../../../../../src/core/audit/retrieval/scoring.ts';
import type { AuditModel } from '../../../../../src/core/audit/retrieval/input.ts';
import { corpusScores, tinySubset, twinScores } from './tinyDataset.ts';

function model(id: string, flip: boolean): AuditModel {
  const c = flip ? corpusScores.map((s) => 1 - s) : corpusScores;
  const t = flip ? twinScores.map((s) => 1 - s) : twinScores;
  return {
    model: { id, label: id, kind: 'bm25', revision: '-', dtype: '-', device: 'cpu' },
    timing: { wallMs: 0, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 },
    score: matrixScorer(c, t, 6, 2),
  };
}

describe('auditSubset(subset, models, options)', () => {
  it('gives each model the same result alone as among others (the browser audits model by model)', () => {
    const options = { k: 3, bootstrap: 200, seed: 7 };
    const a = model('a', false);
    const b = model('b', true);
    const joint = auditSubset(tinySubset(), [a, b], options);
    const alone = [auditSubset(tinySubset(), [a], options).models[0], auditSubset(tinySubset(), [b], options).models[0]];
    expect(alone).toEqual(joint.models);
  });
});
