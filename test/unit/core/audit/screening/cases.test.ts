import { describe, expect, it } from 'vitest';
import { prepareScreening, screeningAudit } from '../../../../../src/core/audit/screening/audit.ts';
import { decisionCases, originalSelected } from '../../../../../src/core/audit/screening/cases.ts';
import { screeningSummaryOf } from '../../../../../src/core/audit/screening/results.ts';
import { HEADER, MODEL_A, MODEL_B, OPTIONS, PARTS, WORK } from './tinyScreening.ts';

const prepared = prepareScreening(PARTS, OPTIONS);
const name = (c: { original: number; variant: number }) => `${WORK.originals[c.original].jobId} ${WORK.variants[c.variant].variantId}`;

// Worked by hand from tinyScreening.ts, model A (run 0: alpha 90 80 70 60 49 40, beta 40 50 60 70 80 90; a
// variant scores its CV's score + its offset: explicit female −15, implicit female −4 and −6, male 0 and +2).
describe('decisionCases(prepared, scores, rule)', () => {
  it('top 3 per pool: only the explicit female variant of each pool\'s third CV drops out (70 → 55 ranks 4th)', () => {
    expect(Array.from(originalSelected(prepared, MODEL_A, { kind: 'top-k', k: 3 }))).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
    const cases = decisionCases(prepared, MODEL_A, { kind: 'top-k', k: 3 });
    expect(cases.flips.map(name)).toEqual(['job-alpha cv-003.gender.explicit.female', 'job-beta cv-004.gender.explicit.female']);
    expect(cases.flips[0]).toMatchObject({ attribute: 'gender', group: 'female', signal: 'explicit', score: 70, variantScore: 55, selected: true, variantSelected: false });
    // 6 CVs × 2 pools × 6 demographic variants; the noise variants are not decisions about a group
    expect([cases.flipCount, cases.variantCount]).toEqual([2, 72]);
  });

  it('score ≥ 65: the implicit female.2 variants (70 → 64) drop out too, after the larger changes', () => {
    const cases = decisionCases(prepared, MODEL_A, { kind: 'threshold', threshold: 65 });
    expect(cases.flips.map(name)).toEqual([
      'job-alpha cv-003.gender.explicit.female',
      'job-beta cv-004.gender.explicit.female',
      'job-alpha cv-003.gender.implicit.female.2',
      'job-beta cv-004.gender.implicit.female.2',
    ]);
    expect(decisionCases(prepared, MODEL_A, { kind: 'threshold', threshold: 65 }, 1).flips).toHaveLength(1);
  });

  it('a model whose variants score as their CV changes no decision; the permalink summary drops the cases', () => {
    expect(decisionCases(prepared, MODEL_B, { kind: 'top-k', k: 3 }).flipCount).toBe(0);
    const results = screeningAudit(PARTS, [MODEL_A, MODEL_B], OPTIONS, HEADER);
    expect(results.models[0].cases?.flipCount).toBeGreaterThan(0);
    expect(JSON.stringify(results.models[0].cases)).not.toMatch(/cv-0|job-/u);
    expect(screeningSummaryOf(results).models.every((m) => m.cases === undefined)).toBe(true);
    expect(results.models[0].cases).toBeDefined(); // the input is unchanged
  });
});

describe('decisionCasesFromDataset(dataset, audited, cases)', () => {
  it('names the job, CV and variant of each case with their texts, from the bundled cv-screening folder; another version is refused', async () => {
    const { folderDataset } = await import('../../../../../src/cli/node/datasetPort.ts');
    const { loadScreening, selectScreeningTask } = await import('../../../../../src/core/audit/screening/data.ts');
    const { screeningWorkList } = await import('../../../../../src/core/audit/screening/input.ts');
    const { decisionCasesFromDataset } = await import('../../../../../src/core/audit/screening/resolveCases.ts');
    const dataset = await folderDataset('datasets/cv-screening');
    const data = await loadScreening(dataset.read, selectScreeningTask(dataset.manifest, 'cv-screening'));
    const work = screeningWorkList(data.parts);
    const prepared = prepareScreening(data.parts, { reference: data.reference });
    // Scores by hand: every original 60 + its position in the pool, every variant 30 (each selected original loses its place).
    const scores = { model: MODEL_A.model, runs: [Float64Array.from(work.originals, (_, i) => 60 + (i % 7))], variants: new Float64Array(work.variants.length).fill(30), latency: { callsMs: [1], pairs: 1 } };
    const cases = decisionCases(prepared, scores, { kind: 'top-k', k: 2 });
    expect(cases.flipCount).toBeGreaterThan(0);
    const resolved = await decisionCasesFromDataset(dataset, { manifestSha256: dataset.manifestSha256, task: 'cv-screening' }, cases.flips);
    for (const [i, r] of resolved.entries()) {
      expect(r.cvId).toBe(work.originals[cases.flips[i].original].cvId);
      expect(r.variantId).toBe(work.variants[cases.flips[i].variant].variantId);
      expect([r.text, r.variantText, r.jobText]).toEqual([data.texts.cv(r.cvId), data.texts.variant(r.variantId), data.texts.job(r.jobId)]);
      expect(r.variantText.length).toBeGreaterThan(0);
    }
    await expect(decisionCasesFromDataset(dataset, { manifestSha256: '0'.repeat(64), task: 'cv-screening' }, cases.flips)).rejects.toThrow(/not the version this result audited/u);
  });
});
